"""Current Yoga's peer adapter, through the PyPI package yoga-python (nanobind bindings of Yoga's C++ core at a
commit of Yoga's main branch): the JSON-lines protocol of docs/engines.md "Protocol" for flex cases, with
node_common.py's checks, operations and benchmarks.

The mapping is the Yoga 3.2.1 adapter's (tools/engines/yoga/adapter.cpp, docs/engines.md "What each engine maps and
refuses"), plus what Yoga gained since: `max-content` and `fit-content` for widths, heights, their minimums and
maximums and flex-basis. Every node gets every property, at its CSS initial value when the case does not give it, and
no errata (YGErrataNone). Refused, with the JSON path: `order` other than 0, `min-content` (Yoga has none), grid, and
`flex-basis: content` where the item's main size is not `auto`. A content leaf gets a measure function and a baseline
function (the bottom of its content, node_common.content_baseline). Pixel rounding is off (point scale factor 0)
unless a layout request asks for it. Timing is through Python: the measure and baseline callbacks run inside the
timed call.
"""

from __future__ import annotations

import importlib.metadata
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import node_common  # noqa: E402  (the shared modules sit one folder up)
from node_common import Leaves, Tree, content_baseline, is_row, keyword, refuse  # noqa: E402

try:
    import yoga
except ImportError:
    yoga = None

NOT_INSTALLED = ("yoga-current not installed: run tools/setup-engines --with-all "
                 "(pip install yoga-python==0.1.5 into a Python ≥ 3.12 venv)")
# yoga-python 0.1.5's CMakeLists.txt fetches Yoga at this commit of facebook/yoga's main branch (2026-02-26, "Fix
# dirtied callback firing on removed children"), 73 commits after the point where v3.2.1's release branch left main;
# no release tag contains it. tools/setup-engines pins yoga-python 0.1.5, for which this holds.
YOGA_COMMIT = "cfdacac0"
TIMING = ("via Python, time.perf_counter_ns around Node.calculate_layout of the viewport node only (point scale "
          "factor 0); the measure and baseline functions of content leaves are Python callbacks, called inside the "
          "timed call")
SIDES = ("top", "right", "bottom", "left")
GRID_INITIAL = {"justify-items": ("stretch", "normal"), "justify-self": ("auto",), "grid-template-columns": ("none",),
                "grid-template-rows": ("none",), "grid-column-start": ("auto",), "grid-row-start": ("auto",)}
UNMAPPED = ("order", "writing-mode") + tuple(GRID_INITIAL)  # at their initial values only; `info` lists the rest


def justify(name: str, reversed_direction: bool):
    """justify-content; Yoga has no start/end: they are flex-start/flex-end unless the direction is reversed."""
    if name in ("start", "end"):
        name = {"start": "flex-end", "end": "flex-start"}[name] if reversed_direction else f"flex-{name}"
    return {"flex-start": yoga.Justify.FlexStart, "normal": yoga.Justify.FlexStart, "flex-end": yoga.Justify.FlexEnd,
            "center": yoga.Justify.Center, "space-between": yoga.Justify.SpaceBetween,
            "space-around": yoga.Justify.SpaceAround, "space-evenly": yoga.Justify.SpaceEvenly}[name]


def align(name: str, wrap_reverse: bool):
    """align-items / align-self / align-content; start/end flip under wrap-reverse (the cross-start edge does)."""
    if name in ("start", "end"):
        name = {"start": "flex-end", "end": "flex-start"}[name] if wrap_reverse else f"flex-{name}"
    return {"auto": yoga.Align.Auto, "stretch": yoga.Align.Stretch, "normal": yoga.Align.Stretch,
            "flex-start": yoga.Align.FlexStart, "flex-end": yoga.Align.FlexEnd, "center": yoga.Align.Center,
            "baseline": yoga.Align.Baseline, "space-between": yoga.Align.SpaceBetween,
            "space-around": yoga.Align.SpaceAround, "space-evenly": yoga.Align.SpaceEvenly}[name]


class YogaCurrent:
    name = "yoga-current"
    baseline_is_bottom = False  # content leaves get a baseline function
    unmapped = UNMAPPED

    def __init__(self):
        self.configs = {}
        for rounding in (False, True):
            config = yoga.Config()
            config.point_scale_factor = 1.0 if rounding else 0.0
            config.errata = yoga.Errata.None_
            self.configs[rounding] = config
        self.rounding = False

    def info(self) -> dict:
        return {"version": f"Yoga main@{YOGA_COMMIT} (yoga-python {importlib.metadata.version('yoga-python')})",
                "timing": TIMING, "viaPython": True}

    # MARK: Styles

    def check(self, tree: Tree):
        for index in range(len(tree.paths)):
            self.check_element(tree, index)

    def check_element(self, tree: Tree, index: int):
        at = f"{tree.json_paths[index]}.values"
        for name, value in tree.properties[index].items():
            if value == ("keyword", "min-content"):
                refuse(f"{at}.{name}", "Yoga has no min-content")
            if name in GRID_INITIAL and value[0] == "keyword" and value[1] not in GRID_INITIAL[name] or (
                    name in GRID_INITIAL and value[0] != "keyword"):
                refuse(f"{at}.{name}", "Yoga has no grid")
        if keyword(tree, index, "display", "flex") == "grid":
            refuse(f"{at}.display", "Yoga has no grid")
        order = tree.properties[index].get("order", ("number", 0))
        if order[1] != 0:
            refuse(f"{at}.order", "Yoga has no order")
        if keyword(tree, index, "writing-mode", "horizontal-tb") != "horizontal-tb":
            refuse(f"{at}.writing-mode", "Yoga has no writing-mode (it lays out horizontal-tb)")
        if tree.properties[index].get("flex-basis") == ("keyword", "content") and \
                keyword(tree, index, "position", "static") != "absolute":
            main = "width" if is_row(tree, tree.parents[index]) else "height"
            if tree.properties[index].get(main, ("keyword", "auto")) != ("keyword", "auto"):
                refuse(f"{at}.flex-basis", f"Yoga has no flex-basis: content (it is auto here only where {main} is "
                                           f"auto)")

    def apply(self, node, tree: Tree, index: int):
        """Every style property of element `index` on its node, CSS initial values included."""
        properties = tree.properties[index]
        parent = tree.parents[index]

        def get(name, initial):
            return properties.get(name, initial)

        def kw(name, initial):
            return keyword(tree, index, name, initial)

        def dimension(name, initial):
            """width/height/min-*/max-*/flex-basis through yoga-python's setters: a point (a float), a percent
            (YGValuePercent), `auto` (YGValueAuto: width and height; a new node's flex-basis is auto already, and
            yoga-python's flex_basis setter would read YGValueAuto as 0 points), max-content and fit-content (their
            set_* methods), or undefined (NaN: a minimum's `auto`, since Yoga has no automatic minimum size, and a
            maximum's `none`; yoga-python reads YGValueUndefined as 0 points)."""
            value = get(name, initial)
            attribute = name.replace("-", "_")
            if value[0] == "px":
                setattr(node, attribute, value[1])
            elif value[0] == "percent":
                setattr(node, attribute, yoga.YGValuePercent(value[1]))
            elif value[1] in ("max-content", "fit-content"):
                getattr(node, f"set_{attribute}_{value[1].replace('-', '_')}")()
            elif value[1] in ("auto", "content") and attribute in ("width", "height"):
                setattr(node, attribute, yoga.YGValueAuto)
            elif attribute != "flex_basis":
                setattr(node, attribute, math.nan)

        direction = get("direction", None)
        node.display = yoga.Display.None_ if kw("display", "flex") == "none" else yoga.Display.Flex
        node.position_type = {"static": yoga.PositionType.Static, "relative": yoga.PositionType.Relative,
                              "absolute": yoga.PositionType.Absolute}[kw("position", "static")]
        node.box_sizing = yoga.BoxSizing.BorderBox if kw("box-sizing", "content-box") == "border-box" \
            else yoga.BoxSizing.ContentBox
        node.direction = yoga.Direction.Inherit if direction is None else (
            yoga.Direction.RTL if direction[1] == "rtl" else yoga.Direction.LTR)
        flex_direction = kw("flex-direction", "row")
        node.flex_direction = {"row": yoga.FlexDirection.Row, "row-reverse": yoga.FlexDirection.RowReverse,
                               "column": yoga.FlexDirection.Column,
                               "column-reverse": yoga.FlexDirection.ColumnReverse}[flex_direction]
        wrap = kw("flex-wrap", "nowrap")
        node.flex_wrap = {"nowrap": yoga.Wrap.NoWrap, "wrap": yoga.Wrap.Wrap, "wrap-reverse": yoga.Wrap.WrapReverse}[wrap]
        node.justify_content = justify(kw("justify-content", "flex-start"), flex_direction.endswith("-reverse"))
        node.align_items = align(kw("align-items", "stretch"), wrap == "wrap-reverse")
        parent_wrap_reverse = parent >= 0 and keyword(tree, parent, "flex-wrap", "nowrap") == "wrap-reverse"
        node.align_self = align(kw("align-self", "auto"), parent_wrap_reverse)
        node.align_content = align(kw("align-content", "stretch"), wrap == "wrap-reverse")
        # One overflow: hidden where either axis is hidden or scroll (scrollbars take no space; Yoga acts only on
        # scroll, which would measure children unbounded), else visible.
        hidden = kw("overflow-x", "visible") in ("hidden", "scroll") or kw("overflow-y", "visible") in ("hidden", "scroll")
        node.overflow = yoga.Overflow.Hidden if hidden else yoga.Overflow.Visible
        node.flex_grow = get("flex-grow", ("number", 0.0))[1]
        node.flex_shrink = get("flex-shrink", ("number", 1.0))[1]
        dimension("flex-basis", ("keyword", "auto"))
        dimension("width", ("keyword", "auto"))
        dimension("height", ("keyword", "auto"))
        for name in ("min-width", "min-height"):
            dimension(name, ("keyword", "auto"))
        for name in ("max-width", "max-height"):
            dimension(name, ("keyword", "none"))
        ratio = get("aspect-ratio", ("keyword", "auto"))
        node.aspect_ratio = math.nan if ratio[0] == "keyword" else ratio[1] / ratio[2]
        for side in SIDES:
            edge = getattr(yoga.Edge, side.capitalize())
            inset = get(side, ("keyword", "auto"))
            if inset[0] == "px":
                node.set_position(edge, inset[1])
            elif inset[0] == "percent":
                node.set_position(edge, yoga.YGValuePercent(inset[1]))
            else:
                node.set_position(edge, math.nan)  # auto: Yoga's undefined
            margin = get(f"margin-{side}", ("px", 0.0))
            if margin[0] == "px":
                node.set_margin(edge, margin[1])
            elif margin[0] == "percent":
                node.set_margin_percent(edge, margin[1])
            else:
                node.set_margin_auto(edge)
            padding = get(f"padding-{side}", ("px", 0.0))
            if padding[0] == "percent":
                node.set_padding_percent(edge, padding[1])
            else:
                node.set_padding(edge, padding[1])
            node.set_border(edge, get(f"border-{side}-width", ("px", 0.0))[1])
        for name, gutter in (("row-gap", yoga.Gutter.Row), ("column-gap", yoga.Gutter.Column)):
            gap = get(name, ("px", 0.0))
            if gap[0] == "percent":
                node.set_gap_percent(gutter, gap[1])
            else:
                node.set_gap(gutter, 0.0 if gap[0] == "keyword" else gap[1])

    # MARK: The tree

    def measured(self, node, tree: Tree, leaves: Leaves, index: int):
        """Makes `node` a content leaf: Yoga asks it for its size (what `leaves` answers) and its baseline."""
        modes = {yoga.MeasureMode.Exactly: "exactly", yoga.MeasureMode.AtMost: "at-most",
                 yoga.MeasureMode.Undefined: "undefined"}

        def measure(_, width, width_mode, height, height_mode):
            width_mode, height_mode = modes[width_mode], modes[height_mode]
            return leaves.answer(index, (width_mode, None if width_mode == "undefined" else width),
                                 (height_mode, None if height_mode == "undefined" else height))

        def baseline(_, width, height):
            top = node.layout_border(yoga.Edge.Top) + node.layout_padding(yoga.Edge.Top)
            bottom = node.layout_border(yoga.Edge.Bottom) + node.layout_padding(yoga.Edge.Bottom)
            return content_baseline(tree, leaves, index, height, top, bottom)

        node.set_measure_func(measure)
        node.set_baseline_func(baseline)

    def build(self, tree: Tree, width, height, leaves: Leaves):
        config = self.configs[self.rounding]
        nodes = []
        for index, parent in enumerate(tree.parents):
            node = yoga.Node(config)
            self.apply(node, tree, index)
            if tree.contents[index] is not None:
                self.measured(node, tree, leaves, index)
            if parent >= 0:
                nodes[parent].insert_child(node, nodes[parent].child_count)
            nodes.append(node)
        viewport = yoga.Node(config)
        viewport.direction = yoga.Direction.LTR
        viewport.position_type = yoga.PositionType.Relative
        viewport.flex_direction = yoga.FlexDirection.Row
        viewport.flex_wrap = yoga.Wrap.NoWrap
        viewport.align_items = yoga.Align.FlexStart
        viewport.justify_content = yoga.Justify.FlexStart
        viewport.insert_child(nodes[0], 0)
        handle = {"viewport": viewport, "nodes": nodes, "tree": tree, "leaves": leaves}
        self.set_viewport(handle, width, height)
        return handle

    def set_viewport(self, handle, width, height):
        viewport = handle["viewport"]
        viewport.width = yoga.YGValueAuto if width is None else float(width)
        viewport.height = yoga.YGValueAuto if height is None else float(height)

    def give_measure(self, handle, index):
        self.measured(handle["nodes"][index], handle["tree"], handle["leaves"], index)

    def changed(self, handle, index):
        handle["nodes"][index].mark_dirty()  # Yoga cannot know that a measure function's answer changed

    def compute(self, handle):
        handle["viewport"].calculate_layout(math.nan, math.nan, yoga.Direction.LTR)

    def frame(self, handle, index):
        node = handle["nodes"][index]
        return (node.layout_left, node.layout_top, node.layout_width, node.layout_height)

    def edges(self, handle, index):
        node = handle["nodes"][index]
        return (node.layout_border(yoga.Edge.Top) + node.layout_padding(yoga.Edge.Top),
                node.layout_border(yoga.Edge.Bottom) + node.layout_padding(yoga.Edge.Bottom))

    def dispose(self, handle):
        for node in handle["nodes"]:
            node.set_measure_func(None)  # the callbacks hold the node: break the cycle
            node.set_baseline_func(None)
        handle["viewport"].free_recursive()

    def set_rounding(self, on: bool):
        self.rounding = on


def main():
    if yoga is None:
        for line in sys.stdin:
            if line.strip():
                print(json.dumps({"error": NOT_INSTALLED}), flush=True)
        return
    node_common.serve(YogaCurrent())


if __name__ == "__main__":
    main()
