"""WeasyPrint's worker (engine_worker.py): builder.js's functions (static_page.py) answered by WeasyPrint, which lays
out a whole document into pages and keeps no state to lay out again. Run by tools/engines/weasyprint/adapter.py only.

The page is static_page's, on one `@page` of PAGE_SIZE with no margin, so that the viewport (absolutely positioned at
the page's origin) is never split. WeasyPrint has no `max-content` width or height: a `null` viewport dimension is
written `auto`, which for an absolutely positioned box is its shrink-to-fit size: its max-content size on a page this
wide. Frames are the border boxes of the page's box tree, by element id.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from engine_worker import serve_worker  # noqa: E402  (the shared modules sit one folder up)
from static_page import Page, functions  # noqa: E402

import tinycss2  # noqa: E402  (WeasyPrint's CSS tokenizer)
import weasyprint  # noqa: E402
from weasyprint.css.validation import preprocess_declarations  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402

PAGE_SIZE = "100000000px 800px"
TIMING = ("via Python, time.perf_counter_ns around HTML.render() of the whole document, parsed beforehand: "
          "WeasyPrint's cascade of the user-agent and page styles, box building and layout of every box, and the "
          "Document of pages (no drawing, no PDF). WeasyPrint keeps no layout state, so relayout, resize and "
          "incremental each render a new document with the change written in (the figure is a fresh layout of the "
          "changed document) and fresh renders the case's document")
IGNORED = re.compile(r"Ignored `([a-z-]+):(.*?)` at")


class Warnings(logging.Handler):
    """What WeasyPrint's CSS parser ignored during a render: (property, value) of each `Ignored` warning."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.ignored: list[tuple[str, str]] = []

    def emit(self, record):
        match = IGNORED.search(record.getMessage())
        if match:
            self.ignored.append((match[1], match[2]))


WARNINGS = Warnings()
logging.getLogger("weasyprint").addHandler(WARNINGS)
logging.getLogger("weasyprint").propagate = False
FONTS = FontConfiguration()


def written(style: dict) -> dict:
    """An element's declarations as WeasyPrint can take them. WeasyPrint 70 has the `overflow` shorthand but not its
    longhands: an element with `overflow-x` or `overflow-y` hidden or scroll (a scroll container; scrollbars take no
    space) gets `overflow: hidden`, and visible and clip, which change no layout in a flex item (clip makes no scroll
    container), are left out."""
    if "overflow-x" not in style and "overflow-y" not in style:
        return style
    out = {name: value for name, value in style.items() if name not in ("overflow-x", "overflow-y")}
    if style.get("overflow-x") in ("hidden", "scroll") or style.get("overflow-y") in ("hidden", "scroll"):
        out["overflow"] = "hidden"
    return out


def written_styles(page: Page) -> dict:
    """Every element's declarations as WeasyPrint gets them: `written`, and `auto` for the viewport's max-content
    sizes."""
    styles = {key: written(style) for key, style in page.styles.items()}
    styles["v"] = {name: "auto" if name in ("width", "height") and value == "max-content" else value
                   for name, value in styles["v"].items()}
    return styles


def markup(page: Page) -> str:
    saved = page.styles
    page.styles = written_styles(page)
    try:
        return page.markup(head=f"@page{{size:{PAGE_SIZE};margin:0}}html{{margin:0;padding:0}}")
    finally:
        page.styles = saved


def render(parsed) -> dict:
    """The page-relative border box of every element with an id: the first box of each."""
    document = parsed.render(font_config=FONTS)
    boxes: dict = {}
    pending = [page._page_box for page in document.pages]
    pending.reverse()
    while pending:
        box = pending.pop()
        element = getattr(box, "element", None)
        element_id = element.get("id") if element is not None else None
        if element_id and element_id not in boxes and getattr(box, "element_tag", None) != "html":
            boxes[element_id] = (float(box.border_box_x()), float(box.border_box_y()), float(box.border_width()),
                                 float(box.border_height()))
        pending.extend(reversed(getattr(box, "children", None) or []))
    return boxes


def validate(page: Page):
    """Runs every element's declarations through WeasyPrint's own validator, which logs what it would ignore
    (`WARNINGS`), before anything is laid out: a case WeasyPrint cannot express is refused without a layout, which for
    some nested cases takes minutes."""
    WARNINGS.ignored.clear()
    for style in written_styles(page).values():
        text = ";".join(f"{name}:{value}" for name, value in style.items())
        for _ in preprocess_declarations(None, tinycss2.parse_blocks_contents(text)):
            pass


class Document:
    """A page laid out on demand: WeasyPrint renders the whole markup again after any change. Nothing is laid out when
    a declaration would be ignored (`WeasyPrint.rejected` then refuses the case)."""

    def __init__(self, page: Page):
        self.page = page
        self.laid_out = None
        validate(page)
        if WARNINGS.ignored:
            return
        self.parsed = weasyprint.HTML(string=markup(page))
        self.laid_out = render(self.parsed)

    def set(self, element_id: str, name: str, value: str):
        self.laid_out = None  # the page holds the change already (static_page.functions writes it there first)

    def boxes(self) -> dict:
        if self.laid_out is None:
            self.laid_out = render(weasyprint.HTML(string=markup(self.page)))
        return self.laid_out


class WeasyPrint:
    open = Document

    @staticmethod
    def rejected(page: Page):
        """The first element whose style has a declaration WeasyPrint ignored (an unknown property or value)."""
        styles = written_styles(page)
        for name, value in WARNINGS.ignored:
            for element_id in ["v"] + [f"e{index}" for index in range(len(page.parents))]:
                if styles.get(element_id, {}).get(name) == value.strip():
                    return element_id, name, value.strip()
        return None

    @staticmethod
    def time_changes(page: Page, document: Document, element_id: str, values: list) -> float:
        elapsed = 0
        sink = 0.0
        for value in values:
            page.set(element_id, "width", value)
            parsed = weasyprint.HTML(string=markup(page))
            start = time.perf_counter_ns()
            result = parsed.render(font_config=FONTS)
            elapsed += time.perf_counter_ns() - start
            sink += len(result.pages)
        if not sink > 0:
            raise RuntimeError("invalid layout")
        document.set(element_id, "width", values[-1])
        return elapsed / len(values)

    @staticmethod
    def time_fresh(page: Page, count: int):
        text = markup(page)
        elapsed, boxes = 0, None
        for _ in range(count):
            parsed = weasyprint.HTML(string=text)
            start = time.perf_counter_ns()
            parsed.render(font_config=FONTS)
            elapsed += time.perf_counter_ns() - start
        boxes = render(weasyprint.HTML(string=text))
        return elapsed / count, boxes


def ready() -> dict:
    return {"version": f"WeasyPrint {importlib.metadata.version('weasyprint')}", "timing": TIMING, "viaPython": True}


if __name__ == "__main__":
    serve_worker(functions(WeasyPrint), ready)
