"""Chromium peer adapter: the JSON-lines protocol of DESIGN.md "Peer engines", answered by headless Chromium.

    {"op":"info"}                                          -> {"name":"chromium","version":"Chromium …","timing":"…"}
    {"op":"layout","case":{…},"resize"?:W,"change"?:{…}}   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M,…}    -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,
                                                               "rootHeight":…}
    anything it cannot do                                  -> {"error":"…"}

One headless Chromium runs for the adapter's whole life, driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: NUL-terminated JSON, commands on the browser's fd 3, replies on its fd 4), attached to
one page that every request reuses. Each request is one `Runtime.evaluate` of the in-page builder (builder.js): the
case becomes one <div> per node with flexbox CSS (tools/engines/subset.py translates and refuses; docs/engines.md
has the table), and the frames come back from getBoundingClientRect in Chrome's LayoutUnits (multiples of 1/64 px),
unrounded. Standard library only, so it runs with the system python3.
"""

from __future__ import annotations

import base64
import fcntl
import json
import math
import os
import select
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from subset import FlexSpec, Refusal, finite_number, parse_case, refuse, root_room  # noqa: E402 (after the path)

NOT_INSTALLED = "chromium not installed: run tools/setup-engines --with-chromium (apt-get install chromium)"
TIMING = ("in-page performance.now() around a batch of forced layouts: style invalidation + style recalc + layout, "
          "forced by reading offsetHeight after each change (fresh: also creating the new tree's layout objects); "
          "excludes building the DOM, the DevTools round trip and paint")
# Debian's /usr/bin/chromium is a shell script that adds the flags of /etc/chromium.d (GPU rasterization, extensions);
# the binary behind it runs with exactly the flags below.
DEBIAN_BINARY = "/usr/lib/chromium/chromium"
# Chosen for a deterministic, quiet browser: no GPU, scrollbars or device scaling (1 CSS px = 1 device px), no
# extensions, first-run UI, background networking or throttling; a throwaway profile.
FLAGS = ["--headless", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu", "--hide-scrollbars",
         "--force-device-scale-factor=1", "--disable-extensions", "--no-first-run", "--no-default-browser-check",
         "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--mute-audio", "--disable-background-timer-throttling",
         "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows", "--window-size=1280,800"]
# The page: a standards-mode document served by the adapter itself (DevTools Fetch interception, no network) with the
# headers that make it cross-origin isolated, which refines performance.now() from 100 µs to 5 µs steps.
PAGE_URL = "https://ristretto.invalid/"
PAGE_HTML = b'<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"></body></html>'
PAGE_HEADERS = [{"name": "Content-Type", "value": "text/html; charset=utf-8"},
                {"name": "Cross-Origin-Opener-Policy", "value": "same-origin"},
                {"name": "Cross-Origin-Embedder-Policy", "value": "require-corp"}]
UNBOUNDED_RELAYOUT_WIDTH = 10_000_000.0  # as the Yoga and Taffy adapters: P when the proposal width is unbounded
FRESH_ELEMENTS_PER_BATCH = 20_000  # detached trees built at once for a fresh bench (memory, not timing)
START_TIMEOUT = 60.0
REQUEST_TIMEOUT = 900.0  # the harness bounds requests itself; this only keeps a wedged browser from hanging us


class BrowserError(Exception):
    """The browser died, hung or threw: the request fails, and the next one starts a new browser."""


def find_chromium() -> str | None:
    """The browser binary: `chromium` on PATH, or Debian's binary behind it when that is the wrapper script."""
    path = shutil.which("chromium")
    if path is None:
        return None
    with open(path, "rb") as file:
        is_script = file.read(2) == b"#!"
    return DEBIAN_BINARY if is_script and os.access(DEBIAN_BINARY, os.X_OK) else path


def high_fd(fd: int) -> int:
    """`fd` moved to 10 or above (close-on-exec), so that the dup2 to 3 and 4 in the child cannot clobber it."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    """One headless Chromium and the page it lays out in, driven over the DevTools pipe."""

    def __init__(self, executable: str):
        # 1. Launch with the pipe ends at the child's fds 3 (commands) and 4 (replies); ours stay close-on-exec.
        self.profile = tempfile.mkdtemp(prefix="ristretto-chromium-")
        command_read, command_write = os.pipe()
        reply_read, reply_write = os.pipe()
        command_read, reply_write = high_fd(command_read), high_fd(reply_write)
        self.log_path = os.path.join(self.profile, "chromium.log")
        devnull = os.open(os.devnull, os.O_RDWR)
        log = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            self.pid = os.posix_spawn(executable, [executable, *FLAGS, f"--user-data-dir={self.profile}",
                                                   "about:blank"], os.environ, file_actions=[
                (os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, log, 2),
                (os.POSIX_SPAWN_DUP2, command_read, 3), (os.POSIX_SPAWN_DUP2, reply_write, 4)])
        finally:
            for fd in (devnull, log, command_read, reply_write):
                os.close(fd)
        self.commands, self.replies = command_write, reply_read
        self.buffer = b""
        self.next_id = 0
        self.session = None
        try:
            # 2. Attach to the page target (flat session) and inject the builder once.
            self.version = self.call("Browser.getVersion", timeout=START_TIMEOUT)["product"].split("/")[-1]
            targets = self.call("Target.getTargets", timeout=START_TIMEOUT)["targetInfos"]
            pages = [target["targetId"] for target in targets if target["type"] == "page"]
            page = pages[0] if pages else self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": page, "flatten": True},
                                     timeout=START_TIMEOUT)["sessionId"]
            self.open_page()
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "builder.js")) as file:
                self.evaluate(file.read(), timeout=START_TIMEOUT)
        except BaseException:
            self.close()
            raise

    def open_page(self):
        """Navigates the page to PAGE_URL, answering its request from here, and waits until it has loaded."""
        def serve(event: dict):
            if event.get("method") == "Fetch.requestPaused":
                self.send("Fetch.fulfillRequest", {"requestId": event["params"]["requestId"], "responseCode": 200,
                                                   "responseHeaders": PAGE_HEADERS,
                                                   "body": base64.b64encode(PAGE_HTML).decode()})

        self.call("Fetch.enable", {"patterns": [{"urlPattern": PAGE_URL + "*"}]}, timeout=START_TIMEOUT)
        self.call("Page.navigate", {"url": PAGE_URL}, timeout=START_TIMEOUT, on_event=serve)
        ready = f"location.href === {json.dumps(PAGE_URL)} && document.readyState === 'complete' && crossOriginIsolated"
        deadline = time.monotonic() + START_TIMEOUT
        while not self.evaluate(ready, timeout=START_TIMEOUT, on_event=serve):
            if time.monotonic() > deadline:
                raise BrowserError(f"the page at {PAGE_URL} did not load")
            time.sleep(0.01)
        self.call("Fetch.disable", timeout=START_TIMEOUT)

    def send(self, method: str, params: dict | None = None) -> int:
        """Sends one DevTools command (to the page once attached) without waiting; its id."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session is not None:
            message["sessionId"] = self.session
        try:
            os.write(self.commands, json.dumps(message).encode() + b"\0")
        except OSError as error:
            raise BrowserError(f"chromium is gone ({error}){self.log_tail()}") from None
        return self.next_id

    def call(self, method: str, params: dict | None = None, timeout: float = REQUEST_TIMEOUT, on_event=None) -> dict:
        """Sends one DevTools command and waits for its reply; events (and stale replies) meanwhile go to
        `on_event`, or are dropped."""
        command_id = self.send(method, params)
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self.buffer:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([self.replies], [], [], remaining)[0]:
                    raise BrowserError(f"chromium did not answer {method} within {timeout:.0f} s")
                chunk = os.read(self.replies, 1 << 20)
                if not chunk:
                    raise BrowserError(f"chromium exited{self.log_tail()}")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") != command_id:
                if on_event is not None:
                    on_event(reply)
                continue
            if "error" in reply:
                raise BrowserError(f"{method}: {reply['error'].get('message', reply['error'])}")
            return reply["result"]

    def evaluate(self, expression: str, timeout: float = REQUEST_TIMEOUT, on_event=None):
        """The value of a page expression (returned by value); a thrown exception becomes a BrowserError."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, timeout=timeout,
                           on_event=on_event)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError("page: " + details.get("exception", {}).get("description", details.get("text", "")))
        return result["result"].get("value")

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT):
        """Calls `ristretto.<function>(…arguments)` in the page: one DevTools round trip, arguments as JSON."""
        return self.evaluate(f"ristretto.{function}(...{json.dumps(arguments)})", timeout=timeout)

    def log_tail(self) -> str:
        try:
            with open(self.log_path, errors="replace") as file:
                lines = [line.strip() for line in file if line.strip()]
            return f": {lines[-1]}" if lines else ""
        except OSError:
            return ""

    def close(self):
        """Ends the browser (closing its pipe makes it exit; killed if it lingers) and removes its profile."""
        for fd in (self.commands, self.replies):
            try:
                os.close(fd)
            except OSError:
                pass
        deadline = time.monotonic() + 5
        try:
            while os.waitpid(self.pid, os.WNOHANG) == (0, 0):
                if time.monotonic() > deadline:
                    os.kill(self.pid, 9)
                    os.waitpid(self.pid, 0)
                    break
                time.sleep(0.05)
        except (ChildProcessError, ProcessLookupError):
            pass  # already reaped
        shutil.rmtree(self.profile, ignore_errors=True)


# MARK: Translation into a DOM description


def px(value: float) -> str:
    return f"{value!r}px"


def node_style(spec: FlexSpec, constraints: tuple, is_root: bool) -> dict:
    """The CSS of one node (docs/engines.md "Translation"); `constraints` are its (size, max) per axis."""
    style = {"box-sizing": "border-box", "flex-shrink": "0", "flex-grow": repr(spec.grow)}
    if is_root:  # out of the page's flow, so nothing around it stretches or places it
        style.update({"position": "absolute", "left": "0", "top": "0"})
    if not spec.active:
        style["display"] = "none"
    elif spec.is_leaf:
        style["display"] = "block"
    else:
        style.update({"display": "flex", "flex-direction": spec.direction,
                      "flex-wrap": "wrap" if spec.wraps else "nowrap", "align-items": spec.align_items,
                      "align-content": "flex-start", "justify-content": "flex-start",
                      "column-gap": px(spec.column_gap), "row-gap": px(spec.row_gap)})
    if spec.align_self is not None:
        style["align-self"] = spec.align_self
    for side, name in enumerate(("top", "right", "bottom", "left")):
        style[f"margin-{name}"] = px(spec.margin[side])
        style[f"padding-{name}"] = px(spec.padding[side])
    for axis, name in enumerate(("width", "height")):
        size, maximum = constraints[axis]
        if size is not None:
            style[name] = px(size)
        elif spec.is_leaf:
            style[name] = px(spec.content[axis])  # a leaf is a block of its content size
        elif is_root and axis == 0:
            style[name] = "max-content"  # a wrap root shrink-wraps whatever the page's width
        if maximum is not None:
            style[f"max-{name}"] = px(maximum)
        if spec.min_size[axis] is not None:
            style[f"min-{name}"] = px(spec.min_size[axis])
    return style


class Tree:
    """A translated case flattened in pre-order: the builder's description plus what maps paths and frames back."""

    def __init__(self, spec: FlexSpec, width: float | None, height: float | None):
        self.root = spec
        self.specs: list[FlexSpec] = []
        self.parents: list[int] = []
        self.children: list[list[int]] = []
        self.description: list = []
        self.add(spec, -1, root_room(spec, width, height))

    def add(self, spec: FlexSpec, parent: int, constraints: tuple):
        index = len(self.specs)
        self.specs.append(spec)
        self.parents.append(parent)
        self.children.append([])
        if parent >= 0:
            self.children[parent].append(index)
        self.description.append([parent, node_style(spec, constraints, parent < 0)])
        for child in spec.children:
            self.add(child, index, ((child.width, child.max_size[0]), (child.height, child.max_size[1])))

    def root_width_style(self, width: float, height: float | None) -> tuple[str, str]:
        """The root's width property and value under a proposal width (what resize changes)."""
        (size, maximum), _ = root_room(self.root, width, height)
        if size is not None:
            return "width", px(size)
        return "max-width", "none" if maximum is None else px(maximum)

    def leaf(self, path, json_path: str) -> int:
        """The pre-order index of the leaf at `path` (child indices from the root)."""
        if not isinstance(path, list) or not all(isinstance(step, int) and not isinstance(step, bool) for step in path):
            refuse(json_path, "expected an array of child indices")
        index = 0
        for step in path:
            if not 0 <= step < len(self.children[index]):
                refuse(json_path, f"no node at {json.dumps(path)}")
            index = self.children[index][step]
        if not self.specs[index].is_leaf:
            refuse(json_path, f"the node at {json.dumps(path)} is not a leaf")
        return index

    def frames(self, numbers: list) -> list:
        """The case-format frames of every active node (an inactive node hides its subtree), from the builder's
        flat x, y, width, height list."""
        out = []

        def visit(index: int, path: list):
            spec = self.specs[index]
            if not spec.active:
                return
            frame = {"path": list(path)}
            if spec.id is not None:
                frame["id"] = spec.id
            x, y, width, height = numbers[4 * index: 4 * index + 4]
            frame.update(x=x, y=y, width=width, height=height)
            out.append(frame)
            for position, child in enumerate(self.children[index]):
                visit(child, path + [position])

        visit(0, [])
        return out


def content_style(spec: FlexSpec, content: tuple) -> dict:
    """A leaf's new content size as CSS, on the axes its content decides (a fixed size ignores content)."""
    return {name: px(value) for name, value, fixed in (("width", content[0], spec.width),
                                                         ("height", content[1], spec.height)) if fixed is None}


def number(value, json_path: str) -> float:
    return finite_number(value, json_path, True)


# MARK: Operations


def layout_op(browser: Browser, request: dict) -> dict:
    if request.get("rounding", False) is not False:
        refuse("$.rounding", "Chromium always lays out in 1/64 px LayoutUnits; its rounding cannot be switched")
    spec, width, height = parse_case(request)
    tree = Tree(spec, width, height)
    if "resize" in request and "change" in request:
        refuse("$.change", "a layout request carries one change: resize or change, not both")
    change = None
    if "resize" in request:
        property_name, value = tree.root_width_style(number(request["resize"], "$.resize"), height)
        change = {"index": 0, "style": {property_name: value}}
    elif "change" in request:
        details = request["change"]
        if not isinstance(details, dict) or not isinstance(details.get("content"), dict):
            refuse("$.change", 'expected {"path":[…],"content":{"width","height"}}')
        index = tree.leaf(details.get("path"), "$.change.path")
        content = tuple(number(details["content"].get(key), f"$.change.content.{key}") for key in ("width", "height"))
        change = {"index": index, "style": content_style(tree.specs[index], content)}
    numbers = browser.run("layout", tree.description, change)
    return {"frames": tree.frames(numbers)}


def bench_op(browser: Browser, request: dict) -> dict:
    spec, width, height = parse_case(request)
    tree = Tree(spec, width, height)
    iterations = request.get("iterations")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        refuse("$.iterations", "expected a positive integer")
    mode = request.get("mode")
    if mode == "fresh":
        per_batch = max(1, FRESH_ELEMENTS_PER_BATCH // len(tree.description))
        total, result = 0.0, {}
        for start in range(0, iterations, per_batch):
            count = min(per_batch, iterations - start)
            result = browser.run("fresh", tree.description, count)
            total += result["nanosPerLayout"] * count
        result["nanosPerLayout"] = total / iterations
    elif mode in ("relayout", "resize"):
        if mode == "relayout":
            # As the other peers: untimed at P+1, then P, P+1, P, … (P = the proposal width, or 10 000 000).
            base = width if width is not None else UNBOUNDED_RELAYOUT_WIDTH
            widths = [base + 1] + [base if index % 2 == 0 else base + 1 for index in range(iterations)]
        else:
            widths = request.get("widths")
            if not isinstance(widths, list) or len(widths) != iterations + 1:
                refuse("$.widths", "expected iterations + 1 root widths")
            widths = [number(value, f"$.widths[{index}]") for index, value in enumerate(widths)]
        styles = [tree.root_width_style(value, height) for value in widths]
        result = browser.run("changes", tree.description, 0, styles[0][0], styles[0][1],
                             [value for _, value in styles[1:]])
    elif mode == "incremental":
        details = request.get("change")
        if not isinstance(details, dict):
            refuse("$.change", 'expected {"path":[…],"widths":[…,…]}')
        index = tree.leaf(details.get("path"), "$.change.path")
        widths = details.get("widths")
        if not isinstance(widths, list) or not widths:
            refuse("$.change.widths", "expected an array of widths")
        widths = [number(value, f"$.change.widths[{position}]") for position, value in enumerate(widths)]
        if tree.specs[index].width is not None:
            refuse("$.change.path", "the leaf has a fixed width: its content does not size it")
        values = [px(widths[step % len(widths)]) for step in range(iterations)]
        result = browser.run("changes", tree.description, index, "width", None, values)
    else:
        refuse("$.mode", 'expected "fresh", "relayout", "resize" or "incremental"')
    size = (result["rootWidth"], result["rootHeight"])
    if not all(math.isfinite(value) and value > 0 for value in size):
        raise BrowserError("invalid root size after layout")
    return {"nanosPerLayout": result["nanosPerLayout"], "iterations": iterations, "rootWidth": size[0],
            "rootHeight": size[1]}


class Adapter:
    """The request loop's state: the browser, started on first use and again after it fails."""

    def __init__(self):
        self.executable = find_chromium()
        self.browser: Browser | None = None

    def handle(self, line: str) -> dict:
        try:
            request = json.loads(line)
        except ValueError:
            return {"error": "request is not a JSON object"}
        if not isinstance(request, dict):
            return {"error": "request is not a JSON object"}
        if self.executable is None:
            return {"error": NOT_INSTALLED}
        op = request.get("op")
        try:
            if op not in ("info", "layout", "bench"):
                return {"error": f'$.op: unknown op "{op}" (expected info, layout or bench)'}
            if self.browser is None:
                self.browser = Browser(self.executable)
            if op == "info":
                return {"name": "chromium", "version": f"Chromium {self.browser.version}", "timing": TIMING}
            return layout_op(self.browser, request) if op == "layout" else bench_op(self.browser, request)
        except Refusal as refusal:
            return {"error": str(refusal)}
        except (BrowserError, OSError, ValueError, KeyError, TypeError) as error:
            self.restart()  # the browser's state is unknown now; the next request gets a new one
            return {"error": f"chromium: {error}"}

    def restart(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None


def main():
    sys.setrecursionlimit(20_000)  # depth 1000 nests the case JSON about 2 000 levels deep
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
