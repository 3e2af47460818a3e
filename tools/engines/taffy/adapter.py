"""Taffy peer adapter, through the PyPI package `stretchable`: the JSON-lines protocol of docs/engines.md "Protocol"
for flex cases (docs/flex-case-format.md).

    {"op":"info","vocabulary":[…]}                      -> {"name":"taffy","version":"Taffy 0.7.7 (stretchable 1.1.8)",…}
    {"op":"layout","case":{…flex case…}}                -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"layout","case":{…},"resize":W}               -> the frames after a second layout at viewport width W
    {"op":"layout","case":{…},"change":{"path":[…],"content":{"width","height"}}}
                                                        -> the frames after the leaf's new context + mark_dirty
    "content":{"width","height","measure":[…]} on a leaf -> its measure callback replays the table (`replay`)
    "rounding":true on a layout request                 -> the same with Taffy's pixel rounding on
    {"op":"bench","case":{…},"iterations":N,"mode":M}   -> {"nanosPerLayout":…,"coreNanosPerLayout":…,"iterations":N,
                                                            "rootWidth":…,"rootHeight":…}
      M = "fresh" | "relayout" or "resize" (with "widths":[W0…WN], Swift's schedule) | "incremental" (with
          "change":{"path","widths"})
    anything refused or broken                          -> {"error":"$.case.root.children[1].values.order: …"}

Every property of the flex vocabulary becomes a field of Taffy's `Style` (through stretchable's), at its CSS initial
value when the case does not give it. Refused, with the JSON path of the value, is only what Taffy 0.7.7 lacks:
`order` other than 0, `direction: rtl` on an element with children, `position: static` where an absolutely
positioned child would take the static element as its containing block (Taffy has no static position: it becomes
relative, its insets dropped as CSS ignores them), min-content / max-content / fit-content sizes, `flex-basis: content`
where the main size is not `auto`, and baseline alignment that reads a content leaf whose CSS baseline is not its
border box's bottom edge (stretchable gives a measured leaf no baseline). docs/engines.md "What each engine maps and
refuses" has the table.

**Timing includes stretchable copying every node's result through Python** (`Node._update_layout` on the whole
tree, as `Node.compute_layout` does), so Taffy's own cost is lower than reported; `coreNanosPerLayout` (an extra reply
field) times the Taffy call alone, and `info` answers `"viaPython": true`. **A bench request times content leaves as
fixed-size leaves** (their content as their `size`, no measure function, so no Python callback inside Taffy's call)
where the adapter has checked, on the same case and the same widths or changes, that this gives the same frames as
measured leaves; otherwise, and for the leaf an incremental bench changes, with measure callbacks. The reply's
`fixedLeaves` and `measuredLeaves` count both kinds. Rounding is off.
"""

from __future__ import annotations

import glob
import importlib.metadata
import json
import math
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import (Refusal, content_offset, content_top, mapped_properties, measure_table,  # noqa: E402
                            refuse, replay, schedule)  # (the peers' shared checks and rules)
from stretchable import Node, Style, taffylib  # noqa: E402
from stretchable.context import taffy
from stretchable.style import (AlignContent, AlignItems, AlignSelf, BoxSizing, Display, FlexDirection, FlexWrap,
                               GridPlacement, GridTrackSize, GridTrackSizing, JustifyContent, JustifyItems, JustifySelf,
                               Overflow, Position)
from stretchable.style.props import GridIndex
from stretchable.style.geometry.length import AUTO, Length, LengthAvailableSpace, Scale
from stretchable.style.geometry.rect import Rect
from stretchable.style.geometry.size import Size, SizeAvailableSpace

# The properties Taffy 0.7.7 has only at their initial values; `info` lists the rest of the vocabulary as `properties`.
UNMAPPED = ("order", "direction", "writing-mode")


# MARK: Reading the case

ALIGN = ("stretch", "normal", "flex-start", "flex-end", "start", "end", "center")
KEYWORDS = {
    "display": ("flex", "grid", "none"),
    "position": ("static", "relative", "absolute"),
    "box-sizing": ("content-box", "border-box"),
    "flex-direction": ("row", "row-reverse", "column", "column-reverse"),
    "flex-wrap": ("nowrap", "wrap", "wrap-reverse"),
    "justify-content": ("flex-start", "flex-end", "start", "end", "center", "space-between", "space-around",
                        "space-evenly", "normal"),
    "align-items": ALIGN + ("baseline",),
    "align-self": ("auto",) + ALIGN + ("baseline",),
    "align-content": ALIGN + ("space-between", "space-around", "space-evenly"),
    "overflow-x": ("visible", "hidden", "clip", "scroll"),
    "overflow-y": ("visible", "hidden", "clip", "scroll"),
    "direction": ("ltr", "rtl"),
    "writing-mode": ("horizontal-tb", "vertical-lr", "vertical-rl"),
    # The one-cell grid of a ZBox (docs/flex-case-format.md): Taffy 0.7.7 has CSS Grid.
    "justify-items": ("stretch", "start", "end", "center", "normal"),
    "justify-self": ("auto", "stretch", "start", "end", "center"),
    "grid-template-columns": ("none", "minmax(0px, 1fr)"),
    "grid-template-rows": ("none", "minmax(0px, 1fr)"),
}
# minmax(0px, 1fr): no automatic minimum, and the grid's inner size (or, unsized, its largest item's contribution;
# Taffy 0.7.7 leaves the item's margins out of it there, golden/known-failures/taffy.json).
ONE_TRACK = GridTrackSizing.single(GridTrackSize(Length(Scale.POINTS, 0.0), Length(Scale.FLEX, 1.0)))
MAX_LINE = 1000  # grid lines run from 1 to 1000 in the vocabulary
INSETS = ("top", "right", "bottom", "left")  # stretchable's Rect order
SIZES = {"width": ("auto",), "height": ("auto",), "min-width": ("auto",), "min-height": ("auto",),
         "max-width": ("none",), "max-height": ("none",)}
INTRINSIC = ("min-content", "max-content", "fit-content")


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def number(value, path: str, minimum: float = 0.0) -> float:
    if not is_number(value) or value < minimum:
        refuse(path, f"expected a number ≥ {minimum:g}, got {json.dumps(value)}")
    return float(value)


class Element:
    """One element of the case: its typed CSS values, checked, with the JSON path refusals name."""

    __slots__ = ("path", "index_path", "values", "id", "content", "measure", "offset", "children", "displayed",
                 "parent")

    def __init__(self, node, path: str, index_path: list, parent: Element | None):
        if not isinstance(node, dict):
            refuse(path, "expected an element object")
        for key in node:
            if key not in ("style", "values", "id", "content", "children", "contentOffset"):
                refuse(f"{path}.{key}", "unknown element key")
        self.path, self.index_path, self.parent = path, index_path, parent
        self.values = node.get("values", {})
        if not isinstance(self.values, dict):
            refuse(f"{path}.values", "expected an object of typed values")
        self.id = node.get("id")
        if self.id is not None and not isinstance(self.id, str):
            refuse(f"{path}.id", "expected a string")
        self.content = None
        self.measure = None
        self.offset = content_offset(node.get("contentOffset", [0, 0]), f"{path}.contentOffset")
        if "content" in node:
            content = node["content"]
            if not isinstance(content, dict) or set(content) - {"measure"} != {"width", "height"}:
                refuse(f"{path}.content", 'expected {"width": w, "height": h, "measure"?: […]}')
            self.content = (number(content["width"], f"{path}.content.width"),
                            number(content["height"], f"{path}.content.height"))
            if "measure" in content:
                self.measure = measure_table(content["measure"], f"{path}.content.measure")
        children = node.get("children", [])
        if not isinstance(children, list):
            refuse(f"{path}.children", "expected an array")
        if self.content is not None and children:
            refuse(f"{path}.content", "content is for leaves (elements without children)")
        self.displayed = self.keyword("display", "flex") != "none"
        self.children = [Element(child, f"{path}.children[{index}]", index_path + [index], self)
                         for index, child in enumerate(children)]

    def at(self, name: str) -> str:
        return f"{self.path}.values.{name}"

    def keyword(self, name: str, initial: str) -> str:
        value = self.values.get(name, initial)
        if value not in KEYWORDS[name]:
            refuse(self.at(name), f"expected one of {', '.join(KEYWORDS[name])}, got {json.dumps(value)}")
        return value

    def is_row(self) -> bool:
        return self.keyword("flex-direction", "row") in ("row", "row-reverse")

    def in_flow_children(self) -> list[Element]:
        return [child for child in self.children
                if child.displayed and child.keyword("position", "static") != "absolute"]


def length(value, path: str, *, percent=True, negative=False, keywords=()) -> Length:
    """A typed value as stretchable's Length: {"px": n}, {"percent": n} (Taffy takes a fraction) or a keyword."""
    if isinstance(value, str):
        if value in INTRINSIC and value not in keywords:
            refuse(path, "Taffy 0.7.7 has no min-content, max-content or fit-content sizes")
        if value in keywords:
            return AUTO
    elif isinstance(value, dict) and len(value) == 1:
        (unit, amount), = value.items()
        if unit in ("px", "percent") and (percent or unit == "px") and is_number(amount) and (negative or amount >= 0):
            return Length(Scale.POINTS, float(amount)) if unit == "px" else Length(Scale.PERCENT, amount / 100.0)
    kinds = ["a length" if negative else "a length ≥ 0"] + (
        ["a percentage" if negative else "a percentage ≥ 0"] if percent else []) + list(keywords)
    expected = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]
    refuse(path, f"expected {expected}, got {json.dumps(value)}")


def enum(kind, name: str):
    """A stretchable enum member by its CSS name ("flex-start" -> FLEX_START)."""
    return kind["NO_WRAP" if name == "nowrap" else name.upper().replace("-", "_")]


def overflow(element: Element) -> tuple:
    """overflow-x/-y, computed as CSS computes them: visible becomes auto (here hidden: scrollbars take no space) and
    clip hidden when the other axis scrolls; scroll lays out as hidden (scrollbar_width 0)."""
    x, y = element.keyword("overflow-x", "visible"), element.keyword("overflow-y", "visible")
    scrolls = ("hidden", "scroll")
    if x in scrolls or y in scrolls:
        x, y = ("hidden" if value in ("visible", "clip") else value for value in (x, y))
    return enum(Overflow, x), enum(Overflow, y)


def style_kwargs(element: Element) -> dict:
    """The element's Taffy style, CSS initial values included; refuses what Taffy 0.7.7 lacks."""
    values = element.values
    for name in values:
        if not (name in KEYWORDS or name in SIZES or name in INSETS or name in (
                "aspect-ratio", "flex-grow", "flex-shrink", "flex-basis", "order", "row-gap", "column-gap",
                "grid-column-start", "grid-row-start")
                or re.fullmatch(r"(margin|padding)-(top|right|bottom|left)|border-(top|right|bottom|left)-width", name)):
            refuse(element.at(name), "unknown property")
    if "order" in values:
        order = values["order"]
        if not isinstance(order, int) or isinstance(order, bool):
            refuse(element.at("order"), f"expected an integer, got {json.dumps(order)}")
        if order != 0:
            refuse(element.at("order"), "Taffy 0.7.7 has no order")
    if element.keyword("writing-mode", "horizontal-tb") != "horizontal-tb":
        refuse(element.at("writing-mode"), "Taffy 0.7.7 has no writing-mode (it lays out horizontal-tb)")
    if element.keyword("direction", "ltr") == "rtl" and any(child.displayed for child in element.children):
        refuse(element.at("direction"), "Taffy 0.7.7 has no direction (it lays out left to right)")
    position = element.keyword("position", "static")
    if position == "static":  # Taffy has none: relative, with the insets CSS ignores on a static element dropped
        for child in element.children:
            if child.displayed and child.keyword("position", "static") == "absolute":
                refuse(child.at("position"), "Taffy 0.7.7 has no position: static: it would place this element in "
                                             "its static parent, not in the nearest positioned ancestor")
    insets = [length(values.get(side, "auto"), element.at(side), negative=True, keywords=("auto",))
              for side in INSETS]
    if position == "static":
        insets = [AUTO] * 4
    parent_row = element.parent.is_row() if element.parent else True  # the viewport is a row
    basis = values.get("flex-basis", "auto")
    if basis == "content":  # the content size; auto means the same where the main size is auto
        main = "width" if parent_row else "height"
        if values.get(main, "auto") != "auto" and position != "absolute":
            refuse(element.at("flex-basis"), f"Taffy 0.7.7 has no flex-basis: content (it is auto here only where "
                                             f"{main} is auto)")
        basis = "auto"
    ratio = values.get("aspect-ratio", "auto")
    if ratio != "auto" and (not is_number(ratio) or ratio <= 0):
        refuse(element.at("aspect-ratio"), f"expected auto or a number > 0, got {json.dumps(ratio)}")

    def gap(name):
        value = values.get(name, {"px": 0})
        return Length(Scale.POINTS, 0.0) if value == "normal" else length(value, element.at(name))

    def size(name):
        return length(values.get(name, SIZES[name][0]), element.at(name), keywords=SIZES[name])

    def edges(kind, **options):
        names = [f"{kind}-{side}" if kind != "border" else f"border-{side}-width" for side in INSETS]
        return Rect(*(length(values.get(name, {"px": 0}), element.at(name), **options) for name in names))

    def line(name):  # grid-row-start / grid-column-start: auto or a line from 1 to MAX_LINE; the end is auto (span 1)
        value = values.get(name, "auto")
        if value == "auto":
            return GridPlacement()
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LINE:
            refuse(element.at(name), f"expected auto or an integer from 1 to {MAX_LINE}, got {json.dumps(value)}")
        return GridPlacement(GridIndex.from_index(value), GridIndex.auto())

    def tracks(name):
        return [] if element.keyword(name, "none") == "none" else [ONE_TRACK]

    overflow_x, overflow_y = overflow(element)
    display = element.keyword("display", "flex")
    justify_items = element.keyword("justify-items", "stretch")
    justify_self = element.keyword("justify-self", "auto")
    justify = element.keyword("justify-content", "flex-start")
    align_items = element.keyword("align-items", "stretch")
    align_self = element.keyword("align-self", "auto")
    align_content = element.keyword("align-content", "stretch")
    return dict(
        display=Display.NONE if display == "none" else Display.GRID if display == "grid" else Display.FLEX,
        box_sizing=BoxSizing.BORDER if element.keyword("box-sizing", "content-box") == "border-box" else BoxSizing.CONTENT,
        overflow_x=overflow_x, overflow_y=overflow_y, scrollbar_width=0.0,
        position=Position.ABSOLUTE if position == "absolute" else Position.RELATIVE,
        inset=Rect(*insets),
        flex_direction=enum(FlexDirection, element.keyword("flex-direction", "row")),
        flex_wrap=enum(FlexWrap, element.keyword("flex-wrap", "nowrap")),
        justify_content=enum(JustifyContent, "flex-start" if justify == "normal" else justify),
        align_items=enum(AlignItems, "stretch" if align_items == "normal" else align_items),
        align_self=None if align_self == "auto" else enum(AlignSelf, "stretch" if align_self == "normal" else align_self),
        align_content=enum(AlignContent, "stretch" if align_content == "normal" else align_content),
        gap=Size(gap("column-gap"), gap("row-gap")),
        margin=edges("margin", negative=True, keywords=("auto",)),
        padding=edges("padding"),
        border=edges("border", percent=False),
        size=Size(size("width"), size("height")),
        min_size=Size(size("min-width"), size("min-height")),
        max_size=Size(size("max-width"), size("max-height")),
        aspect_ratio=None if ratio == "auto" else float(ratio),
        flex_grow=number(values.get("flex-grow", 0), element.at("flex-grow")),
        flex_shrink=number(values.get("flex-shrink", 1), element.at("flex-shrink")),
        flex_basis=length(basis, element.at("flex-basis"), keywords=("auto",)),
        justify_items=enum(JustifyItems, "stretch" if justify_items == "normal" else justify_items),
        justify_self=None if justify_self == "auto" else enum(JustifySelf, justify_self),
        grid_template_columns=tracks("grid-template-columns"),
        grid_template_rows=tracks("grid-template-rows"),
        grid_column=line("grid-column-start"),
        grid_row=line("grid-row-start"),
    )


# Styles by their inputs: stretchable validates a Style in Python for about 1 ms, so building a 241-node tree cost
# 270 ms outside the timer. Styles are immutable, so nodes can share one. The key is everything a style depends on:
# the element's values, its parent's main axis (flex-basis: content) and its children's positions (static).
STYLES: dict[tuple, Style] = {}


def style_for(element: Element) -> Style:
    key = (json.dumps(element.values, sort_keys=True), element.parent.is_row() if element.parent else True,
           tuple(child.displayed and child.values.get("position") == "absolute" for child in element.children),
           any(child.displayed for child in element.children))
    style = STYLES.get(key)
    if style is None:
        if len(STYLES) >= 4096:
            STYLES.clear()
        style = STYLES[key] = Style(**style_kwargs(element))
    return style


def check(element: Element):
    """Every element's style, once, so that a refusal comes before any Taffy node is made."""
    style_for(element)
    for child in element.children:
        check(child)


def parse_case(request) -> tuple[Element, float | None, float | None]:
    case = request.get("case")
    if not isinstance(case, dict):
        refuse("$.case", "missing flex case object")
    if case.get("kind") != "flex":
        refuse("$.case.kind", 'expected "flex" (adapters receive flex cases only)')
    if "root" not in case:
        refuse("$.case.root", "missing root")
    root = Element(case["root"], "$.case.root", [], None)
    check(root)
    viewport = case.get("viewport") or {}
    if not isinstance(viewport, dict):
        refuse("$.case.viewport", 'expected {"width", "height"}')
    width, height = (None if viewport.get(axis) is None else number(viewport[axis], f"$.case.viewport.{axis}")
                     for axis in ("width", "height"))
    return root, width, height


# MARK: Building the Taffy tree

# Content sizes of the measured leaves by Taffy node id; the measure callback reads them.
LEAF_CONTENT: dict[int, tuple[float, float]] = {}
# Measure tables of the leaves that replay one, by Taffy node id.
LEAF_TABLES: dict[int, list] = {}


def measure_request(known: float, available: dict) -> tuple:
    """One axis of Taffy's request in a measure table's terms: a known size is `exactly`, a definite available space
    `at-most`, max-content `undefined` and min-content `at-most` 0 (Yoga, whose tables these are, has no min-content
    request)."""
    if not math.isnan(known):
        return ("exactly", known)
    if available["dim"] == Scale.POINTS:
        return ("at-most", available["value"])
    return ("at-most", 0.0) if available["dim"] == Scale.MIN_CONTENT else ("undefined", None)


def measure_leaf(known_width, known_height, available_width, available_height, context) -> tuple[float, float]:
    """Taffy's measure callback, called directly (stretchable's own wrapper builds several validated Python objects
    per call, about 0.3 ms each): the content size, or the answer a measure table replays, or the size Taffy already
    knows along an axis; never capped by the space available."""
    content = LEAF_CONTENT.get(context, (0.0, 0.0))
    table = LEAF_TABLES.get(context)
    if table is not None:
        content = replay(table, measure_request(known_width, available_width),
                         measure_request(known_height, available_height))
    return (content[0] if math.isnan(known_width) else known_width,
            content[1] if math.isnan(known_height) else known_height)


def build(element: Element, fixed: bool = False, measured: Element | None = None) -> Node:
    """The element's Taffy node and its subtree's. With `fixed`, each content leaf but `measured` whose content can be
    written as its size is a fixed-size leaf (`fixed_style`) instead of a measured one."""
    if element.content is not None:
        style = fixed_style(element) if fixed and element is not measured else None
        if style is not None:
            return Node(style=style)
        leaf = Node(style=style_for(element))
        taffylib.node_set_measure(taffy._ptr, leaf._node_id, True)  # the context is the node id
        LEAF_CONTENT[leaf._node_id] = element.content
        if element.measure is not None:
            LEAF_TABLES[leaf._node_id] = element.measure
        else:
            LEAF_TABLES.pop(leaf._node_id, None)
        return leaf
    return Node(*[build(child, fixed, measured) for child in element.children], style=style_for(element))


# Fixed-size styles of content leaves by the leaf's values and content; None where the content cannot be written.
FIXED_STYLES: dict[tuple, Style | None] = {}


def fixed_style(element: Element) -> Style | None:
    """A content leaf as a fixed-size leaf: each `auto` axis of its `width` and `height` set to the content (plus its
    padding and border under border-box), everything else as measured. None for a leaf whose measure answer is not
    constant (a measure table) and when a border-box leaf has a percentage padding (its border box depends on the
    parent). Whether the frames stay the same is checked per case
    (`fixed_leaves_agree`): they differ where Taffy would stretch or shrink a measured leaf's content, for instance.
    A leaf that replays a measure table answers more than one size, so it stays measured (None)."""
    if element.measure is not None:
        return None
    if getattr(element, "measure", None) is not None:
        return None  # a leaf that replays a measure table answers each request its own way
    key = (json.dumps(element.values, sort_keys=True), element.content,
           element.parent.is_row() if element.parent else True)
    if key in FIXED_STYLES:
        return FIXED_STYLES[key]
    kwargs = style_kwargs(element)
    border_box = element.keyword("box-sizing", "content-box") == "border-box"
    sizes = []
    for axis, content, sides in (("width", element.content[0], ("left", "right")),
                                 ("height", element.content[1], ("top", "bottom"))):
        given = getattr(kwargs["size"], axis)
        if given != AUTO:
            sizes.append(given)
            continue
        extra = 0.0
        if border_box:
            for side in sides:
                for name in (f"padding-{side}", f"border-{side}-width"):
                    value = element.values.get(name, {"px": 0})
                    if not (isinstance(value, dict) and "px" in value):
                        FIXED_STYLES[key] = None
                        return None
                    extra += value["px"]
        sizes.append(Length(Scale.POINTS, content + extra))
    kwargs["size"] = Size(*sizes)
    if len(FIXED_STYLES) >= 4096:
        FIXED_STYLES.clear()
    style = FIXED_STYLES[key] = Style(**kwargs)
    return style


def leaf_counts(element: Element, fixed: bool, measured: Element | None) -> tuple[int, int]:
    """How many content leaves a tree built with `fixed` and `measured` (`build`) has as fixed-size leaves, and how
    many measured by a callback."""
    if element.content is not None:
        is_fixed = fixed and element is not measured and fixed_style(element) is not None
        return (1, 0) if is_fixed else (0, 1)
    counts = [leaf_counts(child, fixed, measured) for child in element.children]
    return sum(count[0] for count in counts), sum(count[1] for count in counts)


VIEWPORT_STYLE = Style(display=Display.FLEX, position=Position.RELATIVE, flex_direction=FlexDirection.ROW,
                       flex_wrap=FlexWrap.NO_WRAP, align_items=AlignItems.FLEX_START,
                       justify_content=JustifyContent.FLEX_START)
VIEWPORT = VIEWPORT_STYLE.to_dict()
MAX_CONTENT = SizeAvailableSpace(LengthAvailableSpace.max_content(), LengthAvailableSpace.max_content()).to_dict()


def dimension(value: float | None) -> dict:
    return {"dim": Scale.AUTO.value, "value": math.nan} if value is None else {"dim": Scale.POINTS.value, "value": value}


def set_viewport(viewport: Node, width: float | None, height: float | None):
    """The viewport's size, set through taffylib with a prepared style (no stretchable Style to validate); Taffy marks
    the node dirty."""
    taffylib.node_set_style(taffy._ptr, viewport._node_id,
                            {**VIEWPORT, "size": {"width": dimension(width), "height": dimension(height)}})


def make_tree(root: Element, width: float | None, height: float | None, fixed: bool = False,
              measured: Element | None = None) -> Node:
    """The viewport (docs/flex-case-format.md "Layout and frames"): a row flex container of the viewport's size (auto,
    so max-content, for a null dimension) holding the root, which it never stretches. `fixed` and `measured` as in
    `build`."""
    viewport = Node(build(root, fixed, measured), style=VIEWPORT_STYLE)
    set_viewport(viewport, width, height)
    return viewport


def compute_layout(viewport: Node) -> int:
    """The Taffy call, then stretchable's copy of every node's result into Python (as `Node.compute_layout` does; its
    visibility test walks up to the root for every node, so the copy grows with depth × nodes). Returns the
    nanoseconds of the Taffy call alone (measure callbacks included, the copy excluded)."""
    start = time.perf_counter_ns()
    computed = taffylib.node_compute_layout_with_measure(taffy._ptr, viewport._node_id, MAX_CONTENT, measure_leaf)
    core = time.perf_counter_ns() - start
    if not computed:
        raise RuntimeError("taffy failed to compute the layout")
    viewport._update_layout()
    return core


def dispose(node: Node):
    """Frees the Taffy nodes: stretchable never drops them, and fresh benches build many trees."""
    for child in node:
        dispose(child)
    LEAF_CONTENT.pop(node._node_id, None)
    LEAF_TABLES.pop(node._node_id, None)
    taffylib.node_drop(taffy._ptr, node._node_id)


def layout_of(node: Node):
    """Taffy's result for a node, read directly: stretchable's copy (`Node._update_layout`) skips the children of a node
    it deems invisible (zero-sized, or wholly above or left of the origin), so its boxes can be stale."""
    taffylib.node_get_layout(taffy._ptr, node._node_id, node._taffy_layout)
    return node._taffy_layout


def frames(element: Element, node: Node, out: list):
    """Border boxes of the displayed elements in pre-order, relative to the parent's border box (Taffy's locations)."""
    if not element.displayed:
        return
    layout = layout_of(node)
    frame = {"path": element.index_path}
    if element.id is not None:
        frame["id"] = element.id
    # JSON has no NaN: a coordinate Taffy leaves undefined is written null, which the harness reads as NaN.
    frame.update({key: value if math.isfinite(value) else None
                  for key, value in (("x", layout.x), ("y", layout.y), ("width", layout.width), ("height", layout.height))})
    out.append(frame)
    for child, child_node in zip(element.children, node):
        frames(child, child_node, out)


# MARK: Baselines of content leaves


def baseline_sources(element: Element, node: Node):
    """The content leaves whose baselines can decide `element`'s baseline: the first in-flow item, or in a row an item
    aligned by its baseline (Taffy's rule and CSS's), followed down the tree."""
    if element.content is not None:
        yield element, node
        return
    items = [(child, child_node) for child, child_node in zip(element.children, node)
             if child.displayed and child.keyword("position", "static") != "absolute"]
    candidates = items[:1] + ([(child, child_node) for child, child_node in items if aligned_by_baseline(child)]
                              if element.is_row() else [])
    for child, child_node in candidates:
        yield from baseline_sources(child, child_node)


def aligned_by_baseline(element: Element) -> bool:
    align = element.keyword("align-self", "auto")
    return (element.parent.keyword("align-items", "stretch") if align == "auto" else align) == "baseline"


def check_baselines(element: Element, node: Node):
    """Taffy takes a measured leaf's baseline from its border box's bottom edge; CSS from the bottom of its content.
    Baseline alignment that reads a content leaf where the two differ is refused, after the layout that shows it."""
    if not element.displayed:
        return
    items = [(child, child_node) for child, child_node in zip(element.children, node)
             if child.displayed and child.keyword("position", "static") != "absolute"]
    aligned = [(child, child_node) for child, child_node in items if aligned_by_baseline(child)]
    if element.is_row() and len(aligned) >= 2:
        for child, child_node in aligned:
            for leaf, leaf_node in baseline_sources(child, child_node):
                layout = layout_of(leaf_node)
                top = layout.border_top + layout.padding_top
                inner = layout.height - top - layout.border_bottom - layout.padding_bottom
                css = top + content_top(leaf.offset, inner, leaf.content[1]) + leaf.content[1]
                if abs(css - layout.height) > 0.005:
                    where = child.at("align-self") if "align-self" in child.values else element.at("align-items")
                    refuse(where, f"stretchable gives Taffy no baseline for a measured leaf: Taffy aligns "
                                  f"{leaf.path} by its bottom edge ({layout.height:g}), CSS by its content's ({css:g})")
    for child, child_node in zip(element.children, node):
        check_baselines(child, child_node)


# MARK: Operations


def leaf_at(root: Element, viewport: Node, path, json_path: str, give_content=False) -> tuple[Element, Node]:
    """The content leaf at `path` (child indices from the root) and its Taffy node. An empty leaf (no children, no
    content) is made a measured leaf when `give_content` (a layout `change` gives it content, as a browser adds a
    content block), and refused otherwise (incremental benches)."""
    element = leaf_element(root, path, json_path)
    node = viewport[0]
    for index in path:
        node = node[index]
    if element.content is None:
        if not give_content:
            refuse(json_path, f"the element at path {json.dumps(path)} is not a leaf with content")
        element.content = (0.0, 0.0)
        taffylib.node_set_measure(taffy._ptr, node._node_id, True)
    return element, node


def leaf_element(root: Element, path, json_path: str) -> Element:
    """The leaf at `path`, checked: an array of child indices that names an element without children."""
    if not isinstance(path, list):
        refuse(json_path, "expected an array of child indices")
    element = root
    for index in path:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(element.children):
            refuse(json_path, f"no element at path {json.dumps(path)}")
        element = element.children[index]
    if element.children:
        refuse(json_path, f"the element at path {json.dumps(path)} is not a leaf")
    return element


def set_content(leaf: Node, width: float, height: float):
    """A leaf's new content size, told through Taffy's API: a new context for its measure function (the sizes are
    looked up by node id) and `mark_dirty`, since Taffy cannot know that a measure function's answer changed. A measure
    table is dropped: the leaf is a fixed-size content leaf from then on."""
    LEAF_CONTENT[leaf._node_id] = (width, height)
    LEAF_TABLES.pop(leaf._node_id, None)
    taffylib.node_mark_dirty(taffy._ptr, leaf._node_id)


def layout_op(request):
    root, width, height = parse_case(request)
    if "resize" in request and "change" in request:
        refuse("$.change", "one change per request: resize or change")
    viewport = make_tree(root, width, height)
    try:
        compute_layout(viewport)
        if "resize" in request:
            set_viewport(viewport, number(request["resize"], "$.resize"), height)
            compute_layout(viewport)
        elif "change" in request:
            change = request["change"]
            if not isinstance(change, dict) or not isinstance(change.get("content"), dict):
                refuse("$.change", 'expected {"path":[…],"content":{"width","height"}}')
            leaf, leaf_node = leaf_at(root, viewport, change.get("path"), "$.change.path", give_content=True)
            content = change["content"]
            leaf.content = (number(content.get("width", leaf.content[0]), "$.change.content.width"),
                            number(content.get("height", leaf.content[1]), "$.change.content.height"))
            leaf.measure = None
            set_content(leaf_node, *leaf.content)
            compute_layout(viewport)
        check_baselines(root, viewport[0])
        out = []
        frames(root, viewport[0], out)
        return {"frames": out}
    finally:
        dispose(viewport)


# What `fixed_leaves_agree` has checked, by case and mode: the widths or contents found to give the same frames, or
# False once one did not. The harness sends one case many times, so each width or change is checked once.
AGREEMENT: dict[tuple, set | bool] = {}


def frames_of(root: Element, viewport: Node) -> list:
    out = []
    frames(root, viewport[0], out)
    return out


def same_frames(first: list, second: list) -> bool:
    return len(first) == len(second) and all(
        a["path"] == b["path"] and all(abs(a[key] - b[key]) <= 1e-6 for key in ("x", "y", "width", "height"))
        for a, b in zip(first, second))


def fixed_leaves_agree(request, root: Element, mode: str, first, steps: list, height, path) -> bool:
    """Whether the tree with fixed-size leaves (`build(fixed=True)`) gives the same frames as the measured tree in the
    states the bench will time: the first layout (at viewport width `first`), then each step, a viewport width
    (relayout, resize) or the changed leaf's content width (incremental). Steps already checked for this case and
    mode are skipped; the leaf at `path` stays measured in both trees."""
    key = (json.dumps(request.get("case"), sort_keys=True), mode, json.dumps(path))
    known = AGREEMENT.get(key, set())
    if known is False:
        return False
    todo = [step for step in dict.fromkeys(steps) if step not in known]
    if not todo and known:
        return True
    measured = leaf_element(root, path, "$.change.path") if path is not None else None
    trees = [make_tree(root, first, height, fixed, measured) for fixed in (False, True)]
    try:
        leaves = [leaf_at(root, tree, path, "$.change.path")[1] for tree in trees] if path is not None else None
        agree = True
        for step in [None] + todo:
            for index, tree in enumerate(trees):
                if step is not None and leaves is not None:
                    set_content(leaves[index], step, measured.content[1])
                elif step is not None:
                    set_viewport(tree, step, height)
                compute_layout(tree)
            if not same_frames(frames_of(root, trees[0]), frames_of(root, trees[1])):
                agree = False
                break
    finally:
        for tree in trees:
            dispose(tree)
    if len(AGREEMENT) >= 256:
        AGREEMENT.clear()
    AGREEMENT[key] = known | set(todo) if agree else False
    return agree


def number_list(value, path: str) -> list[float]:
    if not isinstance(value, list) or not value:
        refuse(path, "expected a non-empty array of numbers ≥ 0")
    return [number(item, f"{path}[{index}]") for index, item in enumerate(value)]


def bench_op(request):
    root, width, height = parse_case(request)
    iterations = request.get("iterations")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        refuse("$.iterations", "expected a positive integer")
    mode = request.get("mode")
    total = core_total = 0
    root_size = (0.0, 0.0)

    def timed(viewport: Node):
        """Only Taffy's layout call (and stretchable's copy) is timed; every change before it is made outside."""
        nonlocal total, core_total, root_size
        start = time.perf_counter_ns()
        core_total += compute_layout(viewport)
        total += time.perf_counter_ns() - start
        layout = layout_of(viewport[0])  # black hole and validity check of every result
        root_size = (layout.width, layout.height)
        if not all(math.isfinite(value) and value >= 0 for value in root_size):
            raise RuntimeError("invalid root size after layout")

    if mode == "fresh":
        # A new tree per iteration, built outside the timer; each iteration times its first layout.
        fixed = leaf_counts(root, True, None)[0] > 0 and fixed_leaves_agree(
            request, root, mode, width, [], height, None)
        for iteration in range(iterations):
            viewport = make_tree(root, width, height, fixed)
            try:
                timed(viewport)
                if iteration == 0:
                    check_baselines(root, viewport[0])
            finally:
                dispose(viewport)
        counts = leaf_counts(root, fixed, None)
    else:
        if mode in ("relayout", "resize"):
            # The harness's schedule: viewport width W0 untimed, then one timed layout at each of W1 … WN.
            first, *widths = schedule(request, iterations)
        elif mode == "incremental":
            # In the case's viewport; call i gives the leaf the content width widths[i % count] (its height unchanged).
            change = request.get("change")
            if not isinstance(change, dict):
                refuse("$.change", 'expected {"path":[…],"widths":[…]}')
            contents = number_list(change.get("widths"), "$.change.widths")
            first, widths = width, None
        else:
            refuse("$.mode", 'expected "fresh", "relayout", "resize" or "incremental"')
        measured, path = None, None
        if mode == "incremental":  # refused before any checking when it names no content leaf
            path = change.get("path")
            measured = leaf_element(root, path, "$.change.path")
            if measured.content is None:
                refuse("$.change.path", f"the element at path {json.dumps(path)} is not a leaf with content")
        fixed = leaf_counts(root, True, measured)[0] > 0 and fixed_leaves_agree(
            request, root, mode, first, contents if widths is None else widths, height, path)
        counts = leaf_counts(root, fixed, measured)
        viewport = make_tree(root, first, height, fixed, measured)
        try:
            if mode == "incremental":
                leaf, leaf_node = leaf_at(root, viewport, path, "$.change.path")
            compute_layout(viewport)
            check_baselines(root, viewport[0])
            for index in range(iterations):
                if widths is not None:
                    set_viewport(viewport, widths[index], height)
                else:
                    set_content(leaf_node, contents[index % len(contents)], leaf.content[1])
                timed(viewport)
        finally:
            dispose(viewport)
    return {"nanosPerLayout": total / iterations, "coreNanosPerLayout": core_total / iterations,
            "iterations": iterations, "rootWidth": root_size[0], "rootHeight": root_size[1],
            "fixedLeaves": counts[0], "measuredLeaves": counts[1]}


def engine_version() -> str:
    """"Taffy X (stretchable Y)": tools/setup-engines reads X from taffylib's binary and passes the string on; run
    without it, the adapter reads the crate's source path (".../taffy-0.7.7/src/…") from the binary itself."""
    if os.environ.get("RISTRETTO_TAFFY_VERSION"):
        return os.environ["RISTRETTO_TAFFY_VERSION"]
    found = set()
    for path in glob.glob(os.path.join(os.path.dirname(taffylib.__file__), "taffylib*")):
        with open(path, "rb") as binary:
            found.update(re.findall(rb"taffy-(\d+\.\d+\.\d+)/", binary.read()))
    taffy_version = ", ".join(sorted(version.decode() for version in found)) or "(unknown version)"
    return f"Taffy {taffy_version} (stretchable {importlib.metadata.version('stretchable')})"


def handle(line: str):
    try:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            refuse("$", "the request is not a JSON object")
        op = request.get("op")
        if op == "info":
            return {"name": "taffy", "version": engine_version(),
                    "timing": "via Python, time.perf_counter_ns around the Taffy call and stretchable's copy of "
                              "every node's result; content leaves as fixed-size leaves where that gives the same "
                              "frames, else measured by Python callbacks",
                    "coreTiming": "the Taffy layout call alone (Python measure callbacks included where leaves stay "
                                  "measured)",
                    "viaPython": True,
                    **({} if (properties := mapped_properties(request, UNMAPPED)) is None else
                       {"properties": properties})}
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
        refuse("$.op", f"unknown op {json.dumps(op)} (expected info, layout or bench)")
    except Refusal as refusal:
        return {"error": str(refusal)}
    except Exception as error:  # an engine failure is a reply, never a dead adapter
        return {"error": f"{type(error).__name__}: {error}"}


def main():
    sys.setrecursionlimit(20_000)  # depth 1000 nests the case JSON about 2 000 levels deep
    taffy.use_rounding = False  # frames compare unrounded (stretchable's own default is on)
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(handle(line)) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
