"""The coincident subset of Puyopuyo's box model and CSS flexbox (docs/engines.md "Translation"): a box case
translated into neutral flexbox terms, shared by the Python peer adapters (Taffy, Chromium). Standard library only.

`parse_case(request)` returns the translated root and the proposal, or raises `Refusal` whose message starts with the
JSON path of the first property outside the subset (`$.case.root.children[2].width: unsupported size "fill" …`).
Values are CSS's where CSS has a name for them (`direction` "row"/"column", `align_items` "flex-start"/…).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field


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
    direction: str = "row"  # CSS flex-direction: "row" or "column"
    wraps: bool = False
    width: float | None = None  # fixed size; None = auto ("wrap")
    height: float | None = None
    fill_width: bool = False  # a "fill" root: the proposal minus the margins (the coincident subset, docs/design.md)
    fill_height: bool = False
    min_size: tuple = (None, None)  # {"wrap":{"min","max"}}: min-/max-width, min-/max-height
    max_size: tuple = (None, None)
    grow: float = 0.0  # {"wrap":{"grow"}}: flex-grow with basis auto, along an hbox/vbox parent's main axis
    align_items: str = "flex-start"  # CSS align-items: a linear box's justifyContent (one cross-axis value)
    align_self: str | None = None  # CSS align-self: the node's own alignment in a linear parent
    margin: tuple = (0.0, 0.0, 0.0, 0.0)  # top, right, bottom, left (stretchable's order)
    padding: tuple = (0.0, 0.0, 0.0, 0.0)
    column_gap: float = 0.0
    row_gap: float = 0.0
    content: tuple = (0.0, 0.0)
    children: list = field(default_factory=list)


def parse_request(line: str) -> dict:
    """One protocol line as a request object; a Refusal when it is not a JSON object."""
    try:
        request = json.loads(line)
    except ValueError:
        request = None
    if not isinstance(request, dict):
        raise Refusal("request is not a JSON object")
    return request


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
    """A <size> in the coincident subset (the coincident subset, docs/design.md): a number, "wrap", {"wrap":{"min","max","grow"}}, and "fill"
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


# One cross-axis alignment name per linear container type (the coincident subset, docs/design.md), as align-items / align-self.
CROSS_ALIGNMENTS = {
    "hbox": {"top": "flex-start", "bottom": "flex-end", "vertCenter": "center"},
    "vbox": {"left": "flex-start", "leading": "flex-start", "right": "flex-end", "trailing": "flex-end",
             "horzCenter": "center"},
}


def cross_alignment(value, linear_type: str | None, path: str, whose: str) -> str:
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
    "hbox": ("row", False),
    "vbox": ("column", False),
    "vflow": ("row", True),  # VFlow stacks rows: CSS `row wrap` (spec §12)
    "hflow": ("column", True),  # HFlow stacks columns: CSS `column wrap`
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
    row = spec.direction == "row"
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


def root_room(spec: FlexSpec, width: float | None, height: float | None) -> tuple:
    """The root's width and height constraints under a proposal, as `((size, max), (size, max))`: a proposal includes
    the root's margins, so the room is the proposal minus them; a "fill" root takes it as its size, a wrap root as
    its max size (combined with its own wrap max); a fixed root ignores it. None = unconstrained."""
    top, right, bottom, left = spec.margin
    constraints = []
    for axis, (proposal, margins, fill) in enumerate(((width, left + right, spec.fill_width),
                                                        (height, top + bottom, spec.fill_height))):
        fixed, maximum = (spec.width, spec.height)[axis], spec.max_size[axis]
        room = None if proposal is None else max(0.0, proposal - margins)
        if fixed is not None:
            constraints.append((fixed, maximum))
        elif fill and room is not None:
            constraints.append((room, maximum))
        elif room is not None:
            constraints.append((None, room if maximum is None else min(maximum, room)))
        else:
            constraints.append((None, maximum))
    return tuple(constraints)
