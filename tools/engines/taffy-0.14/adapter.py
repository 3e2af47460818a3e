"""Taffy 0.14 peer adapter, through the PyPI package waxy (a direct binding of Taffy's TaffyTree): the JSON-lines
protocol of docs/engines.md "Protocol" for flex cases, with node_common.py's checks, operations and benchmarks.

Every property of the flex vocabulary becomes a field of Taffy's `Style`, at its CSS initial value when the case does
not give it. Refused, with the JSON path of the value, is only what Taffy 0.14 or waxy lacks: `order` other than 0,
`position: static` where an absolutely positioned child would take the static element as its containing block
(Taffy has no static position: it becomes relative, its insets dropped as CSS ignores them), min-content /
max-content / fit-content in `min-*` and `max-*` (waxy's are a length, a percentage or auto), percentages outside 0 to
100 % (waxy's `Percent`), and baseline alignment that reads a content leaf whose CSS baseline is not its border box's
bottom edge (a measure function gives Taffy a size only). `direction` is inherited as in CSS. Rounding is off unless a
layout request asks for it. Timing is through Python: the measure callbacks of content leaves run inside the timed call.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import node_common  # noqa: E402  (the shared modules sit one folder up)
from node_common import Leaves, Tree, keyword, refuse  # noqa: E402

try:
    import waxy
except ImportError:
    waxy = None

NOT_INSTALLED = ("taffy-0.14 not installed: run tools/setup-engines --with-all "
                 "(pip install waxy==0.7.1 into a Python 3.13 venv)")
TIMING = ("via Python, time.perf_counter_ns around TaffyTree.compute_layout only (rounding off); the measure "
          "callbacks of content leaves are Python functions, called inside the timed call")
SIDES = ("top", "right", "bottom", "left")
UNMAPPED = ("order", "writing-mode")  # at their initial values only; `info` lists the rest of the vocabulary


def taffy_version() -> str:
    """The crate's version from its source paths inside waxy's extension (".../taffy-0.14.0/src/…")."""
    found = set()
    folder = os.path.dirname(waxy.__file__)
    for name in os.listdir(folder):
        if name.startswith("_waxy") and name.endswith(".so"):
            with open(os.path.join(folder, name), "rb") as binary:
                found.update(re.findall(rb"taffy-(\d+\.\d+\.\d+)/", binary.read()))
    return ", ".join(sorted(version.decode() for version in found)) or "(unknown version)"


def member(kind, name: str):
    """An enum member by its CSS name ("flex-start" → FlexStart, "nowrap" → NoWrap)."""
    return getattr(kind, "NoWrap" if name == "nowrap" else "".join(part.capitalize() for part in name.split("-")))


class Taffy014:
    name = "taffy-0.14"
    baseline_is_bottom = True
    unmapped = UNMAPPED

    def __init__(self):
        self.rounding = False

    def info(self) -> dict:
        return {"version": f"Taffy {taffy_version()} (waxy {importlib.metadata.version('waxy')})", "timing": TIMING,
                "viaPython": True}

    # MARK: Styles

    def length(self, value: tuple, path: str, keywords: dict):
        """A typed value as waxy's Length, Percent (a fraction from 0 to 1) or a keyword's object."""
        if value[0] == "px":
            return waxy.Length(value[1])
        if value[0] == "percent":
            if not 0 <= value[1] <= 100:
                refuse(path, f"waxy takes percentages from 0 % to 100 % only, got {value[1]:g} %")
            return waxy.Percent(value[1] / 100)
        if value[0] == "keyword" and value[1] in keywords:
            return keywords[value[1]]()
        refuse(path, f"waxy has no {value[1]} here (a length, a percentage or {', '.join(keywords) or 'nothing else'})")

    def style(self, tree: Tree, index: int, direction: str):
        properties = tree.properties[index]
        at = f"{tree.json_paths[index]}.values"

        def get(name, initial):
            return properties.get(name, initial)

        def kw(name, initial):
            return keyword(tree, index, name, initial)

        def length(name, initial, **keywords):
            return self.length(get(name, initial), f"{at}.{name}", keywords)

        order = get("order", ("number", 0))
        if order[1] != 0:
            refuse(f"{at}.order", "Taffy 0.14 has no order")
        if kw("writing-mode", "horizontal-tb") != "horizontal-tb":
            refuse(f"{at}.writing-mode", "Taffy 0.14 has no writing-mode (it lays out horizontal-tb)")
        position = kw("position", "static")
        if position == "static":
            for child in tree.children[index]:
                if tree.displayed[child] and keyword(tree, child, "position", "static") == "absolute":
                    refuse(f"{tree.json_paths[child]}.values.position",
                           "Taffy 0.14 has no position: static: it would place this element in its static parent, "
                           "not in the nearest positioned ancestor")
        auto = {"auto": waxy.Auto}
        sizes = {"auto": waxy.Auto, "min-content": waxy.MinContent, "max-content": waxy.MaxContent,
                 "fit-content": waxy.FitContentKeyword}
        insets = {side: (waxy.Auto() if position == "static" else length(side, ("keyword", "auto"), **auto))
                  for side in SIDES}
        basis = get("flex-basis", ("keyword", "auto"))
        x, y = kw("overflow-x", "visible"), kw("overflow-y", "visible")
        if x in ("hidden", "scroll") or y in ("hidden", "scroll"):  # CSS's computed values: visible/clip become hidden
            x, y = ("hidden" if value in ("visible", "clip") else value for value in (x, y))
        ratio = get("aspect-ratio", ("keyword", "auto"))
        display = kw("display", "flex")
        justify = kw("justify-content", "flex-start")
        align_self, justify_self = kw("align-self", "auto"), kw("justify-self", "auto")

        def gap(name):
            value = get(name, ("px", 0.0))
            return waxy.Length(0.0) if value == ("keyword", "normal") else self.length(value, f"{at}.{name}", {})

        def line(name):
            value = get(name, ("keyword", "auto"))
            return waxy.GridPlacement() if value[0] == "keyword" else waxy.GridPlacement(
                start=waxy.GridLine(int(value[1])), end=waxy.Auto())

        def tracks(name):
            return [] if kw(name, "none") == "none" else [waxy.Minmax(waxy.Length(0.0), waxy.Fraction(1.0))]

        return waxy.Style(
            display=waxy.Display.Nil if display == "none" else waxy.Display.Grid if display == "grid" else waxy.Display.Flex,
            box_sizing=waxy.BoxSizing.BorderBox if kw("box-sizing", "content-box") == "border-box"
            else waxy.BoxSizing.ContentBox,
            overflow_x=member(waxy.Overflow, x), overflow_y=member(waxy.Overflow, y), scrollbar_width=0.0,
            position=waxy.Position.Absolute if position == "absolute" else waxy.Position.Relative,
            direction=waxy.Direction.Rtl if direction == "rtl" else waxy.Direction.Ltr,
            inset_top=insets["top"], inset_right=insets["right"], inset_bottom=insets["bottom"],
            inset_left=insets["left"],
            size_width=length("width", ("keyword", "auto"), **sizes),
            size_height=length("height", ("keyword", "auto"), **sizes),
            min_size_width=length("min-width", ("keyword", "auto"), **auto),
            min_size_height=length("min-height", ("keyword", "auto"), **auto),
            max_size_width=length("max-width", ("keyword", "none"), none=waxy.Auto),
            max_size_height=length("max-height", ("keyword", "none"), none=waxy.Auto),
            aspect_ratio=None if ratio[0] == "keyword" else ratio[1] / ratio[2],
            **{f"margin_{side}": length(f"margin-{side}", ("px", 0.0), **auto) for side in SIDES},
            **{f"padding_{side}": length(f"padding-{side}", ("px", 0.0)) for side in SIDES},
            **{f"border_{side}": length(f"border-{side}-width", ("px", 0.0)) for side in SIDES},
            flex_direction=member(waxy.FlexDirection, kw("flex-direction", "row")),
            flex_wrap=member(waxy.FlexWrap, kw("flex-wrap", "nowrap")),
            flex_grow=get("flex-grow", ("number", 0.0))[1],
            flex_shrink=get("flex-shrink", ("number", 1.0))[1],
            flex_basis=self.length(basis, f"{at}.flex-basis", {"auto": waxy.Auto, "content": waxy.Content}),
            justify_content=member(waxy.AlignContent, "flex-start" if justify == "normal" else justify),
            align_items=member(waxy.AlignItems, {"normal": "stretch"}.get(kw("align-items", "stretch"),
                                                                          kw("align-items", "stretch"))),
            align_self=None if align_self == "auto" else member(waxy.AlignItems, {"normal": "stretch"}.get(
                align_self, align_self)),
            align_content=member(waxy.AlignContent, {"normal": "stretch"}.get(kw("align-content", "stretch"),
                                                                              kw("align-content", "stretch"))),
            justify_items=member(waxy.AlignItems, {"normal": "stretch"}.get(kw("justify-items", "stretch"),
                                                                            kw("justify-items", "stretch"))),
            justify_self=None if justify_self == "auto" else member(waxy.AlignItems, justify_self),
            gap_width=gap("column-gap"), gap_height=gap("row-gap"),
            grid_template_columns=tracks("grid-template-columns"), grid_template_rows=tracks("grid-template-rows"),
            grid_column=line("grid-column-start"), grid_row=line("grid-row-start"),
        )

    def styles(self, tree: Tree) -> list:
        """Every element's style, with `direction` inherited (the viewport's is ltr)."""
        directions, styles = [], []
        for index, parent in enumerate(tree.parents):
            own = tree.properties[index].get("direction")
            directions.append(own[1] if own else (directions[parent] if parent >= 0 else "ltr"))
            styles.append(self.style(tree, index, directions[index]))
        return styles

    def check(self, tree: Tree):
        self.styles(tree)

    # MARK: The tree

    def build(self, tree: Tree, width, height, leaves: Leaves):
        taffy = waxy.TaffyTree()
        if self.rounding:
            taffy.enable_rounding()
        else:
            taffy.disable_rounding()
        styles = self.styles(tree)
        nodes = [None] * len(tree.paths)
        for index in reversed(range(len(tree.paths))):  # children before parents
            if tree.children[index]:
                nodes[index] = taffy.new_with_children(styles[index], [nodes[child] for child in tree.children[index]])
            elif tree.contents[index] is not None:
                nodes[index] = taffy.new_leaf_with_context(styles[index], index)
            else:
                nodes[index] = taffy.new_leaf(styles[index])
        viewport = taffy.new_with_children(self.viewport_style(width, height), [nodes[0]])

        def measure(known, available, index):
            return waxy.Size(*leaves.answer(index, self.request(known.width, available.width),
                                            self.request(known.height, available.height)))

        return {"taffy": taffy, "viewport": viewport, "nodes": nodes, "measure": measure,
                "available": waxy.AvailableSize(waxy.MaxContent(), waxy.MaxContent())}

    @staticmethod
    def request(known, available) -> tuple:
        """One axis of Taffy's measure request in a measure table's terms: a known size is `exactly`, a definite
        available space `at-most`, max-content `undefined` and min-content `at-most` 0."""
        if known is not None:
            return ("exactly", known)
        if isinstance(available, waxy.Definite):
            return ("at-most", available.value)
        return ("at-most", 0.0) if isinstance(available, waxy.MinContent) else ("undefined", None)

    @staticmethod
    def viewport_style(width, height):
        return waxy.Style(display=waxy.Display.Flex, position=waxy.Position.Relative,
                          flex_direction=waxy.FlexDirection.Row, flex_wrap=waxy.FlexWrap.NoWrap,
                          align_items=waxy.AlignItems.FlexStart, justify_content=waxy.AlignContent.FlexStart,
                          size_width=waxy.Auto() if width is None else waxy.Length(width),
                          size_height=waxy.Auto() if height is None else waxy.Length(height))

    def set_viewport(self, handle, width, height):
        handle["taffy"].set_style(handle["viewport"], self.viewport_style(width, height))

    def give_measure(self, handle, index):
        handle["taffy"].set_node_context(handle["nodes"][index], index)

    def changed(self, handle, index):
        handle["taffy"].mark_dirty(handle["nodes"][index])

    def compute(self, handle):
        handle["taffy"].compute_layout(handle["viewport"], handle["available"], handle["measure"])

    def frame(self, handle, index):
        layout = handle["taffy"].layout(handle["nodes"][index])
        return (layout.location.x, layout.location.y, layout.size.width, layout.size.height)

    def edges(self, handle, index):
        layout = handle["taffy"].layout(handle["nodes"][index])
        return (layout.border.top + layout.padding.top, layout.border.bottom + layout.padding.bottom)

    def dispose(self, handle):
        handle["taffy"].clear()

    def set_rounding(self, on: bool):
        self.rounding = on


def main():
    if waxy is None:
        for line in sys.stdin:
            if line.strip():
                print(json.dumps({"error": NOT_INSTALLED}), flush=True)
        return
    node_common.serve(Taffy014())


if __name__ == "__main__":
    main()
