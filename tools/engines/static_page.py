"""builder.js's three functions (layout, changes, fresh) for HTML engines that run no script (blitz, weasyprint): the
same page, written as markup instead of built with the DOM, and the same answers (docs/engines.md "Servo, Blitz and
WeasyPrint"). Runs in the engine's worker (engine_worker.py); standard library only.

The description comes from browser_common.Tree: CSS printed by the adapter from checked numbers and keywords, never
text of the case, so each declaration is `name:value` with a value of [a-z0-9.%/ -] only (it is escaped anyway).
Element ids are the page's own: `v` (the viewport), `e<i>` (case element i in pre-order) and `c<i>` (its content
block); the case's ids stay in the adapter.
"""

from __future__ import annotations

import html

VIEWPORT = [("display", "flex"), ("flex-direction", "row"), ("align-items", "flex-start"),
            ("justify-content", "flex-start"), ("position", "absolute"), ("left", "0px"), ("top", "0px")]
CONTENT = [("display", "block"), ("flex", "none"), ("min-width", "0px"), ("min-height", "0px")]
RESET = "body,div{margin:0;padding:0;border:0 none}"


class Page:
    """A case's page as a model that markup is written from: the viewport's and every element's declarations, and
    each leaf's content block (None where the leaf has none). `set` changes one declaration, as the builder's
    `style.setProperty` does."""

    def __init__(self, viewport_size: list, description: list):
        self.parents = [entry[0] for entry in description]
        self.children: list[list[int]] = [[] for _ in description]
        for index, parent in enumerate(self.parents):
            if parent >= 0:
                self.children[parent].append(index)
        self.styles = {"v": dict(VIEWPORT + [("width", viewport_size[0]), ("height", viewport_size[1])])}
        for index, (_, style, content) in enumerate(description):
            self.styles[f"e{index}"] = dict((name, value) for name, value in style)
            if content is not None:
                self.styles[f"c{index}"] = dict(CONTENT + [("width", content[0]), ("height", content[1])])

    def set(self, element_id: str, name: str, value: str):
        self.styles.setdefault(element_id, dict(CONTENT))[name] = value

    @staticmethod
    def style_text(style: dict) -> str:
        return html.escape(";".join(f"{name}:{value}" for name, value in style.items()), quote=True)

    def block(self, index: int) -> str:
        key = f"c{index}"
        return f'<div id="{key}" style="{self.style_text(self.styles[key])}"></div>' if key in self.styles else ""

    def body(self) -> str:
        """The viewport and the case's elements as nested <div>s, one element per line (written without recursion:
        cases nest a thousand levels deep)."""
        out = [f'<div id="v" style="{self.style_text(self.styles["v"])}">']
        pending: list = [("close-viewport", None)] + [("open", 0)] if self.parents else [("close-viewport", None)]
        while pending:
            kind, index = pending.pop()
            if kind == "close-viewport":
                out.append("</div>")
            elif kind == "close":
                out.append("</div>")
            else:
                out.append(f'\n<div id="e{index}" style="{self.style_text(self.styles[f"e{index}"])}">{self.block(index)}')
                pending.append(("close", index))
                pending.extend(("open", child) for child in reversed(self.children[index]))
        return "".join(out)

    def markup(self, head: str = "") -> str:
        return (f'<!doctype html><html><head><meta charset="utf-8"><style>{RESET}{head}</style></head>'
                f"<body>{self.body()}</body></html>")

    def frames(self, boxes: dict) -> list:
        """x, y, width, height of every case element, x/y relative to the parent's border box (the root's to the
        viewport's), from the engine's page-relative border boxes by id; None where the engine gave no box (an element
        that is not displayed, which the adapter drops; a displayed one without a box is a wrong answer)."""
        out = []
        origin = boxes.get("v")
        for index, parent in enumerate(self.parents):
            box = boxes.get(f"e{index}")
            base = origin if parent < 0 else boxes.get(f"e{parent}")
            if box is None or base is None:
                out.extend([None] * 4)
            else:
                out.extend([box[0] - base[0], box[1] - base[1], box[2], box[3]])
        return out

    def root_size(self, boxes: dict) -> dict:
        box = boxes.get("e0")
        if box is None:
            raise RuntimeError("the root has no box")
        return {"rootWidth": box[2], "rootHeight": box[3]}


def apply_change(page: Page, change: dict | None) -> list:
    """The declarations a layout request's change writes, as (id, name, value): the viewport's width, or a leaf's
    content block's width and height (the block is created where the leaf had none)."""
    if change is None:
        return []
    if change["index"] < 0:
        return [("v", "width", change["width"])]
    key = f"c{change['index']}"
    return [(key, "width", change["width"]), (key, "height", change["height"])]


def functions(engine) -> dict:
    """builder.js's layout, changes and fresh for an engine that gives `open(page) → document` (laid out on demand),
    `document.set(id, name, value)`, `document.boxes()` (page-relative border boxes by id), and its own timing:
    `time_changes(page, document, id, values) → ns per layout` and `time_fresh(page, count) → ns per layout`. A value
    the engine's CSS parser ignored is answered {rejected} where the engine can tell (`engine.rejected(page)`)."""

    def rejected(page: Page):
        found = engine.rejected(page)
        if found is None:
            return None
        element_id, name, value = found
        index = -1 if element_id == "v" else int(element_id[1:])
        return {"rejected": {"index": index, "property": name, "value": value}}

    def layout(viewport_size, description, change):
        page = Page(viewport_size, description)
        document = engine.open(page)
        if (refusal := rejected(page)) is not None:
            return refusal
        document.boxes()
        for element_id, name, value in apply_change(page, change):
            page.set(element_id, name, value)
            document.set(element_id, name, value)
        return page.frames(document.boxes())

    def changes(viewport_size, description, target, values):
        page = Page(viewport_size, description)
        document = engine.open(page)
        if (refusal := rejected(page)) is not None:
            return refusal
        document.boxes()
        nanos = engine.time_changes(page, document, "v" if target < 0 else f"c{target}", values)
        return {"nanosPerLayout": nanos, **page.root_size(document.boxes())}

    def fresh(viewport_size, description, count):
        page = Page(viewport_size, description)
        document = engine.open(page)
        if (refusal := rejected(page)) is not None:
            return refusal
        nanos, boxes = engine.time_fresh(page, count)
        return {"nanosPerLayout": nanos, **page.root_size(boxes)}

    return {"layout": layout, "changes": changes, "fresh": fresh}
