"""Chromium peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by headless Chromium.

    {"op":"info"}                                          -> {"name":"chromium","version":"Chromium …","timing":"…",
                                                               "properties":[…]}
    {"op":"layout","case":{…},"resize"?:W,"change"?:{…}}   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M,…}    -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,
                                                               "rootHeight":…}
    {"op":"resolve","html","selector","page"?:{"file","root"},"scripts"?:bool}
                                                           -> {"matches":[{"root":{"tag","id"?,"computed":{…},
                                                               "children":[…],"text":…,…},…}…],"scripts"?:{…}}
    anything it cannot do                                  -> {"error":"$.json.path: …"}

The case is a flex case (docs/flex-case-format.md, "What adapters receive"), checked and written anew as CSS by
tools/engines/browser_common.py, which the three browser peers share; this file is the transport to Chromium. The
one exception to "no case text reaches the page" is `resolve`, for the
WPT importer (docs/importers.md): its HTML is a test page, loaded into a sandboxed iframe where no script runs (with
"scripts", only its inline scripts, against a stand-in harness) and, under the page's policy and the adapter's Fetch
interception, nothing loads but its images, from the folder the request names; only the styles the page computes, its
elements' frames and their check-layout attributes come back.

One headless Chromium runs for the adapter's whole life, driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: NUL-terminated JSON, commands on the browser's fd 3, replies on its fd 4), attached to
one page that every request reuses. Each request is one `Runtime.evaluate` of the in-page builder (builder.js): a
viewport element (the case's viewport, a row flex container) holding one <div> per case element, and the frames come
back from getBoundingClientRect in Chrome's LayoutUnits (multiples of 1/64 px), unrounded. docs/engines.md
"Chromium" explains the choices. Standard library only, so it runs with the system python3.
"""


from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import (  # noqa: E402  (the shared module sits one folder up)
    BUILDER, LAYOUT_TIMEOUT, REQUEST_TIMEOUT, START_TIMEOUT, VOCABULARY, BrowserAdapter, BrowserError, Refusal, refuse,
    serve, shown)
from test_font import ahem_metrics_font  # noqa: E402

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
# headers that make it cross-origin isolated, which refines performance.now() from 100 µs to 5 µs steps, and a
# content security policy under which the page can load nothing but a frame of its own origin, which only `resolve`
# of a test page from its file uses (defence in depth: no case text reaches the page, and Fetch interception fails any
# request but the page's own and that test page's). The one rule resets what a user-agent style
# sheet could give a <div> or the body; everything else is the CSS initial value or the element's inline style.
PAGE_URL = "https://ristretto.invalid/"
PAGE_HTML = (b'<!doctype html><html><head><meta charset="utf-8"><style>'
             b'body,div{margin:0;padding:0;border:0 none}</style></head><body></body></html>')
PAGE_HEADERS = [{"name": "Content-Type", "value": "text/html; charset=utf-8"},
                {"name": "Cross-Origin-Opener-Policy", "value": "same-origin"},
                {"name": "Cross-Origin-Embedder-Policy", "value": "require-corp"},
                {"name": "Content-Security-Policy",
                 "value": "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'"}]
# A test page resolved from its file (`resolve` with `page`) is served at its path below the folder that holds it
# (WPT's root), so that its relative and root-relative image URLs resolve as on WPT's server; the adapter answers
# the page with the request's HTML and each image it asks for from that folder, and nothing else. Its policy lets
# images load from there (and from data: URLs) and nothing more: no script, stylesheet, font or frame.
PAGE_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"
# A page resolved with its scripts (`resolve` with "scripts": true) may also run its inline scripts and event handlers;
# its script files (testharness.js, check-layout-th.js) stay refused, and the builder stands in for them.
SCRIPTED_PAGE_POLICY = PAGE_POLICY + "; script-src 'unsafe-inline'"
# Evaluated by the browser in every new document while a scripted page is resolved, before the document's own
# scripts: the adapter's page hands the test page its harness and the test font (builder.js `prepareScriptedPage`).
SCRIPTED_PAGE_PRELUDE = ("if (window !== window.top && window.parent === window.top && window.top.ristretto) "
                         "window.top.ristretto.prepareScriptedPage(window);")
STYLESHEET_TYPES = {".css": "text/css"}
IMAGE_TYPES = {".png": "image/png", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
               ".svg": "image/svg+xml", ".webp": "image/webp", ".bmp": "image/bmp", ".ico": "image/x-icon"}
MAX_IMAGE = 16 << 20
# Events after which no reply will come: the renderer crashed or the page was detached.
PAGE_GONE_EVENTS = ("Inspector.targetCrashed", "Target.detachedFromTarget", "Inspector.detached")


# MARK: The browser


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
        self.fetched: list[str] = []  # every URL the page asked for (only PAGE_URL, once, or something is wrong)
        # while a page is resolved from its file: (root, URL, HTML, the page's content security policy)
        self.site: tuple[str, str, bytes, str] | None = None
        try:
            # 2. Attach to the page target (flat session) and inject the builder once.
            self.version = self.call("Browser.getVersion", timeout=START_TIMEOUT)["product"].split("/")[-1]
            targets = self.call("Target.getTargets", timeout=START_TIMEOUT)["targetInfos"]
            pages = [target["targetId"] for target in targets if target["type"] == "page"]
            page = pages[0] if pages else self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": page, "flatten": True},
                                     timeout=START_TIMEOUT)["sessionId"]
            self.prepare_page()
        except BaseException:
            self.close()
            raise

    def prepare_page(self):
        """Opens the adapter's page afresh and injects the builder and the test font into it."""
        self.open_page()
        with open(BUILDER) as file:
            self.evaluate(file.read(), timeout=START_TIMEOUT)
        self.run("setTestFont", base64.b64encode(ahem_metrics_font()).decode(), timeout=START_TIMEOUT)

    def on_event(self, event: dict):
        """Fetch interception, on for the page's whole life: the page's own request is answered from here, any
        other is failed (none should ever come: the page's policy forbids every load)."""
        if event.get("method") != "Fetch.requestPaused":
            return
        params = event["params"]
        url = params.get("request", {}).get("url", "")
        self.fetched.append(url)
        answer = self.answer(url, params.get("resourceType"))
        if answer is None:
            self.send("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"})
        else:
            headers, body = answer
            self.send("Fetch.fulfillRequest", {"requestId": params["requestId"], "responseCode": 200,
                                               "responseHeaders": headers, "body": base64.b64encode(body).decode()})

    def answer(self, url: str, resource_type: str | None) -> tuple[list, bytes] | None:
        """The headers and body the adapter answers a request with, or None to fail it: the adapter's page; while a
        test page is resolved from its file, that page (with the request's HTML) and the image files below its
        folder that it asks for."""
        if url == PAGE_URL and resource_type == "Document":
            return PAGE_HEADERS, PAGE_HTML
        if self.site is None:
            return None
        root, page_url, html, policy = self.site
        if url == page_url and resource_type == "Document":
            headers = [header for header in PAGE_HEADERS if header["name"] != "Content-Security-Policy"]
            return headers + [{"name": "Content-Security-Policy", "value": policy}], html
        types = {"Image": IMAGE_TYPES, "Stylesheet": STYLESHEET_TYPES}.get(resource_type)
        if types is None or not url.startswith(PAGE_URL):
            return None
        relative = urllib.parse.unquote(urllib.parse.urlsplit(url).path).lstrip("/")
        path = os.path.realpath(os.path.join(root, relative))
        kind = types.get(os.path.splitext(path)[1].lower())
        if kind is None or os.path.commonpath([root, path]) != root or not os.path.isfile(path):
            return None
        if os.path.getsize(path) > MAX_IMAGE:
            return None
        with open(path, "rb") as file:
            return [{"name": "Content-Type", "value": kind}], file.read()

    def resolve(self, html: str, selector: str, page: tuple[str, str] | None, scripts: bool = False):
        """builder.js `resolve` of a test page: written into the frame when `page` is None, otherwise served as the
        file `page[0]` below the folder `page[1]`, whose images then load. With `scripts` (and a `page`) the page's
        inline scripts run, with the builder's harness installed before them by a script the browser evaluates in
        each new document; afterwards the adapter's page is opened afresh, so that nothing a test page's script did
        to it outlives the request."""
        if page is None:
            return self.run("resolve", html, selector, list(VOCABULARY), None, timeout=LAYOUT_TIMEOUT, awaited=True)
        file, root = page
        url = PAGE_URL + urllib.parse.quote(os.path.relpath(file, root).replace(os.sep, "/"))
        self.site = (root, url, html.encode(), SCRIPTED_PAGE_POLICY if scripts else PAGE_POLICY)
        prelude = None
        try:
            if scripts:
                self.call("Page.enable")
                prelude = self.call("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": SCRIPTED_PAGE_PRELUDE})["identifier"]
            return self.run("resolve", html, selector, list(VOCABULARY), url, scripts, timeout=LAYOUT_TIMEOUT,
                            awaited=True)
        finally:
            self.site = None
            if prelude is not None:
                self.call("Page.removeScriptToEvaluateOnNewDocument", {"identifier": prelude})
                self.call("Page.disable")
                self.prepare_page()

    def open_page(self):
        """Navigates the page to PAGE_URL, answering its request from here, and waits until it has loaded."""
        self.call("Inspector.enable", timeout=START_TIMEOUT)  # so that a renderer crash arrives as an event
        self.call("Fetch.enable", {"patterns": [{"urlPattern": "*"}]}, timeout=START_TIMEOUT)
        self.call("Page.navigate", {"url": PAGE_URL}, timeout=START_TIMEOUT)
        ready = f"location.href === {json.dumps(PAGE_URL)} && document.readyState === 'complete' && crossOriginIsolated"
        deadline = time.monotonic() + START_TIMEOUT
        while not self.evaluate(ready, timeout=START_TIMEOUT):
            if time.monotonic() > deadline:
                raise BrowserError(f"the page at {PAGE_URL} did not load")
            time.sleep(0.01)

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

    def call(self, method: str, params: dict | None = None, timeout: float = REQUEST_TIMEOUT) -> dict:
        """Sends one DevTools command and waits for its reply; events meanwhile go to `on_event`, stale replies
        (to commands sent without waiting) are dropped."""
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
            if reply.get("method") in PAGE_GONE_EVENTS:
                raise BrowserError(f"the page is gone ({reply['method']}) during {method}{self.log_tail()}")
            if reply.get("id") != command_id:
                self.on_event(reply)
                continue
            if "error" in reply:
                raise BrowserError(f"{method}: {reply['error'].get('message', reply['error'])}")
            return reply["result"]

    def evaluate(self, expression: str, timeout: float = REQUEST_TIMEOUT, awaited: bool = False):
        """The value of a page expression (returned by value; with `awaited`, of the promise it gives); a thrown
        exception becomes a BrowserError."""
        params = {"expression": expression, "returnByValue": True}
        if awaited:
            params["awaitPromise"] = True
        result = self.call("Runtime.evaluate", params, timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError("page: " + details.get("exception", {}).get("description", details.get("text", "")))
        return result["result"].get("value")

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT, awaited: bool = False):
        """Calls `ristretto.<function>(…arguments)` in the page: one DevTools round trip, arguments as JSON (which
        the adapter wrote: generated CSS, numbers and indices, no text of the case)."""
        return self.evaluate(f"ristretto.{function}(...{json.dumps(arguments)})", timeout=timeout, awaited=awaited)

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


MAX_RESOLVE_HTML = 4 << 20  # a WPT test page is a few kilobytes
MAX_SELECTOR = 1000


def resolve_op(adapter: BrowserAdapter, request: dict) -> dict:
    """A check-layout page's matched subtrees with their computed styles and frames (builder.js `resolve`)."""
    html, selector = request.get("html"), request.get("selector")
    if not isinstance(html, str) or len(html) > MAX_RESOLVE_HTML:
        refuse("$.html", f"expected the page's HTML as a string of at most {MAX_RESOLVE_HTML} characters")
    if not isinstance(selector, str) or not selector.strip() or len(selector) > MAX_SELECTOR:
        refuse("$.selector", f"expected a CSS selector of at most {MAX_SELECTOR} characters, got {shown(selector)}")
    page = request.get("page")
    if page is not None:
        if not isinstance(page, dict) or set(page) != {"file", "root"} or not all(
                isinstance(page[key], str) and os.path.isabs(page[key]) for key in page):
            refuse("$.page", f'expected {{"file": absolute path, "root": absolute folder}}, got {shown(page)}')
        root, file = os.path.realpath(page["root"]), os.path.realpath(page["file"])
        if not os.path.isdir(root) or os.path.commonpath([root, file]) != root or file == root:
            refuse("$.page.file", f"expected a file below the folder {shown(page['root'])}, got {shown(page['file'])}")
        page = (file, root)
    scripts = request.get("scripts", False)
    if not isinstance(scripts, bool) or (scripts and page is None):
        refuse("$.scripts", f"expected true (with a page) or false, got {shown(scripts)}")
    result = adapter.attempt(lambda browser: browser.resolve(html, selector, page, scripts))
    if isinstance(result, dict) and isinstance(result.get("error"), str):
        refuse("$.selector", result["error"])
    if not isinstance(result, dict) or not isinstance(result.get("matches"), list):
        raise Refusal(f"chromium: resolve answered {shown(result)}")
    return result



def main():
    serve(BrowserAdapter(
        "chromium", find_chromium(), NOT_INSTALLED, Browser,
        describe=lambda browser: {"version": f"Chromium {browser.version}", "timing": TIMING},
        rounding_refusal="Chromium always lays out in 1/64 px LayoutUnits; its rounding cannot be switched",
        extra_ops={"resolve": resolve_op}))


if __name__ == "__main__":
    main()
