"""Blitz's worker (engine_worker.py): builder.js's functions (static_page.py) answered by blitz-py's `Template`, a parsed
document that Blitz (Stylo + Taffy) styles and lays out on demand. Run by tools/engines/blitz/adapter.py only."""

from __future__ import annotations

import importlib.metadata
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from engine_worker import serve_worker  # noqa: E402  (the shared modules sit one folder up)
from static_page import Page, functions  # noqa: E402

import blitz_py  # noqa: E402

WINDOW = (1280, 800)  # the browsers' window (docs/engines.md)
TIMING = ("via Python, time.perf_counter_ns around Template.set_style and Template.get_box of the viewport, which "
          "restyles (Stylo) and lays out (Taffy) the document on demand: relayout, resize and incremental time each "
          "style write and the layout it forces; fresh times showing a parsed, display: none viewport and its first "
          "style and layout (parsing the markup and building the DOM are outside); includes the Python call")


def engine_version() -> str:
    """"Blitz (blitz-dom X, Stylo Y, Taffy Z) (blitz-py V)": the crates' versions from the CycloneDX SBOM that the
    wheel ships in its dist-info (blitz-py reports only its own version)."""
    distribution = importlib.metadata.distribution("blitz-py")
    crates = {}
    for file in distribution.files or []:
        if file.name.endswith(".cyclonedx.json"):
            with open(file.locate()) as sbom:
                crates = {component.get("name"): component.get("version")
                          for component in json.load(sbom).get("components", [])}
    parts = [f"{label} {crates[crate]}" for label, crate in (("blitz-dom", "blitz-dom"), ("Stylo", "stylo"),
                                                             ("Taffy", "taffy")) if crates.get(crate)]
    inner = f" ({', '.join(parts)})" if parts else ""
    return f"Blitz{inner} (blitz-py {distribution.version})"


class Document:
    """One Template: the page's markup, parsed; laid out again whenever a box is read after a style write."""

    def __init__(self, page: Page):
        self.page = page
        self.template = blitz_py.Template(page.markup(), width=WINDOW[0], height=WINDOW[1])

    def set(self, element_id: str, name: str, value: str):
        if element_id.startswith("c") and not self.has(element_id):
            index = int(element_id[1:])
            self.template.set_html(f"e{index}", self.page.block(index))  # a leaf without content gets its block
        else:
            self.template.set_style(element_id, name, value)

    def has(self, element_id: str) -> bool:
        try:
            self.template.get_box(element_id)
            return True
        except ValueError:
            return False

    def boxes(self) -> dict:
        return self.template.boxes()


class Blitz:
    open = Document

    @staticmethod
    def rejected(page: Page):
        return None  # blitz-py gives no way to read a declaration back: Stylo drops what it does not parse

    @staticmethod
    def time_changes(page: Page, document: Document, element_id: str, values: list) -> float:
        template = document.template
        sink = 0.0
        start = time.perf_counter_ns()
        for value in values:
            template.set_style(element_id, "width", value)
            sink += template.get_box("v")[3]
        elapsed = time.perf_counter_ns() - start
        if not sink >= 0:
            raise RuntimeError("invalid layout")
        return elapsed / len(values)

    @staticmethod
    def time_fresh(page: Page, count: int):
        shown_display = page.styles["v"]["display"]
        page.set("v", "display", "none")
        markup = page.markup()
        page.set("v", "display", shown_display)
        elapsed, boxes = 0, None
        for _ in range(count):
            template = blitz_py.Template(markup, width=WINDOW[0], height=WINDOW[1])  # parsed, nothing laid out
            start = time.perf_counter_ns()
            template.set_style("v", "display", shown_display)
            template.get_box("v")
            elapsed += time.perf_counter_ns() - start
            boxes = template.boxes()
        return elapsed / count, boxes


def ready() -> dict:
    return {"version": engine_version(), "timing": TIMING, "resolution": 1, "viaPython": True}


if __name__ == "__main__":
    serve_worker(functions(Blitz), ready)
