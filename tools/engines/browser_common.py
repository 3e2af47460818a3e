"""What the browser peers share (tools/engines/chromium, firefox, webkit, servo, and the HTML engines blitz and
weasyprint): the JSON-lines protocol of docs/engines.md "Protocol" answered by a page that builder.js drives (or, for
an engine without script, by engine_worker.py's static page), with only the transport to the engine left to each
adapter. The node-tree peers in Python (taffy-0.14, yoga-current; node_common.py) use the same checks: `Tree` with
`measure_tables=True` keeps each element's typed properties and measure table.

Nothing of a case's text reaches a page: every property and value is checked here against the vocabulary of
docs/flex-case-format.md (the typed form by type, the text form by a strict regular expression per property), and
the CSS the page gets is written anew from the checked numbers and keywords. A request is checked whole before the
browser sees any of it, so a refusal never starts or touches the browser. Standard library only.
"""

from __future__ import annotations

import decimal
import json
import math
import os
import re
import secrets
import signal
import subprocess
import sys

# builder.js: the in-page half every browser peer injects once (tools/engines/browser/, shared by every browser peer).
BUILDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser", "builder.js")
START_TIMEOUT = 60.0
REQUEST_TIMEOUT = 900.0  # the harness bounds requests itself; this only keeps a wedged browser from hanging us
LAYOUT_TIMEOUT = 120.0  # one layout of a tree of 6 000 elements nested 1 000 deep takes about 5 s


class Refusal(Exception):
    """A request the adapter will not send to the browser; the message starts with the JSON path of the reason."""


def refuse(path: str, why: str):
    raise Refusal(f"{path}: {why}")


class BrowserError(Exception):
    """The browser died, hung or threw: the browser is replaced, and the request tried once more (Adapter.handle)."""


# MARK: The vocabulary (docs/flex-case-format.md "Vocabulary")


class Property:
    """What one longhand accepts: keywords, lengths in px, percentages, a plain number, or a ratio."""

    def __init__(self, keywords=(), length=None, percent=None, number=None, ratio=False):
        self.keywords = tuple(keywords)
        self.length = length  # None, "signed" or "non-negative"
        self.percent = percent  # the same
        self.number = number  # None, "non-negative", "integer" or "line" (a grid line, 1 to MAX_LINE)
        self.ratio = ratio  # aspect-ratio: a number > 0 (values), or "N" / "W / H" (style)

    def expected(self) -> str:
        kinds = []
        if self.length:
            kinds.append("a length" + (" ≥ 0" if self.length == "non-negative" else "") + " (px)")
        if self.percent:
            kinds.append("a percentage" + (" ≥ 0" if self.percent == "non-negative" else ""))
        if self.number == "integer":
            kinds.append(f"an integer from -{MAX_ORDER} to {MAX_ORDER}")
        elif self.number == "line":
            kinds.append(f"an integer from 1 to {MAX_LINE}")
        elif self.number:
            kinds.append("a number ≥ 0")
        if self.ratio:
            kinds.append("a ratio > 0")
        kinds.extend(self.keywords)
        return "expected " + (", ".join(kinds[:-1]) + " or " + kinds[-1] if len(kinds) > 1 else kinds[0])


MAX_ORDER = 2_147_483_647  # `order` is a 32-bit integer in CSS engines (docs/flex-case-format.md)
MAX_LINE = 1000  # grid lines: every line below it is a track the browser allocates (docs/flex-case-format.md)
ONE_TRACK = "minmax(0px, 1fr)"  # the one grid track list of the vocabulary, as canonical text and typed keyword
GRID_ALIGN = ("stretch", "start", "end", "center")
SIZE_KEYWORDS = ("min-content", "max-content", "fit-content")
POSITIONS = ("flex-start", "flex-end", "start", "end", "center")
JUSTIFY_POSITIONS = (*POSITIONS, "left", "right")
SELF_POSITIONS = (*POSITIONS, "self-start", "self-end")


def safe(positions: tuple) -> tuple:
    """`safe` before each of `positions` (CSS Box Alignment 3 §4.4; `unsafe` is written as the position alone)."""
    return tuple(f"safe {position}" for position in positions)


ALIGN_ITEMS = ("stretch", *SELF_POSITIONS, "baseline", *safe(SELF_POSITIONS))
SIZE = dict(length="non-negative", percent="non-negative")
SIDES = ("top", "right", "bottom", "left")
VOCABULARY: dict[str, Property] = {
    "display": Property(("flex", "grid", "none")),
    "position": Property(("static", "relative", "absolute")),
    **{side: Property(("auto",), length="signed", percent="signed") for side in SIDES},
    "box-sizing": Property(("border-box", "content-box")),
    "width": Property(("auto", *SIZE_KEYWORDS), **SIZE),
    "height": Property(("auto", *SIZE_KEYWORDS), **SIZE),
    "min-width": Property(("auto", *SIZE_KEYWORDS), **SIZE),
    "min-height": Property(("auto", *SIZE_KEYWORDS), **SIZE),
    "max-width": Property(("none", *SIZE_KEYWORDS), **SIZE),
    "max-height": Property(("none", *SIZE_KEYWORDS), **SIZE),
    "aspect-ratio": Property(("auto",), ratio=True),
    **{f"margin-{side}": Property(("auto",), length="signed", percent="signed") for side in SIDES},
    **{f"padding-{side}": Property(**SIZE) for side in SIDES},
    **{f"border-{side}-width": Property(length="non-negative") for side in SIDES},
    "flex-direction": Property(("row", "row-reverse", "column", "column-reverse")),
    "flex-wrap": Property(("nowrap", "wrap", "wrap-reverse")),
    "flex-grow": Property(number="non-negative"),
    "flex-shrink": Property(number="non-negative"),
    "flex-basis": Property(("auto", "content"), **SIZE),
    "order": Property(number="integer"),
    # `normal` means what it means in a flex container (flex-start, stretch, stretch; a gap of 0): the browser knows.
    "justify-content": Property((*JUSTIFY_POSITIONS, "space-between", "space-around", "space-evenly", "normal",
                                 *safe(JUSTIFY_POSITIONS))),
    "align-items": Property((*ALIGN_ITEMS, "normal")),
    "align-self": Property(("auto", *ALIGN_ITEMS)),
    "align-content": Property(("stretch", *POSITIONS, "space-between", "space-around", "space-evenly", "normal",
                               *safe(POSITIONS))),
    "row-gap": Property(("normal",), **SIZE),
    "column-gap": Property(("normal",), **SIZE),
    "overflow-x": Property(("visible", "hidden", "clip", "scroll")),
    "overflow-y": Property(("visible", "hidden", "clip", "scroll")),
    "direction": Property(("ltr", "rtl")),
    "writing-mode": Property(("horizontal-tb", "vertical-lr", "vertical-rl")),
    # The one-cell grid of a ZBox (docs/conformance.md "Box cases as flex cases").
    "justify-items": Property((*GRID_ALIGN, "normal")),
    "justify-self": Property(("auto", *GRID_ALIGN)),
    "grid-template-columns": Property(("none", ONE_TRACK)),
    "grid-template-rows": Property(("none", ONE_TRACK)),
    "grid-column-start": Property(("auto",), number="line"),
    "grid-row-start": Property(("auto",), number="line"),
}

# The text form, matched whole (re.fullmatch) and ASCII only: a number in decimal or exponent notation, then a unit.
NUMBER = r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
LENGTH_TEXT = re.compile(rf"({NUMBER})px|(0)")  # a bare 0 is a length too (docs/flex-case-format.md)
PERCENT_TEXT = re.compile(rf"({NUMBER})%")
NUMBER_TEXT = re.compile(NUMBER)
INTEGER_TEXT = re.compile(r"-?[0-9]+")
RATIO_TEXT = re.compile(rf"({NUMBER})(?: ?/ ?({NUMBER}))?")


def shown(value) -> str:
    """A request value in a message: JSON, shortened."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key) else f"{path}[{json.dumps(key)}]"


def finite(value, path: str, why: str) -> float:
    """A JSON number as a finite float (json.loads also makes NaN, Infinity and huge integers)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        refuse(path, f"{why}, got {shown(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        refuse(path, f"{why}, got a number that is not finite")
    return number + 0.0  # -0 → 0


def in_range(number: float, sign: str | None, kind: Property, path: str, got) -> float:
    if (sign == "non-negative" and number < 0 or sign == "integer" and abs(number) > MAX_ORDER
            or sign == "line" and not 1 <= number <= MAX_LINE):
        refuse(path, f"{kind.expected()}, got {shown(got)}")
    return number


def typed_value(name: str, value, path: str) -> tuple:
    """One entry of `values` as ("keyword", k) | ("px", n) | ("percent", n) | ("number", n) | ("ratio", w, h)."""
    kind = VOCABULARY[name]
    if isinstance(value, str):
        if value in kind.keywords:
            return ("keyword", value)
    elif isinstance(value, dict) and len(value) == 1:
        (unit, number), = value.items()
        if unit == "px" and kind.length or unit == "percent" and kind.percent:
            number = finite(number, key_path(path, unit), "expected a finite number")
            return (unit, in_range(number, kind.length if unit == "px" else kind.percent, kind, path, value))
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and (kind.number or kind.ratio):
        number = finite(value, path, kind.expected())
        if kind.ratio:
            if number <= 0:
                refuse(path, f"{kind.expected()}, got {shown(value)}")
            return ("ratio", number, 1.0)
        if kind.number in ("integer", "line") and not number.is_integer():
            refuse(path, f"{kind.expected()}, got {shown(value)}")
        return ("number", in_range(number, kind.number, kind, path, value))
    refuse(path, f"{kind.expected()}, got {shown(value)}")


def text_value(name: str, text, path: str) -> tuple:
    """One entry of `style` (CSS text) in the typed form, if it matches the property's strict grammar."""
    kind = VOCABULARY[name]
    wrong = f"{kind.expected()}, got {shown(text)}"

    def number(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            refuse(path, wrong + " (not a finite number)")
        return value + 0.0  # -0 → 0

    if not isinstance(text, str):
        refuse(path, wrong)
    if text in kind.keywords:
        return ("keyword", text)
    if kind.length and (match := LENGTH_TEXT.fullmatch(text)):
        return ("px", in_range(number(match[1] or "0"), kind.length, kind, path, text))
    if kind.percent and (match := PERCENT_TEXT.fullmatch(text)):
        return ("percent", in_range(number(match[1]), kind.percent, kind, path, text))
    if kind.number and (INTEGER_TEXT if kind.number in ("integer", "line") else NUMBER_TEXT).fullmatch(text):
        return ("number", in_range(number(text), kind.number, kind, path, text))
    if kind.ratio and (match := RATIO_TEXT.fullmatch(text)):
        width, height = number(match[1]), number(match[2] or "1")
        if width > 0 and height > 0:
            return ("ratio", width, height)
    refuse(path, wrong)


def same_value(a: tuple, b: tuple) -> bool:
    if a[0] == "ratio" and b[0] == "ratio":  # "16 / 9" in style is 1.7777777777777777 in values
        return math.isclose(a[1] / a[2], b[1] / b[2], rel_tol=1e-12)
    return a == b


def css_number(number: float) -> str:
    """A finite float as a CSS <number>: its shortest round-trip digits written out without an exponent (1e-07 is
    0.0000001), as the canonical style text is."""
    text = format(decimal.Decimal(repr(number + 0.0)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def css(value: tuple) -> str:
    """The CSS text of a checked typed value, written from its parts (never copied from the request)."""
    kind = value[0]
    if kind == "keyword":
        return value[1]
    if kind == "px":
        return css_number(value[1]) + "px"
    if kind == "percent":
        return css_number(value[1]) + "%"
    if kind == "number":
        return css_number(value[1])
    return f"{css_number(value[1])} / {css_number(value[2])}"


def px(number: float) -> str:
    return css_number(number) + "px"


def properties_of(element: dict, path: str) -> dict:
    """An element's checked properties {name: typed value}, from `values` and `style` (which must agree)."""
    forms = {}
    for form, parse in (("values", typed_value), ("style", text_value)):
        if form not in element:
            continue
        given = element[form]
        if not isinstance(given, dict):
            refuse(f"{path}.{form}", f"expected an object of CSS longhands, got {shown(given)}")
        forms[form] = {}
        for name, value in given.items():
            if name not in VOCABULARY:
                refuse(key_path(f"{path}.{form}", name),
                       'not a property of the flex vocabulary (docs/flex-case-format.md "Vocabulary")')
            forms[form][name] = parse(name, value, key_path(f"{path}.{form}", name))
    if "values" in forms and "style" in forms:
        values, style = forms["values"], forms["style"]
        for name in sorted(values.keys() ^ style.keys()):
            absent = "style" if name in values else "values"
            refuse(f"{path}.{absent}", f"lacks {name}, which {'values' if absent == 'style' else 'style'} gives")
        for name, value in values.items():
            if not same_value(value, style[name]):
                refuse(key_path(f"{path}.style", name),
                       f"{shown(element['style'][name])} is not values.{name} {shown(element['values'][name])}")
        # The style's "W / H" keeps both terms of an aspect ratio, as browsers do; values only have the quotient.
        return {name: style[name] if value[0] == "ratio" else value for name, value in values.items()}
    return forms.get("values", forms.get("style", {}))


def element_style(properties: dict) -> list:
    """The inline style of one case element: display flex unless grid or none, solid borders where widths are given,
    and on a grid the vocabulary's initial justify-content (flex-start, which a grid reads as start), where CSS's
    own initial value `normal` would stretch the grid's auto tracks."""
    style = {"display": "flex"}
    for name, value in properties.items():
        style[name] = css(value)
        if name.startswith("border-") and name.endswith("-width"):
            style[name[:-len("-width")] + "-style"] = "solid"
    if style["display"] == "grid":
        style.setdefault("justify-content", "flex-start")
    return list(style.items())


ELEMENT_KEYS = {"style", "values", "id", "content", "children", "contentOffset"}
CASE_KEYS = {"kind", "name", "description", "viewport", "root"}
IGNORED_CASE_KEYS = {"expect", "tolerance", "source"}  # "not sent", and meaningless to an engine if they are


class Tree:
    """A checked flex case, its elements in pre-order: the builder's description and what maps frames back. With
    `measure_tables`, a leaf's measure table is accepted (checked, in `measures`) instead of refused: an engine that
    asks a measure function replays it (node_common.py)."""

    def __init__(self, request: dict, measure_tables: bool = False):
        self.measure_tables = measure_tables
        case = request.get("case")
        if not isinstance(case, dict):
            refuse("$.case", f"expected a flex case object, got {shown(case)}")
        for key in case:
            if key not in CASE_KEYS | IGNORED_CASE_KEYS:
                refuse(key_path("$.case", key), "not a key of a flex case (docs/flex-case-format.md)")
        if case.get("kind", "flex") != "flex":
            refuse("$.case.kind", f'adapters receive flex cases only, got {shown(case["kind"])}')
        viewport = case.get("viewport", {})
        if not isinstance(viewport, dict):
            refuse("$.case.viewport", f"expected {{width, height}}, got {shown(viewport)}")
        for key in viewport:
            if key not in ("width", "height"):
                refuse(key_path("$.case.viewport", key), "expected only width and height")
        self.viewport = []
        for axis in ("width", "height"):
            value = viewport.get(axis)
            if value is not None:
                value = finite(value, f"$.case.viewport.{axis}", "expected a number ≥ 0 or null")
                if value < 0:
                    refuse(f"$.case.viewport.{axis}", f"expected a number ≥ 0 or null, got {shown(viewport[axis])}")
            self.viewport.append(value)
        self.paths: list[list] = []
        self.json_paths: list[str] = []
        self.parents: list[int] = []
        self.children: list[list[int]] = []
        self.ids: list = []
        self.contents: list = []
        self.displayed: list[bool] = []
        self.description: list = []  # per element: [parent index, [[property, CSS value]…], content [w, h] or null]
        self.properties: list[dict] = []  # per element: {property: checked typed value} (`typed_value`'s tuples)
        self.measures: list = []  # per element: its checked measure table (`measure_table`), or None
        self.offsets: list = []  # per element: where its content sits (`content_offset`), (0, 0) for the start edge
        if "root" not in case:
            refuse("$.case.root", "missing")
        pending = [(case["root"], -1, [], "$.case.root")]
        while pending:  # pre-order without recursion (deep cases nest a thousand levels)
            element, parent, path, json_path = pending.pop()
            index = self.add(element, parent, path, json_path)
            children = element.get("children", [])
            for position in reversed(range(len(children))):
                pending.append((children[position], index, path + [position], f"{json_path}.children[{position}]"))

    def add(self, element, parent: int, path: list, json_path: str) -> int:
        if not isinstance(element, dict):
            refuse(json_path, f"expected an element object, got {shown(element)}")
        for key in element:
            if key not in ELEMENT_KEYS:
                refuse(key_path(json_path, key),
                       "not a key of a flex element (style, values, id, content, children, contentOffset)")
        properties = properties_of(element, json_path)
        children = element.get("children", [])
        if not isinstance(children, list):
            refuse(f"{json_path}.children", f"expected an array of elements, got {shown(children)}")
        if "id" in element and not isinstance(element["id"], str):
            refuse(f"{json_path}.id", f"expected a string, got {shown(element['id'])}")
        content = element.get("content")
        measure = None
        if content is not None:
            if children:
                refuse(f"{json_path}.content", "only a leaf (an element without children) has content")
            if isinstance(content, dict) and "measure" in content:
                if not self.measure_tables:
                    # A page has no measure function to ask: its content is a block of one fixed size.
                    refuse(f"{json_path}.content.measure", "a browser cannot replay recorded measurements (a measure "
                           "table): its content is a box of one fixed size")
                measure = measure_table(content["measure"], f"{json_path}.content.measure")
                content = {key: value for key, value in content.items() if key != "measure"}
            content = self.content_size(content, f"{json_path}.content")
        index = len(self.paths)
        self.paths.append(path)
        self.json_paths.append(json_path)
        self.parents.append(parent)
        self.children.append([])
        if parent >= 0:
            self.children[parent].append(index)
        self.ids.append(element.get("id"))
        self.contents.append(content)
        self.properties.append(properties)
        self.measures.append(measure)
        self.offsets.append(content_offset(element.get("contentOffset", [0, 0]), f"{json_path}.contentOffset"))
        none = properties.get("display") == ("keyword", "none")
        self.displayed.append(not none and (parent < 0 or self.displayed[parent]))
        self.description.append([parent, element_style(properties), None if content is None else
                                 [px(content[0]), px(content[1])]])
        return index

    @staticmethod
    def content_size(content, json_path: str) -> tuple:
        if not isinstance(content, dict) or set(content) != {"width", "height"}:
            refuse(json_path, f"expected {{width, height}}, got {shown(content)}")
        size = tuple(finite(content[key], f"{json_path}.{key}", "expected a number ≥ 0") for key in ("width", "height"))
        for key, value in zip(("width", "height"), size):
            if value < 0:
                refuse(f"{json_path}.{key}", f"expected a number ≥ 0, got {shown(content[key])}")
        return size

    def viewport_css(self, width: float | None = None) -> list:
        """The viewport's width and height as CSS (null is max-content); `width` replaces the case's."""
        width = self.viewport[0] if width is None else width
        return ["max-content" if value is None else px(value) for value in (width, self.viewport[1])]

    def leaf(self, path, json_path: str) -> int:
        """The pre-order index of the leaf at `path` (child indices from the root)."""
        if not isinstance(path, list) or not all(isinstance(step, int) and not isinstance(step, bool) for step in path):
            refuse(json_path, f"expected an array of child indices, got {shown(path)}")
        index = 0
        for step in path:
            if not 0 <= step < len(self.children[index]):
                refuse(json_path, f"no element at {json.dumps(path)}")
            index = self.children[index][step]
        if self.children[index]:
            refuse(json_path, f"the element at {json.dumps(path)} has children: only a leaf's content changes")
        return index

    def frames(self, numbers: list) -> list:
        """The frames of every displayed element, in pre-order, from the builder's x, y, width, height per element."""
        out = []
        for index, path in enumerate(self.paths):
            if not self.displayed[index]:
                continue
            frame = {"path": path}
            if self.ids[index] is not None:
                frame["id"] = self.ids[index]
            # A coordinate that is not a finite number (WeasyPrint answers an infinite height for some flex
            # containers) is written null, the protocol's undefined coordinate: JSON has no NaN or Infinity.
            x, y, width, height = (value if isinstance(value, (int, float)) and math.isfinite(value) else None
                                   for value in numbers[4 * index: 4 * index + 4])
            frame.update(x=x, y=y, width=width, height=height)
            out.append(frame)
        return out

    def rejected(self, details: dict) -> Refusal:
        """The browser did not accept a value the adapter wrote (a bug of ours, never of the case): a refusal naming it."""
        index = details.get("index", -1)
        where = "$.case.viewport" if index < 0 else self.json_paths[index]
        return Refusal(f"{where}: the browser rejected {details.get('property')}: {details.get('value')}")


# MARK: Measure tables (docs/flex-case-format.md "Measure tables")

MEASURE_MODES = ("exactly", "at-most", "undefined")


def measure_table(table, path: str) -> list:
    """A measure table, checked: a non-empty list of records, each `((width mode, size or None), (height mode, size or
    None), (output width, output height))`, every size a finite number ≥ 0."""
    if not isinstance(table, list) or not table:
        refuse(path, "expected a non-empty array of measure records")
    records = []
    for index, entry in enumerate(table):
        at = f"{path}[{index}]"
        if not isinstance(entry, dict):
            refuse(at, "expected a measure record object")
        for key in entry:
            if key not in ("width", "widthMode", "height", "heightMode", "output"):
                refuse(key_path(at, key), "unknown key of a measure record")
        axes = []
        for size_key, mode_key in (("width", "widthMode"), ("height", "heightMode")):
            mode = entry.get(mode_key)
            if mode not in MEASURE_MODES:
                refuse(f"{at}.{mode_key}", f"expected one of {', '.join(MEASURE_MODES)}, got {shown(mode)}")
            if (mode == "undefined") == (size_key in entry):
                refuse(f"{at}.{size_key}",
                       f"a size is given exactly where the mode is not undefined ({mode_key} is {mode})")
            axes.append((mode, None if mode == "undefined" else number(entry[size_key], f"{at}.{size_key}")))
        output = entry.get("output")
        if not isinstance(output, dict) or set(output) != {"width", "height"}:
            refuse(f"{at}.output", 'expected {"width": w, "height": h}')
        records.append((axes[0], axes[1], (number(output["width"], f"{at}.output.width"),
                                           number(output["height"], f"{at}.output.height"))))
    return records


def content_offset(value, path: str) -> tuple[float, float]:
    """A leaf's `contentOffset`, checked: `[with room, without room]`, the shares of the free height above its content
    (docs/flex-case-format.md "What adapters receive"; Swift's `ContentOffset` is the one rule)."""
    if not isinstance(value, list) or len(value) != 2 or not all(
            isinstance(share, (int, float)) and not isinstance(share, bool) and 0 <= share <= 1 for share in value):
        refuse(path, f"expected [share with room, share without room], each from 0 to 1, got {shown(value)}")
    return float(value[0]), float(value[1])


def content_top(offset: tuple, inner: float, h: float) -> float:
    """Where a leaf's content (an h-high box, a flex item of the leaf) sits in the leaf's content box of height `inner`:
    its `contentOffset` share of the free height; the leaf's CSS baseline is that box's bottom."""
    free = inner - h
    share = offset[0] if free > 0 else offset[1]
    return free * share if share else 0.0  # 0 at the start edge, even for an undefined height


def schedule(request: dict, iterations: int) -> list[float]:
    """A relayout or resize bench's viewport widths as the harness sends them (docs/engines.md "Protocol"): W0, laid
    out untimed, then one timed layout at each of W1 … WN. Every schedule is Swift's; no adapter computes one."""
    widths = request.get("widths")
    if not isinstance(widths, list) or len(widths) != iterations + 1:
        refuse("$.widths", f"expected iterations + 1 = {iterations + 1} viewport widths, got {shown(widths)}")
    return [number(value, f"$.widths[{step}]") for step, value in enumerate(widths)]


def incremental_change(tree: Tree, request: dict) -> tuple[int, list[float]]:
    """An incremental bench's `change`: the pre-order index of the content leaf it names, and the content widths its
    timed calls cycle through."""
    details = request.get("change")
    if not isinstance(details, dict) or set(details) != {"path", "widths"}:
        refuse("$.change", f'expected {{"path":[…],"widths":[…]}}, got {shown(details)}')
    index = tree.leaf(details["path"], "$.change.path")
    if tree.contents[index] is None:
        refuse("$.change.path", f"the leaf at {json.dumps(details['path'])} has no content to change the width of")
    widths = details["widths"]
    if not isinstance(widths, list) or not widths:
        refuse("$.change.widths", f"expected a non-empty array of widths, got {shown(widths)}")
    return index, [number(value, f"$.change.widths[{step}]") for step, value in enumerate(widths)]


def mapped_properties(request: dict, unmapped) -> list | None:
    """The `info` reply's `properties`: the vocabulary the request names (Swift sends it with `info`) but `unmapped`,
    the properties an engine has only at their initial values; None when the request names none."""
    vocabulary = request.get("vocabulary")
    if not isinstance(vocabulary, list):
        return None
    return [name for name in vocabulary if isinstance(name, str) and name not in unmapped]


def replay(records: list, width: tuple, height: tuple) -> tuple[float, float]:
    """The output of the record that answers a request `(mode, size or None)` per axis: the fewest axes whose mode
    differs, then the least sum of |asked − recorded| over the axes where both have a size, then the earliest."""
    best, best_key = records[0], None
    for record in records:
        mismatch, distance = 0, 0.0
        for (mode, size), (recorded_mode, recorded_size) in ((width, record[0]), (height, record[1])):
            mismatch += mode != recorded_mode
            if size is not None and recorded_size is not None:
                distance += abs(size - recorded_size)
        if best_key is None or (mismatch, distance) < best_key:
            best, best_key = record, (mismatch, distance)
    return best[2]


# MARK: Operations


def number(value, json_path: str) -> float:
    number = finite(value, json_path, "expected a number ≥ 0")
    if number < 0:
        refuse(json_path, f"expected a number ≥ 0, got {shown(value)}")
    return number


def page_result(tree: Tree, result):
    """A builder result, or the refusal it reports (a value the browser's CSS parser did not accept)."""
    if isinstance(result, dict) and "rejected" in result:
        raise tree.rejected(result["rejected"])
    return result


def layout_op(adapter: BrowserAdapter, request: dict) -> dict:
    if request.get("rounding", False) is not False:
        refuse("$.rounding", adapter.rounding_refusal)
    tree = Tree(request)
    if "resize" in request and "change" in request:
        refuse("$.change", "a layout request carries one change: resize or change, not both")
    change = None
    if "resize" in request:
        change = {"index": -1, "width": px(number(request["resize"], "$.resize"))}
    elif "change" in request:
        details = request["change"]
        if not isinstance(details, dict) or set(details) != {"path", "content"}:
            refuse("$.change", f'expected {{"path":[…],"content":{{"width","height"}}}}, got {shown(details)}')
        index = tree.leaf(details["path"], "$.change.path")
        width, height = Tree.content_size(details["content"], "$.change.content")
        change = {"index": index, "width": px(width), "height": px(height)}
    numbers = page_result(tree, adapter.run("layout", tree.viewport_css(), tree.description, change,
                                            timeout=LAYOUT_TIMEOUT))
    if not isinstance(numbers, list) or len(numbers) != 4 * len(tree.paths):
        raise BrowserError(f"the builder answered {shown(numbers)}")
    return {"frames": tree.frames(numbers)}


def bench_op(adapter: BrowserAdapter, request: dict) -> dict:
    tree = Tree(request)
    iterations = request.get("iterations")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        refuse("$.iterations", f"expected a positive integer, got {shown(iterations)}")
    if request.get("rounding", False) is not False:
        refuse("$.rounding", "rounding is for layout requests only")
    mode = request.get("mode")
    if mode == "fresh":
        result = page_result(tree, adapter.run("fresh", tree.viewport_css(), tree.description, iterations))
    elif mode in ("relayout", "resize"):
        widths = schedule(request, iterations)
        result = page_result(tree, adapter.run("changes", tree.viewport_css(widths[0]), tree.description, -1,
                                               [px(value) for value in widths[1:]]))
    elif mode == "incremental":
        index, widths = incremental_change(tree, request)
        values = [px(widths[step % len(widths)]) for step in range(iterations)]
        result = page_result(tree, adapter.run("changes", tree.viewport_css(), tree.description, index, values))
    else:
        refuse("$.mode", f'expected "fresh", "relayout", "resize" or "incremental", got {shown(mode)}')
    size = (result["rootWidth"], result["rootHeight"])
    if not all(isinstance(value, (int, float)) and math.isfinite(value) and value >= 0 for value in size):
        raise BrowserError(f"invalid root size after layout: {size}")
    return {"nanosPerLayout": result["nanosPerLayout"], "iterations": iterations, "rootWidth": size[0],
            "rootHeight": size[1]}


MAX_PAGE_HTML = 4 << 20  # a WPT test page or a reproduction page is a few kilobytes
MAX_SELECTOR = 1000


def page_and_selector(request: dict) -> tuple[str, str]:
    """A page request's `html` and `selector`, checked (`page` here, Chromium's `resolve`)."""
    html, selector = request.get("html"), request.get("selector")
    if not isinstance(html, str) or len(html) > MAX_PAGE_HTML:
        refuse("$.html", f"expected the page's HTML as a string of at most {MAX_PAGE_HTML} characters")
    if not isinstance(selector, str) or not selector.strip() or len(selector) > MAX_SELECTOR:
        refuse("$.selector", f"expected a CSS selector of at most {MAX_SELECTOR} characters, got {shown(selector)}")
    return html, selector


def page_op(adapter: BrowserAdapter, request: dict) -> dict:
    """`{"op":"page","html","selector"}`: a self-contained page (a cause's reproduction page, docs/causes.md) loaded
    where no script runs and nothing loads (builder.js `page`), and the border box and outline style of each element
    `selector` matches, in document order, relative to the page's viewport: `{"boxes":[{"x","y","width","height",
    "outline"}…]}`. The page's text reaches the browser, as `resolve`'s does; nothing of it comes back but the boxes."""
    html, selector = page_and_selector(request)
    result = adapter.run("page", html, selector, timeout=LAYOUT_TIMEOUT)
    if isinstance(result, dict) and isinstance(result.get("invalidSelector"), str):
        refuse("$.selector", f"invalid selector: {result['invalidSelector']}")
    if not isinstance(result, list) or not all(
            isinstance(box, list) and len(box) == 5 and isinstance(box[4], str)
            and all(isinstance(value, (int, float)) and math.isfinite(value) for value in box[:4]) for box in result):
        raise BrowserError(f"the builder answered {shown(result)}")
    return {"boxes": [dict(x=box[0], y=box[1], width=box[2], height=box[3], outline=box[4]) for box in result]}



def parse_request(line: str) -> dict:
    """One protocol line as a request object (NaN and Infinity are not JSON)."""
    def not_json(constant):
        raise ValueError(constant)
    try:
        request = json.loads(line, parse_constant=not_json)
    except (ValueError, RecursionError):
        request = None
    if not isinstance(request, dict):
        raise Refusal("$: request is not a JSON object")
    return request



class BrowserAdapter:
    """The request loop's state: one browser, started on first use and again after it fails. A browser peer gives
    its name, how to find its executable, how to start its browser (`start(executable)` → an object with
    `run(function, *arguments, timeout)`, `close()` and what `describe` reads), what `info` says of a started browser,
    why it refuses pixel rounding, and any ops of its own."""

    def __init__(self, name: str, executable, not_installed: str, start, describe, rounding_refusal: str,
                 extra_ops: dict | None = None):
        self.name = name
        self.executable = executable
        self.not_installed = not_installed
        self.start = start
        self.describe = describe
        self.rounding_refusal = rounding_refusal
        self.ops = {"layout": layout_op, "bench": bench_op, **(extra_ops or {})}
        self.browser = None

    def handle(self, line: str) -> dict:
        """The reply to one request line."""
        try:
            request = parse_request(line)
            if self.executable is None:
                return {"error": self.not_installed}
            op = request.get("op")
            if op == "info":
                return {"name": self.name, **self.attempt(self.describe), "properties": list(VOCABULARY)}
            if op in self.ops:
                return self.ops[op](self, request)
            expected = ", ".join(["info"] + list(self.ops)[:-1]) + " or " + list(self.ops)[-1]
            return {"error": f"$.op: unknown op {shown(op)} (expected {expected})"}
        except Refusal as refusal:
            return {"error": str(refusal)}

    def attempt(self, action):
        """`action(browser)`, in a new browser if the first attempt fails in the browser (a crash, a hang): every op
        is idempotent, and a corpus generator should not lose a case to a crash. A second failure is the answer."""
        for attempt in (1, 2):
            try:
                if self.browser is None:
                    self.browser = self.start(self.executable)
                return action(self.browser)
            except (BrowserError, OSError, ValueError, KeyError, TypeError) as error:
                self.restart()  # the browser's state is unknown now
                if attempt == 2:
                    raise Refusal(f"{self.name}: {error}") from None

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT, **options):
        """One builder call (`options` go to the browser's own `run`: Chromium's `awaited`)."""
        return self.attempt(lambda browser: browser.run(function, *arguments, timeout=timeout, **options))

    def restart(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None


MARK_VARIABLE = "RISTRETTO_BROWSER_MARK"


def marked(environment: dict) -> tuple[dict, str]:
    """`environment` with a mark of its own for one browser, and the mark. Every process the browser starts inherits
    it, also one that leaves the browser's process group (Firefox's crashhelper starts a session of its own), so
    `GroupWatchdog` finds them all."""
    mark = secrets.token_hex(8)
    return dict(environment, **{MARK_VARIABLE: mark}), mark


class GroupWatchdog:
    """Ends a browser's processes when this adapter ends, however it ends: a SIGKILLed adapter runs no cleanup,
    so a small shell in a session of its own waits on a pipe whose only write end this process holds. The kernel
    closes that end when the adapter dies, the shell reads end-of-file and kills the group. `dismiss` (after the
    adapter ended the group itself) sends a line instead, and the shell leaves the group alone. Either way it then
    kills every process whose environment carries the browser's mark (`marked`): those that left the group."""

    SCRIPT = """
read -r line || kill -KILL "-$1" 2>/dev/null
for environ in /proc/[0-9]*/environ; do
    if tr '\\0' '\\n' < "$environ" 2>/dev/null | grep -qxF "$2"; then
        pid=${environ#/proc/}; kill -KILL "${pid%/environ}" 2>/dev/null
    fi
done
"""

    def __init__(self, group: int, mark: str):
        read_end, self.write_end = os.pipe()  # not inherited by later children (Python's pipes are non-inheritable)
        self.process = subprocess.Popen(
            ["/bin/sh", "-c", self.SCRIPT, "watchdog", str(group), f"{MARK_VARIABLE}={mark}"],
            stdin=read_end, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(read_end)

    def dismiss(self):
        if self.write_end is None:
            return
        try:
            os.write(self.write_end, b"done\n")
            os.close(self.write_end)
        except OSError:
            pass
        self.write_end = None
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def serve(adapter: BrowserAdapter):
    """Answers request lines until stdin closes; the browser is ended then, and on SIGTERM, SIGHUP or SIGINT."""
    sys.setrecursionlimit(20_000)  # json.loads of a case nested a thousand elements deep

    def stop(signum, frame):
        raise SystemExit(128 + signum)  # runs the finally below: the browser's processes are ended

    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, stop)
    try:
        for line in sys.stdin:
            if line.strip():
                sys.stdout.write(json.dumps(adapter.handle(line)) + "\n")
                sys.stdout.flush()
    finally:
        adapter.restart()
