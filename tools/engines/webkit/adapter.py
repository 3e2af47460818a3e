"""WebKit peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by WebKitGTK's MiniBrowser.

    {"op":"info"}                                          -> {"name":"webkit","version":"WebKitGTK …","timing":"…",
                                                               "properties":[…]}
    {"op":"layout","case":{…},"resize"?:W,"change"?:{…}}   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M,…}    -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,
                                                               "rootHeight":…}
    anything it cannot do                                  -> {"error":"$.json.path: …"}

The checks are the Chromium adapter's (tools/engines/chromium/adapter.py): each element's CSS longhands arrive typed in
`values` and as text in `style`, every property and value is checked here against the vocabulary (the typed form by
type, the text form by a strict regular expression per property, both forms must agree), and the CSS the page gets is
written anew from the checked numbers and keywords. The in-page builder is the Chromium adapter's builder.js, used
unchanged (DOM APIs only: createElement and style.setProperty, read back after each write).

Transport: W3C WebDriver over HTTP (http.client, one kept-alive connection) to WebKitWebDriver, which runs under
xvfb-run in its own process group and drives one MiniBrowser (`--automation`). One session for the adapter's whole
life: it opens a data: page (standards mode, a reset rule and a CSP under which nothing loads), injects the builder
once, and answers each request with one `POST /session/{id}/execute/sync`. On stdin's end the session is deleted and
the process group (xvfb-run, Xvfb, WebKitWebDriver, MiniBrowser and its web processes) is ended.
Standard library only, so it runs with the system python3.
"""

from __future__ import annotations

import decimal
import http.client
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

NOT_INSTALLED = "webkit not installed: run tools/setup-engines --with-browsers (apt-get install webkit2gtk-driver xvfb)"
TIMING = ("in-page performance.now() ({resolution}) around a batch of forced layouts: style invalidation + style "
          "recalc + layout, forced by reading offsetHeight after each change (fresh: also creating the new tree's "
          "renderers); excludes building the DOM, the WebDriver round trip and paint")
DRIVER = "WebKitWebDriver"
XVFB_RUN = "xvfb-run"
MINIBROWSER_CANDIDATES = ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                          "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
                          "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser"]
BUILDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "chromium", "builder.js")
# The page: standards mode; the one rule resets what the user-agent style sheet gives <body> and <div>, and hides
# scrollbars so that `overflow: scroll` takes no space (as the format requires); the policy lets the page load
# nothing (the builder arrives through WebDriver, which the policy does not govern).
PAGE_HTML = ('<!doctype html><html><head><meta charset="utf-8">'
             '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
             '<style>body,div{margin:0;padding:0;border:0 none}'
             '::-webkit-scrollbar{width:0;height:0;display:none}</style></head><body></body></html>')
PAGE_URL = "data:text/html;charset=utf-8," + urllib.parse.quote(PAGE_HTML)
UNBOUNDED_RELAYOUT_WIDTH = 10_000_000.0  # P of a relayout bench when the viewport width is null (docs/engines.md)
START_TIMEOUT = 60.0
REQUEST_TIMEOUT = 900.0  # the harness bounds requests itself; this only keeps a wedged browser from hanging us
LAYOUT_TIMEOUT = 120.0
# The script timeout of the session (ms): WebDriver's default of 30 s is too short for the deepest cases.
SCRIPT_TIMEOUT_MS = int(REQUEST_TIMEOUT * 1000)


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
ALIGN_ITEMS = ("stretch", "flex-start", "flex-end", "start", "end", "center", "baseline")
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
    # `normal` means what it means in a flex container (flex-start, stretch, stretch; a gap of 0): WebKit knows.
    "justify-content": Property(("flex-start", "flex-end", "start", "end", "center", "space-between", "space-around",
                                 "space-evenly", "normal")),
    "align-items": Property((*ALIGN_ITEMS, "normal")),
    "align-self": Property(("auto", *ALIGN_ITEMS)),
    "align-content": Property(("stretch", "flex-start", "flex-end", "start", "end", "center", "space-between",
                               "space-around", "space-evenly", "normal")),
    "row-gap": Property(("normal",), **SIZE),
    "column-gap": Property(("normal",), **SIZE),
    "overflow-x": Property(("visible", "hidden", "clip", "scroll")),
    "overflow-y": Property(("visible", "hidden", "clip", "scroll")),
    "direction": Property(("ltr", "rtl")),
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
        # The style's "W / H" keeps both terms of an aspect ratio, as WebKit does; values only have the quotient.
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


ELEMENT_KEYS = {"style", "values", "id", "content", "children"}
CASE_KEYS = {"kind", "name", "description", "viewport", "root"}
IGNORED_CASE_KEYS = {"expect", "tolerance", "source"}  # "not sent", and meaningless to an engine if they are


class Tree:
    """A checked flex case, its elements in pre-order: the builder's description and what maps frames back."""

    def __init__(self, request: dict):
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
                refuse(key_path(json_path, key), "not a key of a flex element (style, values, id, content, children)")
        properties = properties_of(element, json_path)
        children = element.get("children", [])
        if not isinstance(children, list):
            refuse(f"{json_path}.children", f"expected an array of elements, got {shown(children)}")
        if "id" in element and not isinstance(element["id"], str):
            refuse(f"{json_path}.id", f"expected a string, got {shown(element['id'])}")
        content = element.get("content")
        if content is not None:
            if children:
                refuse(f"{json_path}.content", "only a leaf (an element without children) has content")
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
            x, y, width, height = numbers[4 * index: 4 * index + 4]
            frame.update(x=x, y=y, width=width, height=height)
            out.append(frame)
        return out

    def rejected(self, details: dict) -> Refusal:
        """WebKit did not accept a value the adapter wrote (a bug of ours, never of the case): a refusal naming it."""
        index = details.get("index", -1)
        where = "$.case.viewport" if index < 0 else self.json_paths[index]
        return Refusal(f"{where}: WebKit rejected {details.get('property')}: {details.get('value')}")




# MARK: The browser


def find_driver() -> tuple[str, str, str] | None:
    """(WebKitWebDriver, xvfb-run, MiniBrowser) when all three are installed."""
    driver, xvfb = shutil.which(DRIVER), shutil.which(XVFB_RUN)
    browser = next((path for path in MINIBROWSER_CANDIDATES if os.access(path, os.X_OK)), None)
    return (driver, xvfb, browser) if driver and xvfb and browser else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """WebKitWebDriver under xvfb-run (its own process group), one session of MiniBrowser, one page."""

    def __init__(self, executables: tuple[str, str, str]):
        driver, xvfb, minibrowser = executables
        self.port = free_port()
        self.log_file = tempfile.NamedTemporaryFile(prefix="ristretto-webkit-", suffix=".log", delete=False)
        self.session = None
        self.connection = None
        # -a picks a free display; the driver runs MiniBrowser under it. start_new_session: a group of our own.
        self.process = subprocess.Popen([xvfb, "-a", driver, f"--port={self.port}"], stdin=subprocess.DEVNULL,
                                        stdout=self.log_file, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:  # the driver's status endpoint answers once it listens
                try:
                    if self.http("GET", "/status", timeout=2).get("value", {}).get("ready"):
                        break
                except (OSError, http.client.HTTPException, BrowserError):
                    self.drop_connection()
                if self.process.poll() is not None:
                    raise BrowserError(f"WebKitWebDriver exited{self.log_tail()}")
                if time.monotonic() > deadline:
                    raise BrowserError(f"WebKitWebDriver did not start within {START_TIMEOUT:.0f} s")
                time.sleep(0.05)
            created = self.command("POST", "/session", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": {"binary": minibrowser, "args": ["--automation"]}}}},
                timeout=START_TIMEOUT)
            self.session = created["sessionId"]
            capabilities = created.get("capabilities", {})
            self.version = capabilities.get("browserVersion", "?")
            self.command("POST", self.at("/timeouts"), {"script": SCRIPT_TIMEOUT_MS}, timeout=START_TIMEOUT)
            self.command("POST", self.at("/url"), {"url": PAGE_URL}, timeout=START_TIMEOUT)
            with open(BUILDER) as file:
                self.execute(file.read() + "\nreturn typeof ristretto;", [], timeout=START_TIMEOUT)
            self.resolution = self.execute(CLOCK_PROBE, [], timeout=START_TIMEOUT)
        except BaseException:
            self.close()
            raise

    def at(self, suffix: str) -> str:
        return f"/session/{self.session}{suffix}"

    def drop_connection(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def http(self, method: str, path: str, body: dict | None = None, timeout: float = REQUEST_TIMEOUT) -> dict:
        """One WebDriver HTTP exchange on the kept-alive connection (reopened once if the driver closed it)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json; charset=utf-8"} if data is not None else {}
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
            self.connection.timeout = timeout
            if self.connection.sock is not None:
                self.connection.sock.settimeout(timeout)
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
                break
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.drop_connection()
                if attempt == 2:
                    raise
            except socket.timeout:
                self.drop_connection()
                raise BrowserError(f"WebKitWebDriver did not answer {method} {path} within {timeout:.0f} s") from None
        try:
            return json.loads(raw)
        except ValueError:
            raise BrowserError(f"WebKitWebDriver answered {method} {path} with non-JSON: {raw[:200]!r}") from None

    def command(self, method: str, path: str, body: dict | None = None, timeout: float = REQUEST_TIMEOUT):
        """A WebDriver command's `value`; a WebDriver error becomes a BrowserError."""
        try:
            reply = self.http(method, path, body, timeout=timeout)
        except (OSError, http.client.HTTPException) as error:
            raise BrowserError(f"WebKitWebDriver is gone ({error}){self.log_tail()}") from None
        value = reply.get("value") if isinstance(reply, dict) else None
        if isinstance(value, dict) and isinstance(value.get("error"), str):
            raise BrowserError(f"{value['error']}: {value.get('message', '')}"[:500])
        return value

    def execute(self, script: str, arguments: list, timeout: float = REQUEST_TIMEOUT):
        """`POST /session/{id}/execute/sync`: the function body `script` called with `arguments` (JSON)."""
        return self.command("POST", self.at("/execute/sync"), {"script": script, "args": arguments}, timeout=timeout)

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT):
        """Calls `ristretto.<function>(…arguments)` in the page: one WebDriver round trip; the arguments travel as
        WebDriver's JSON arguments (written by the adapter: generated CSS, numbers, indices), never as script text."""
        if not re.fullmatch(r"[a-z]+", function):
            raise ValueError(function)
        return self.execute(f"return ristretto.{function}(...arguments);", list(arguments), timeout=timeout)

    def log_tail(self) -> str:
        try:
            with open(self.log_file.name, errors="replace") as file:
                lines = [line.strip() for line in file if line.strip()]
            return f": {lines[-1]}" if lines else ""
        except OSError:
            return ""

    def close(self):
        """Deletes the session (MiniBrowser quits), then ends the driver so that xvfb-run cleans up after Xvfb, then
        kills whatever is left of the process group."""
        if self.session is not None and self.process.poll() is None:
            try:
                self.http("DELETE", self.at(""), timeout=10)
            except Exception:
                pass
            self.session = None
        self.drop_connection()
        group = self.process.pid  # start_new_session: the group's id is xvfb-run's pid
        for pid in group_members(group):
            if read_comm(pid) == DRIVER:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        try:
            self.process.wait(timeout=5)  # xvfb-run kills its Xvfb and removes its auth file when the driver exits
        except subprocess.TimeoutExpired:
            pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if not group_members(group):
                break
            try:
                os.killpg(group, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + 3
            while group_members(group) and time.monotonic() < deadline:
                time.sleep(0.05)
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass
        self.log_file.close()
        try:
            os.unlink(self.log_file.name)
        except OSError:
            pass


# The effective step of performance.now(): the smallest non-zero difference seen between successive readings.
CLOCK_PROBE = """
let smallest = Infinity, last = performance.now();
const end = last + 50;
while (last < end) { const now = performance.now(); if (now > last) { smallest = Math.min(smallest, now - last); last = now; } }
return smallest;
"""


def group_members(group: int) -> list[int]:
    """The live (not zombie) processes of a process group, from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                stat = file.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(entry))
    return members


def read_comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as file:
            return file.read().strip()
    except OSError:
        return ""

# MARK: Operations


def number(value, json_path: str) -> float:
    number = finite(value, json_path, "expected a number ≥ 0")
    if number < 0:
        refuse(json_path, f"expected a number ≥ 0, got {shown(value)}")
    return number


def page_result(tree: Tree, result):
    """A builder result, or the refusal it reports (a value WebKit's CSS parser did not accept)."""
    if isinstance(result, dict) and "rejected" in result:
        raise tree.rejected(result["rejected"])
    return result


def layout_op(adapter: Adapter, request: dict) -> dict:
    if request.get("rounding", False) is not False:
        refuse("$.rounding", "WebKit always lays out in 1/64 px LayoutUnits; its rounding cannot be switched")
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
    return {"frames": tree.frames(numbers)}


def bench_op(adapter: Adapter, request: dict) -> dict:
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
        if mode == "relayout":
            # Untimed at P+1, then P, P+1, P, … (P = the viewport width, or 10 000 000 when it is null).
            base = tree.viewport[0] if tree.viewport[0] is not None else UNBOUNDED_RELAYOUT_WIDTH
            widths = [base + 1] + [base if step % 2 == 0 else base + 1 for step in range(iterations)]
        else:
            widths = request.get("widths")
            if not isinstance(widths, list) or len(widths) != iterations + 1:
                refuse("$.widths", f"expected iterations + 1 = {iterations + 1} viewport widths, got {shown(widths)}")
            widths = [number(value, f"$.widths[{step}]") for step, value in enumerate(widths)]
        result = page_result(tree, adapter.run("changes", tree.viewport_css(widths[0]), tree.description, -1,
                                               [px(value) for value in widths[1:]]))
    elif mode == "incremental":
        details = request.get("change")
        if not isinstance(details, dict) or set(details) != {"path", "widths"}:
            refuse("$.change", f'expected {{"path":[…],"widths":[…]}}, got {shown(details)}')
        index = tree.leaf(details["path"], "$.change.path")
        if tree.contents[index] is None:
            refuse("$.change.path", f"the leaf at {json.dumps(details['path'])} has no content to change the width of")
        widths = details["widths"]
        if not isinstance(widths, list) or not widths:
            refuse("$.change.widths", f"expected a non-empty array of widths, got {shown(widths)}")
        widths = [number(value, f"$.change.widths[{step}]") for step, value in enumerate(widths)]
        values = [px(widths[step % len(widths)]) for step in range(iterations)]
        result = page_result(tree, adapter.run("changes", tree.viewport_css(), tree.description, index, values))
    else:
        refuse("$.mode", f'expected "fresh", "relayout", "resize" or "incremental", got {shown(mode)}')
    size = (result["rootWidth"], result["rootHeight"])
    if not all(isinstance(value, (int, float)) and math.isfinite(value) and value >= 0 for value in size):
        raise BrowserError(f"invalid root size after layout: {size}")
    return {"nanosPerLayout": result["nanosPerLayout"], "iterations": iterations, "rootWidth": size[0],
            "rootHeight": size[1]}


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


class Adapter:
    """The request loop's state: the browser, started on first use and again after it fails."""


class Adapter:
    """The request loop's state: the browser, started on first use and again after it fails."""

    def __init__(self):
        self.executables = find_driver()
        self.browser: Browser | None = None

    def handle(self, line: str) -> dict:
        """The reply to one request line. A request is checked whole before the browser sees any of it, so a
        refusal never starts or touches the browser."""
        try:
            request = parse_request(line)
            if self.executables is None:
                return {"error": NOT_INSTALLED}
            op = request.get("op")
            if op == "info":
                version, resolution = self.attempt(lambda browser: (browser.version, browser.resolution))
                step = (f"{resolution * 1000:g} µs steps" if isinstance(resolution, (int, float))
                        and math.isfinite(resolution) else "unknown resolution")
                return {"name": "webkit", "version": f"WebKitGTK {version}", "timing": TIMING.format(resolution=step),
                        "properties": list(VOCABULARY)}
            if op == "layout":
                return layout_op(self, request)
            if op == "bench":
                return bench_op(self, request)
            return {"error": f'$.op: unknown op {shown(op)} (expected info, layout or bench)'}
        except Refusal as refusal:
            return {"error": str(refusal)}

    def attempt(self, action):
        """`action(browser)`, in a new browser if the first attempt fails in the browser (a crash, a hang): every op
        is idempotent. A second failure is the answer."""
        for attempt in (1, 2):
            try:
                if self.browser is None:
                    self.browser = Browser(self.executables)
                return action(self.browser)
            except (BrowserError, OSError, ValueError, KeyError, TypeError) as error:
                self.restart()  # the browser's state is unknown now
                if attempt == 2:
                    raise Refusal(f"webkit: {error}") from None

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT):
        """One builder call (one execute/sync)."""
        return self.attempt(lambda browser: browser.run(function, *arguments, timeout=timeout))

    def restart(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None


def main():
    sys.setrecursionlimit(20_000)  # json.loads of a case nested a thousand elements deep
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still end the browser's process group
    adapter = Adapter()
    try:
        for line in sys.stdin:
            if line.strip():
                sys.stdout.write(json.dumps(adapter.handle(line)) + "\n")
                sys.stdout.flush()
    finally:
        adapter.restart()


if __name__ == "__main__":
    main()
