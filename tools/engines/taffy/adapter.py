"""Taffy peer adapter, through the PyPI package `stretchable`: the JSON-lines protocol of docs/design.md "Peer engines".

    {"op":"info"}                                       -> {"name":"taffy","version":"…","timing":"…","coreTiming":"…"}
    {"op":"layout","case":{…box case…}}                 -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"layout","case":{…},"resize":W}               -> the frames after a second layout with root width W
    {"op":"layout","case":{…},"change":{"path":[…],"content":{"width","height"}}}
                                                        -> the frames after the leaf's new context + mark_dirty
    "rounding":true on a layout request                 -> the same with Taffy's pixel rounding on
    {"op":"bench","case":{…},"iterations":N,"mode":M}   -> {"nanosPerLayout":…,"coreNanosPerLayout":…,"iterations":N,
                                                            "rootWidth":…,"rootHeight":…}
      M = "fresh" | "relayout" | "resize" (with "widths":[W0…WN]) | "incremental" (with "change":{"path","widths"})
    anything it cannot do                               -> {"error":"…"}

The translation (tools/engines/subset.py, shared with the Chromium adapter) follows the same rules as
tools/engines/yoga/adapter.cpp (docs/engines.md has the table); a case that uses anything outside them is refused with
the JSON path of the first unsupported property.
**Timing includes stretchable copying every node's result through Python** (`Node._update_layout` on the whole
tree, as `Node.compute_layout` does) and one Python measure callback per leaf measurement, so Taffy's own cost is
lower than reported; `coreNanosPerLayout` (an extra reply field) times the Taffy call alone. Rounding is off.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import math
import os
import sys
import time

import attrs
from stretchable import Node, Style, taffylib
from stretchable.context import taffy
from stretchable.style import AlignContent, AlignItems, AlignSelf, Display, FlexDirection, FlexWrap, JustifyContent
from stretchable.style.geometry.length import AUTO, LengthAvailableSpace, Scale
from stretchable.style.geometry.size import SizeAvailableSpace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from subset import FlexSpec, Refusal, finite_number, parse_case, parse_request, refuse, root_room  # noqa: E402 (after the path)

UNBOUNDED_RELAYOUT_WIDTH = 10_000_000.0


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


def css_enum(enum, name: str | None):
    """A stretchable enum member by its CSS name ("flex-start" -> FLEX_START)."""
    return None if name is None else enum[name.upper().replace("-", "_")]


# The FlexSpec fields a node's Style does not depend on, and the Styles made so far by their inputs.
NOT_STYLE_FIELDS = frozenset({"is_leaf", "id", "content", "children"})
STYLES: dict[tuple, Style] = {}


def style_for(spec: FlexSpec, constraints: tuple = ((None, None), (None, None))) -> Style:
    """The node's flexbox style; `constraints` are the root's (size, max) per axis under its proposal (`root_room`).
    Memoized on the style's inputs: stretchable validates a Style in Python for about 1 ms, so building a 241-node
    tree cost 270 ms outside the timer, and the run's wall-clock budget ran out before the depth trees. Styles are
    immutable, so nodes can share one."""
    key = (tuple(getattr(spec, field.name) for field in dataclasses.fields(spec) if field.name not in NOT_STYLE_FIELDS),
           constraints)
    style = STYLES.get(key)
    if style is None:
        if len(STYLES) >= 4096:  # every resize width makes a root style; keep the memo bounded
            STYLES.clear()
        style = STYLES[key] = make_style(spec, constraints)
    return style


def make_style(spec: FlexSpec, constraints: tuple) -> Style:
    fixed = [spec.width, spec.height]
    maximum = list(spec.max_size)
    for axis, (size, limit) in enumerate(constraints):
        fixed[axis] = size if size is not None else fixed[axis]
        maximum[axis] = limit if limit is not None else maximum[axis]
    return Style(
        display=Display.FLEX if spec.active else Display.NONE,
        flex_direction=css_enum(FlexDirection, spec.direction),
        flex_wrap=FlexWrap.WRAP if spec.wraps else FlexWrap.NO_WRAP,
        align_items=css_enum(AlignItems, spec.align_items),
        align_self=css_enum(AlignSelf, spec.align_self),
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
    """A wrap root under a proposal P becomes an auto-size root with max-size P minus its margins (docs/design.md); a
    "fill" root becomes that size."""
    style = style_for(spec, root_room(spec, width, height))
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


def leaf_at(spec: FlexSpec, root: Node, path, json_path: str) -> tuple[FlexSpec, Node]:
    """The leaf of the case at `path` (child indices from the root) and its Taffy node."""
    if not isinstance(path, list):
        refuse(json_path, "expected an array of child indices")
    node = root
    for index in path:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(spec.children):
            refuse(json_path, f"no node at path {json.dumps(path)}")
        spec, node = spec.children[index], node[index]
    if not spec.is_leaf:
        refuse(json_path, f"the node at path {json.dumps(path)} is not a leaf")
    return spec, node


def set_content(leaf: Node, width: float, height: float):
    """Gives a leaf a new natural size through Taffy's own API: a new context for its measure function (the sizes
    are looked up by node id) and `mark_dirty`, since Taffy cannot know that a measure function's answer changed."""
    LEAF_CONTENT[leaf._node_id] = (width, height)
    leaf.mark_dirty()


def number_list(value, path: str) -> list[float]:
    if not isinstance(value, list) or not value:
        refuse(path, "expected a non-empty array of numbers")
    return [finite_number(item, f"{path}[{index}]", True) for index, item in enumerate(value)]


# MARK: Operations


def layout_op(request):
    spec, width, height = parse_case(request)
    root = build(spec)
    try:
        apply_proposal(root, spec, width, height)
        compute_layout(root, max_content())
        # At most one change between two layouts (the peer protocol of docs/design.md); the frames answered are the second layout's.
        if "resize" in request and "change" in request:
            refuse("$.change", "one change per request: resize or change")
        if "resize" in request:
            apply_proposal(root, spec, finite_number(request["resize"], "$.resize", True), height)
            compute_layout(root, max_content())
        elif "change" in request:
            change = request["change"]
            if not isinstance(change, dict) or not isinstance(change.get("content"), dict):
                refuse("$.change", 'expected {"path":[…],"content":{"width","height"}}')
            leaf_spec, leaf = leaf_at(spec, root, change.get("path"), "$.change.path")
            content = change["content"]
            set_content(leaf, finite_number(content.get("width", leaf_spec.content[0]), "$.change.content.width", True),
                        finite_number(content.get("height", leaf_spec.content[1]), "$.change.content.height", True))
            compute_layout(root, max_content())
        out = []
        frames(spec, root, [], out)
        return {"frames": out}
    finally:
        dispose(root)


def kept_tree_steps(request, mode, spec: FlexSpec, root: Node, width, height, iterations: int):
    """What relayout, resize and incremental do on their one tree: the root width of the untimed first layout, the
    untimed step and the timed step of call i. A root width is set outside the timer, because stretchable rebuilds the
    root's whole Style in Python (milliseconds), which is none of Taffy's work; a leaf's new content and mark_dirty
    are Taffy's own API and are timed."""
    def nothing(_index: int):
        pass

    if mode == "relayout":
        # Alternate P and P+1 (P = the proposal, or 10 000 000 when unbounded) so that every timed call follows a real
        # change; the untimed first layout uses the width the first timed call does not.
        base = width if width is not None else UNBOUNDED_RELAYOUT_WIDTH
        return base + 1, lambda index: apply_proposal(root, spec, base if index % 2 == 0 else base + 1, height), nothing
    if mode == "resize":
        # The harness's schedule: untimed at W0, then call i at W(i+1) (definite for a fill root, max-width for a wrap
        # root).
        widths = number_list(request.get("widths"), "$.widths")
        if len(widths) != iterations + 1:
            refuse("$.widths", f"expected iterations + 1 = {iterations + 1} widths")
        return widths[0], lambda index: apply_proposal(root, spec, widths[index + 1], height), nothing
    if mode == "incremental":
        # Under the case's proposal throughout; call i gives the leaf widths[i % 2] (its height unchanged) through a new
        # context and mark_dirty.
        change = request.get("change")
        if not isinstance(change, dict):
            refuse("$.change", 'expected {"path":[…],"widths":[…]}')
        widths = number_list(change.get("widths"), "$.change.widths")
        leaf_spec, leaf = leaf_at(spec, root, change.get("path"), "$.change.path")
        return width, nothing, lambda index: set_content(leaf, widths[index % len(widths)], leaf_spec.content[1])
    refuse("$.mode", 'expected "fresh", "relayout", "resize" or "incremental"')


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
    else:
        # One tree for the whole request, laid out once untimed; each call then takes an untimed step (a new root
        # width, set through stretchable's Style) and a timed one (the engine told of a change, and the layout).
        root = build(spec)
        try:
            first_width, untimed_step, timed_step = kept_tree_steps(request, mode, spec, root, width, height, iterations)
            apply_proposal(root, spec, first_width, height)
            compute_layout(root, available)
            for index in range(iterations):
                untimed_step(index)
                start = time.perf_counter_ns()
                timed_step(index)
                core_total += compute_layout(root, available)
                total += time.perf_counter_ns() - start
                sink(root)
        finally:
            dispose(root)
    return {"nanosPerLayout": total / iterations, "coreNanosPerLayout": core_total / iterations, "iterations": iterations,
            "rootWidth": root_size[0], "rootHeight": root_size[1]}


def handle(line: str):
    try:
        request = parse_request(line)
        op = request.get("op")
        if op == "info":
            return {"name": "taffy", "version": "stretchable " + importlib.metadata.version("stretchable"),
                    "timing": "via Python; includes copying every node",
                    "coreTiming": "the Taffy layout call alone, its measure callbacks (in Python) included"}
        rounding = request.get("rounding", False)
        if not isinstance(rounding, bool):
            refuse("$.rounding", "expected a boolean")
        if rounding and op != "layout":
            refuse("$.rounding", "rounding applies to layout requests only")
        if op == "layout":
            taffy.use_rounding = rounding
            try:
                return layout_op(request)
            finally:
                taffy.use_rounding = False
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
