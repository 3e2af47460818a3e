"""Taffy peer adapter, through the PyPI package `stretchable`: the JSON-lines protocol of DESIGN.md "Peer engines".

    {"op":"info"}                                       -> {"name":"taffy","version":"…"}
    {"op":"layout","case":{…box case…}}                 -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M}   -> {"nanosPerLayout":…,"coreNanosPerLayout":…,"iterations":N,
                                                            "rootWidth":…,"rootHeight":…}
    anything it cannot do                               -> {"error":"…"}

The translation rules are those of tools/engines/yoga/adapter.cpp (docs/engines.md has the table); a case that
uses anything outside them is refused with the JSON path of the first unsupported property.
**Timing includes stretchable copying every node's result through Python** (`Node._update_layout` on the whole
tree, as `Node.compute_layout` does) and one Python measure callback per leaf measurement, so Taffy's own cost is
lower than reported; `coreNanosPerLayout` (an extra reply field) times the Taffy call alone. Rounding is off.
"""

from __future__ import annotations

import importlib.metadata
import json
import math
import sys
import time
from dataclasses import dataclass, field

import attrs
from stretchable import Node, Style, taffylib
from stretchable.context import taffy
from stretchable.style import AlignContent, AlignItems, AlignSelf, Display, FlexDirection, FlexWrap, JustifyContent
from stretchable.style.geometry.length import AUTO, LengthAvailableSpace, Scale
from stretchable.style.geometry.size import SizeAvailableSpace

UNBOUNDED_RELAYOUT_WIDTH = 10_000_000.0


class Refusal(Exception):
    """A case property the adapter cannot express in flexbox; the message starts with its JSON path."""


def refuse(path: str, why: str):
    raise Refusal(f"{path}: {why}")


@dataclass
class FlexSpec:
    """One node of the case, already translated into flexbox terms."""

    is_leaf: bool = False
    active: bool = True
    id: str | None = None
    direction: FlexDirection = FlexDirection.ROW
    wraps: bool = False
    width: float | None = None  # fixed size; None = auto ("wrap")
    height: float | None = None
    fill_width: bool = False  # a "fill" root: the proposal minus the margins (contract E)
    fill_height: bool = False
    min_size: tuple = (None, None)  # {"wrap":{"min","max"}}: min-/max-width, min-/max-height
    max_size: tuple = (None, None)
    grow: float = 0.0  # {"wrap":{"grow"}}: flex-grow with basis auto, along an hbox/vbox parent's main axis
    align_items: AlignItems = AlignItems.FLEX_START  # a linear box's justifyContent (one cross-axis value)
    align_self: AlignItems | None = None  # the node's own alignment in a linear parent
    margin: tuple = (0.0, 0.0, 0.0, 0.0)  # top, right, bottom, left (stretchable's order)
    padding: tuple = (0.0, 0.0, 0.0, 0.0)
    column_gap: float = 0.0
    row_gap: float = 0.0
    content: tuple = (0.0, 0.0)
    children: list = field(default_factory=list)


def finite_number(value, path: str, non_negative: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        refuse(path, "expected a number")
    if not math.isfinite(value):
        refuse(path, "expected a finite number")
    if non_negative and value < 0:
        refuse(path, "expected a non-negative number")
    return float(value)


def insets(value, path: str) -> tuple:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        all_sides = finite_number(value, path, False)
        return (all_sides,) * 4
    if not isinstance(value, dict):
        refuse(path, "expected a number or {top,left,bottom,right}")
    sides = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
    for key, side in value.items():
        if key not in sides:
            refuse(f"{path}.{key}", "unknown inset key")
        sides[key] = finite_number(side, f"{path}.{key}", False)
    return (sides["top"], sides["right"], sides["bottom"], sides["left"])


@dataclass
class Dimension:
    """One translated <size>: fixed, auto (with optional min, max and grow), or the root's "fill"."""

    fixed: float | None = None
    minimum: float | None = None
    maximum: float | None = None
    grow: float = 0.0
    fill: bool = False


def size(value, path: str, is_root: bool, grows: bool) -> Dimension:
    """A <size> in the coincident subset (contract E): a number, "wrap", {"wrap":{"min","max","grow"}}, and "fill"
    on the root only. `grows` says whether this is the main axis of an hbox/vbox parent, where grow is flex-grow."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Dimension(fixed=finite_number(value, path, True))
    if value == "wrap":
        return Dimension()
    if value == "fill" and is_root:
        return Dimension(fill=True)
    if isinstance(value, dict) and list(value) == ["wrap"] and isinstance(value["wrap"], dict):
        dimension = Dimension()
        for key, number in value["wrap"].items():
            option_path = f"{path}.wrap.{key}"
            if key == "min":
                dimension.minimum = finite_number(number, option_path, True)
            elif key == "max":
                dimension.maximum = finite_number(number, option_path, True)
            elif key == "grow":
                dimension.grow = finite_number(number, option_path, True)
                if dimension.grow > 0 and not grows:
                    refuse(option_path, "grow maps to flex-grow only along the main axis of an hbox/vbox parent")
            elif key in ("add", "priority", "shrink"):
                refuse(option_path, f"wrap option \"{key}\" has no flexbox equivalent")
            else:
                refuse(option_path, "unknown wrap option")
        return dimension
    refuse(path, f"unsupported size {json.dumps(value)} (only a number, \"wrap\", {{\"wrap\":{{min,max,grow}}}} and "
           "\"fill\" on the root map to flexbox; other fill, ratio and aspectRatio do not)")


# One cross-axis alignment name per linear container type (contract E), as align-items / align-self.
CROSS_ALIGNMENTS = {
    "hbox": {"top": AlignItems.FLEX_START, "bottom": AlignItems.FLEX_END, "vertCenter": AlignItems.CENTER},
    "vbox": {"left": AlignItems.FLEX_START, "leading": AlignItems.FLEX_START, "right": AlignItems.FLEX_END,
             "trailing": AlignItems.FLEX_END, "horzCenter": AlignItems.CENTER},
}


def cross_alignment(value, linear_type: str | None, path: str, whose: str) -> AlignItems:
    """One cross-axis name (or a one-element array of it) of a linear box: Puyopuyo's centre ratios, main-axis
    flags and alignment in flows have no align-items/align-self equivalent."""
    if linear_type not in CROSS_ALIGNMENTS:
        refuse(path, f"alignment is translated only for {whose} an hbox/vbox (flows, zbox and the root differ)")
    name = value[0] if isinstance(value, list) and len(value) == 1 else value
    names = CROSS_ALIGNMENTS[linear_type]
    if not isinstance(name, str) or name not in names:
        refuse(path, f"unsupported alignment {json.dumps(value)} (in {'an' if linear_type == 'hbox' else 'a'} {linear_type} only one of "
               f"{', '.join(names)} maps to align-items/align-self)")
    return names[name]


def require_default(value, default, path: str, why: str):
    """Properties accepted only at their default value, because flexbox has no faithful equivalent."""
    if value != default or type(value) is bool and type(default) is not bool:
        refuse(path, f"unsupported value {json.dumps(value)} ({why})")


DIRECTIONS = {
    "hbox": (FlexDirection.ROW, False),
    "vbox": (FlexDirection.COLUMN, False),
    "vflow": (FlexDirection.ROW, True),  # VFlow stacks rows: CSS `row wrap` (spec §12)
    "hflow": (FlexDirection.COLUMN, True),  # HFlow stacks columns: CSS `column wrap`
}


def translate(node, path: str, parent_type: str | None = None) -> FlexSpec:
    """One node of the case in flexbox terms; `parent_type` is the parent's node type (None for the root)."""
    if not isinstance(node, dict):
        refuse(path, "expected a node object")
    node_type = node.get("type")
    if not isinstance(node_type, str):
        refuse(f"{path}.type", "missing node type")
    spec = FlexSpec()
    # 1. The node type decides the flex container.
    if node_type == "leaf":
        spec.is_leaf = True
    elif node_type in DIRECTIONS:
        spec.direction, spec.wraps = DIRECTIONS[node_type]
    elif node_type == "zbox":
        refuse(f"{path}.type", "zbox has no flexbox equivalent")
    else:
        refuse(f"{path}.type", f'unknown node type "{node_type}"')

    # 2. Every other property, each mapped or refused.
    space = item_space = run_space = None
    for key, value in node.items():
        key_path = f"{path}.{key}"
        if key in ("type", "children"):
            continue
        elif key == "id":
            if not isinstance(value, str):
                refuse(key_path, "expected a string")
            spec.id = value
        elif key in ("width", "height"):
            horizontal = key == "width"
            dimension = size(value, key_path, parent_type is None,
                             parent_type == ("hbox" if horizontal else "vbox"))
            axis = 0 if horizontal else 1
            setattr(spec, key, dimension.fixed)
            setattr(spec, f"fill_{key}", dimension.fill)
            spec.min_size = tuple(dimension.minimum if index == axis else old for index, old in enumerate(spec.min_size))
            spec.max_size = tuple(dimension.maximum if index == axis else old for index, old in enumerate(spec.max_size))
            spec.grow = max(spec.grow, dimension.grow)
        elif key == "margin":
            spec.margin = insets(value, key_path)
        elif key == "padding":
            spec.padding = insets(value, key_path)
        elif key == "space":
            space = finite_number(value, key_path, False)
        elif key == "itemSpace":
            item_space = finite_number(value, key_path, False)
        elif key == "runSpace":
            run_space = finite_number(value, key_path, False)
        elif key == "activated":
            if not isinstance(value, bool):
                refuse(key_path, "expected a boolean")
            spec.active = value
        elif key == "content":
            if not isinstance(value, dict):
                refuse(key_path, "expected {width,height}")
            width, height = 0.0, 0.0
            for dimension, number in value.items():
                if dimension == "width":
                    width = finite_number(number, f"{key_path}.width", True)
                elif dimension == "height":
                    height = finite_number(number, f"{key_path}.height", True)
                else:
                    refuse(f"{key_path}.{dimension}", "unknown content key")
            spec.content = (width, height)
        elif key == "justifyContent":
            spec.align_items = cross_alignment(value, node_type, key_path, "the children of")
        elif key == "alignment":
            if node_type in ("hflow", "vflow"):
                refuse(key_path, "a flow's own alignment also aligns its lines in Puyopuyo; align-self does not")
            spec.align_self = cross_alignment(value, parent_type, key_path, "a child of")
        elif key in ("format", "runFormat"):
            require_default(value, "leading", key_path, "only leading packing matches flex-start for wrap-sized boxes")
        elif key == "reverse":
            require_default(value, False, key_path, "Puyopuyo reverses the order but still packs from the start")
        elif key == "arrange":
            require_default(value, 0, key_path, "counted lines have no flexbox equivalent")
        elif key == "flowEnding":
            require_default(value, False, key_path, "forced line breaks have no flexbox equivalent")
        elif key == "runRowSize":
            refuse(key_path, "per-line sizes have no flexbox equivalent")
        elif key in ("text", "fontSize"):
            refuse(key_path, "text leaves need the reference text metrics")
        else:
            refuse(key_path, "unknown property")

    # 3. Spacing: `space` is a linear box's main-axis gap; a flow's itemSpace runs along its lines and its runSpace
    #    between lines (setting `space` on a flow sets both, as in Puyopuyo).
    row = spec.direction == FlexDirection.ROW
    if spec.wraps:
        along = item_space if item_space is not None else (space or 0.0)
        between = run_space if run_space is not None else (space or 0.0)
        spec.column_gap, spec.row_gap = (along, between) if row else (between, along)
    else:
        if item_space is not None:
            refuse(f"{path}.itemSpace", "itemSpace belongs to flows")
        if run_space is not None:
            refuse(f"{path}.runSpace", "runSpace belongs to flows")
        spec.column_gap, spec.row_gap = ((space or 0.0), 0.0) if row else (0.0, (space or 0.0))

    # 4. Children, in declaration order so that paths are child indices.
    if "children" in node:
        children = node["children"]
        if spec.is_leaf:
            refuse(f"{path}.children", "a leaf has no children")
        if not isinstance(children, list):
            refuse(f"{path}.children", "expected an array")
        spec.children = [translate(child, f"{path}.children[{index}]", node_type)
                         for index, child in enumerate(children)]
    return spec


def parse_case(request) -> tuple[FlexSpec, float | None, float | None]:
    box_case = request.get("case")
    if not isinstance(box_case, dict):
        refuse("$.case", "missing box case object")
    if box_case.get("kind", "box") != "box":
        refuse("$.case.kind", "only box cases are supported")
    if "root" not in box_case:
        refuse("$.case.root", "missing root")
    root = translate(box_case["root"], "$.case.root")
    proposal = box_case.get("proposal") or {}
    if not isinstance(proposal, dict):
        refuse("$.case.proposal", "expected {width,height}")
    dimensions = [None if proposal.get(key) is None else finite_number(proposal[key], f"$.case.proposal.{key}", True)
                  for key in ("width", "height")]
    for key, fill, dimension in (("width", root.fill_width, dimensions[0]), ("height", root.fill_height, dimensions[1])):
        if fill and dimension is None:
            refuse(f"$.case.root.{key}", f'"fill" maps to a definite {key} only under a definite proposal {key}')
    return root, dimensions[0], dimensions[1]


# MARK: Building the Taffy tree


# Natural sizes of the measured leaves by Taffy node id; the measure callback reads them.
LEAF_CONTENT: dict[int, tuple[float, float]] = {}


def fit(natural: float, known: float, available: dict) -> float:
    """One dimension of a leaf's measure: the known size, else the natural size capped by a definite available size
    (Puyopuyo caps a wrap leaf by its residual)."""
    if not math.isnan(known):
        return known
    if available["dim"] == Scale.POINTS:
        return min(natural, available["value"])
    return natural


def measure_leaf(known_width, known_height, available_width, available_height, context) -> tuple[float, float]:
    """Taffy's measure callback, called directly: stretchable's own wrapper builds several validated Python objects
    per call (about 0.3 ms each), which would swamp Taffy's cost."""
    natural = LEAF_CONTENT.get(context)
    if natural is None:
        return (0.0, 0.0)
    return (fit(natural[0], known_width, available_width), fit(natural[1], known_height, available_height))


def compute_layout(root: Node, available: SizeAvailableSpace) -> int:
    """`Node.compute_layout` with the direct measure callback; like it, copies every node's result into Python.
    Returns the nanoseconds of the Taffy call alone (measure callbacks included, the copy excluded)."""
    space = available.to_dict()
    start = time.perf_counter_ns()
    computed = taffylib.node_compute_layout_with_measure(taffy._ptr, root._node_id, space, measure_leaf)
    core = time.perf_counter_ns() - start
    if not computed:
        raise RuntimeError("taffy failed to compute the layout")
    root._update_layout()
    return core


def style_for(spec: FlexSpec, max_width: float | None = None, max_height: float | None = None) -> Style:
    """The node's flexbox style; `max_width`/`max_height` are the root's room (its proposal minus its margins)."""
    fixed = [spec.width, spec.height]
    maximum = list(spec.max_size)
    for axis, (fill, room) in enumerate(((spec.fill_width, max_width), (spec.fill_height, max_height))):
        if fill and room is not None:
            fixed[axis] = room  # a "fill" root takes all of its room
        elif room is not None and fixed[axis] is None:
            maximum[axis] = room if maximum[axis] is None else min(maximum[axis], room)
    return Style(
        display=Display.FLEX if spec.active else Display.NONE,
        flex_direction=spec.direction,
        flex_wrap=FlexWrap.WRAP if spec.wraps else FlexWrap.NO_WRAP,
        align_items=spec.align_items,
        align_self=None if spec.align_self is None else AlignSelf[spec.align_self.name],
        align_content=AlignContent.FLEX_START,
        justify_content=JustifyContent.FLEX_START,
        flex_shrink=0.0,  # Puyopuyo never shrinks a fixed or plain wrap item (CSS's default is 1)
        flex_grow=spec.grow,
        gap=(spec.column_gap, spec.row_gap),
        margin=spec.margin,
        padding=spec.padding,
        size=tuple(AUTO if value is None else value for value in fixed),
        min_size=tuple(AUTO if value is None else value for value in spec.min_size),
        max_size=tuple(AUTO if value is None else value for value in maximum),
    )


def build(spec: FlexSpec) -> Node:
    if spec.is_leaf:
        leaf = Node(style=style_for(spec))
        taffylib.node_set_measure(taffy._ptr, leaf._node_id, True)
        LEAF_CONTENT[leaf._node_id] = spec.content
        return leaf
    return Node(*[build(child) for child in spec.children], style=style_for(spec))


def apply_proposal(root: Node, spec: FlexSpec, width: float | None, height: float | None):
    """A wrap root under a proposal P becomes an auto-size root with max-size P minus its margins (DESIGN.md); a
    "fill" root becomes that size."""
    top, right, bottom, left = spec.margin
    rooms = [None if proposal is None else max(0.0, proposal - margins)
             for proposal, margins in ((width, left + right), (height, top + bottom))]
    style = style_for(spec, *rooms)
    root.style = attrs.evolve(root.style, size=style.size, max_size=style.max_size)


def dispose(node: Node):
    """Frees the Taffy nodes: stretchable never drops them, and fresh benches build many trees."""
    for child in node:
        dispose(child)
    LEAF_CONTENT.pop(node._node_id, None)
    taffylib.node_drop(taffy._ptr, node._node_id)


def max_content() -> SizeAvailableSpace:
    return SizeAvailableSpace(LengthAvailableSpace.max_content(), LengthAvailableSpace.max_content())


def frames(spec: FlexSpec, node: Node, path: list, out: list):
    if not spec.active:
        return
    box = node.border_box
    frame = {"path": list(path)}
    if spec.id is not None:
        frame["id"] = spec.id
    frame.update(x=box.x, y=box.y, width=box.width, height=box.height)
    out.append(frame)
    for index, (child_spec, child) in enumerate(zip(spec.children, node)):
        path.append(index)
        frames(child_spec, child, path, out)
        path.pop()


# MARK: Operations


def layout_op(request):
    spec, width, height = parse_case(request)
    root = build(spec)
    try:
        apply_proposal(root, spec, width, height)
        compute_layout(root, max_content())
        out = []
        frames(spec, root, [], out)
        return {"frames": out}
    finally:
        dispose(root)


def bench_op(request):
    spec, width, height = parse_case(request)
    iterations = request.get("iterations")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        refuse("$.iterations", "expected a positive integer")
    mode = request.get("mode")
    available = max_content()
    total = core_total = 0
    root_size = (0.0, 0.0)

    def sink(root: Node):  # black hole and validity check of every result
        nonlocal root_size
        box = root.border_box
        root_size = (box.width, box.height)
        if not all(math.isfinite(v) and v > 0 for v in root_size):
            raise RuntimeError("invalid root size after layout")

    if mode == "fresh":
        # Construction is outside the timer: each iteration times the first layout of a just-built tree.
        for _ in range(iterations):
            root = build(spec)
            apply_proposal(root, spec, width, height)
            start = time.perf_counter_ns()
            core_total += compute_layout(root, available)
            total += time.perf_counter_ns() - start
            sink(root)
            dispose(root)
    elif mode == "relayout":
        # Alternate the width between P and P+1 (P = the proposal, or 10 000 000 when unbounded) so that every timed
        # call follows a real change; the untimed first layout uses the width the first timed call does not.
        base = width if width is not None else UNBOUNDED_RELAYOUT_WIDTH
        root = build(spec)
        try:
            apply_proposal(root, spec, base + 1, height)
            compute_layout(root, available)
            for index in range(iterations):
                apply_proposal(root, spec, base if index % 2 == 0 else base + 1, height)
                start = time.perf_counter_ns()
                core_total += compute_layout(root, available)
                total += time.perf_counter_ns() - start
                sink(root)
        finally:
            dispose(root)
    else:
        refuse("$.mode", 'expected "fresh" or "relayout"')
    return {"nanosPerLayout": total / iterations, "coreNanosPerLayout": core_total / iterations, "iterations": iterations,
            "rootWidth": root_size[0], "rootHeight": root_size[1]}


def handle(line: str):
    try:
        request = json.loads(line)
    except ValueError:
        return {"error": "request is not a JSON object"}
    if not isinstance(request, dict):
        return {"error": "request is not a JSON object"}
    op = request.get("op")
    try:
        if op == "info":
            return {"name": "taffy", "version": "stretchable " + importlib.metadata.version("stretchable")}
        if op == "layout":
            return layout_op(request)
        if op == "bench":
            return bench_op(request)
        return {"error": f'$.op: unknown op "{op}" (expected info, layout or bench)'}
    except Refusal as refusal:
        return {"error": str(refusal)}
    except Exception as error:  # an engine failure is a reply, never a dead adapter
        return {"error": f"{type(error).__name__}: {error}"}


def main():
    sys.setrecursionlimit(20_000)  # depth 1000 nests the case JSON about 2 000 levels deep
    taffy.use_rounding = False  # Puyopuyo never rounds (stretchable's own default is on)
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(handle(line)) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
