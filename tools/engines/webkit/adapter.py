"""WebKit peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by WebKitGTK's MiniBrowser.

    {"op":"info"}                                          -> {"name":"webkit","version":"WebKitGTK …","timing":"…",
                                                               "properties":[…]}
    {"op":"layout","case":{…},"resize"?:W,"change"?:{…}}   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M,…}    -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,
                                                               "rootHeight":…}
    {"op":"page","html","selector"}                        -> {"boxes":[{"x","y","width","height","outline"}…]}
    anything it cannot do                                  -> {"error":"$.json.path: …"}

The checks, the operations and the in-page builder are the browser peers' shared ones
(tools/engines/browser_common.py, tools/engines/browser/builder.js); this file is the transport to WebKit.

Transport: W3C WebDriver over HTTP (http.client, one kept-alive connection) to WebKitWebDriver, which runs under
xvfb-run in its own process group and drives one MiniBrowser (`--automation`). One session for the adapter's whole
life: it opens a data: page (standards mode, a reset rule and a CSP under which nothing loads), injects the builder
once, and answers each request with one `POST /session/{id}/execute/sync`. On stdin's end the session is deleted and
the process group (xvfb-run, Xvfb, WebKitWebDriver, MiniBrowser and its web processes) is ended.
Standard library only, so it runs with the system python3.
"""


from __future__ import annotations

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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import (  # noqa: E402  (the shared module sits one folder up)
    BUILDER, REQUEST_TIMEOUT, START_TIMEOUT, BrowserAdapter, BrowserError, GroupWatchdog, marked, page_op, serve)

NOT_INSTALLED = "webkit not installed: run tools/setup-engines --with-browsers (apt-get install webkit2gtk-driver xvfb)"
TIMING = ("in-page performance.now() ({resolution}) around a batch of forced layouts: style invalidation + style "
          "recalc + layout, forced by reading offsetHeight after each change (fresh: also creating the new tree's "
          "renderers); excludes building the DOM, the WebDriver round trip and paint")
DRIVER = "WebKitWebDriver"
XVFB_RUN = "xvfb-run"
MINIBROWSER_CANDIDATES = ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                          "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
                          "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser"]
# The page: standards mode; the one rule resets what the user-agent style sheet gives <body> and <div>, and hides
# scrollbars so that `overflow: scroll` takes no space (as the format requires); the policy lets the page load
# nothing (the builder arrives through WebDriver, which the policy does not govern).
PAGE_HTML = ('<!doctype html><html><head><meta charset="utf-8">'
             '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
             '<style>body,div{margin:0;padding:0;border:0 none}'
             '::-webkit-scrollbar{width:0;height:0;display:none}</style></head><body></body></html>')
PAGE_URL = "data:text/html;charset=utf-8," + urllib.parse.quote(PAGE_HTML)
# The script timeout of the session (ms): WebDriver's default of 30 s is too short for the deepest cases.
SCRIPT_TIMEOUT_MS = int(REQUEST_TIMEOUT * 1000)


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
        environment, mark = marked(dict(os.environ))
        self.process = subprocess.Popen([xvfb, "-a", driver, f"--port={self.port}"], stdin=subprocess.DEVNULL,
                                        stdout=self.log_file, stderr=subprocess.STDOUT, env=environment,
                                        start_new_session=True)
        self.watchdog = GroupWatchdog(self.process.pid, mark)  # it goes with the adapter, even a SIGKILLed one
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
        self.watchdog.dismiss()
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



def describe(browser) -> dict:
    """The version and what the bench figure includes, with the clock's step as measured in the page."""
    resolution = browser.resolution
    step = (f"{resolution * 1000:g} µs steps" if isinstance(resolution, (int, float)) and math.isfinite(resolution)
            else "unknown resolution")
    return {"version": f"WebKitGTK {browser.version}", "timing": TIMING.format(resolution=step)}


def main():
    serve(BrowserAdapter(
        "webkit", find_driver(), NOT_INSTALLED, Browser, describe,
        rounding_refusal="WebKit always lays out in 1/64 px LayoutUnits; its rounding cannot be switched",
        extra_ops={"page": page_op}))


if __name__ == "__main__":
    main()
