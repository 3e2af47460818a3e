"""Firefox peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by headless Firefox ESR.

    {"op":"info"}                                          -> {"name":"firefox","version":"Firefox …","timing":"…",
                                                               "properties":[…]}
    {"op":"layout","case":{…},"resize"?:W,"change"?:{…}}   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
    {"op":"bench","case":{…},"iterations":N,"mode":M,…}    -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,
                                                               "rootHeight":…}
    {"op":"page","html","selector"}                        -> {"boxes":[{"x","y","width","height","outline"}…]}
    anything it cannot do                                  -> {"error":"$.json.path: …"}

The checks, the operations and the in-page builder are the browser peers' shared ones
(tools/engines/browser_common.py, tools/engines/browser/builder.js, which works unchanged in Gecko).
What is Firefox's own is the transport: one headless `firefox-esr --marionette` for the adapter's whole life, in a
fresh profile, driven over Marionette's TCP protocol (length-prefixed JSON, `len:[0, id, "Command", {params}]`,
replies `[1, id, error, result]`), standard library only. Each request is one `WebDriver:ExecuteScript` of the
builder in one page that every request reuses. docs/browser-engines.md "Firefox" explains the choices.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import (  # noqa: E402  (the shared module sits one folder up)
    BUILDER, REQUEST_TIMEOUT, START_TIMEOUT, BrowserAdapter, BrowserError, GroupWatchdog, marked, page_op, serve,
    shown)

NOT_INSTALLED = "firefox not installed: run tools/setup-engines --with-browsers (apt-get install firefox-esr)"
TIMING_BASE = ("in-page performance.now() around a batch of forced layouts: style invalidation + style recalc + "
               "reflow, forced by reading offsetHeight after each change (fresh: also creating the new tree's frames); "
               "excludes building the DOM, the Marionette round trip and paint")
# A standards-mode page whose one rule resets what the user-agent style sheet gives a <div> or the body, under a
# policy that lets it load nothing (Marionette's scripts are privileged and not subject to it).
PAGE_HTML = ('<!doctype html><html><head><meta charset="utf-8">'
             '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
             '<style>body,div{margin:0;padding:0;border:0 none}</style></head><body></body></html>')
PAGE_URL = "data:text/html;charset=utf-8," + "".join(
    c if c.isalnum() or c in "-_.~" else "".join(f"%{b:02X}" for b in c.encode()) for c in PAGE_HTML)
# user.js of the throwaway profile: Marionette on a port the browser picks (written to MarionetteActivePort), and a
# quiet, deterministic browser: no updates, telemetry, first-run pages or network (every connection goes to a dead
# proxy on 127.0.0.1:9, and nothing is ever prefetched or resolved), 1 CSS px = 1 device px, overlay scrollbars
# (scrollbars take no space: `overflow: scroll` lays out as hidden, as the format requires), and performance.now()
# unclamped (Gecko otherwise reduces it to 1 ms steps, or 20 µs when cross-origin isolated).
PREFS = {
    "marionette.port": 0,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.startup.homepage": "about:blank",
    "startup.homepage_welcome_url": "about:blank",
    "startup.homepage_welcome_url.additional": "",
    "browser.aboutwelcome.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.tabs.warnOnClose": False,
    "browser.sessionstore.resume_from_crash": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.search.update": False,
    "browser.region.network.url": "",
    "browser.topsites.contile.enabled": False,
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "app.update.enabled": False,
    "app.normandy.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "captivedetect.canonicalURL": "",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.socks": "127.0.0.1",
    "network.proxy.socks_port": 9,
    "network.proxy.socks_remote_dns": True,
    "network.proxy.allow_hijacking_localhost": True,
    "network.proxy.no_proxies_on": "",
    "network.dns.disableIPv6": True,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "services.settings.server": "",
    "dom.disable_open_during_load": False,
    "layout.css.devPixelsPerPx": "1.0",
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
    "privacy.reduceTimerPrecision": False,
    "privacy.reduceTimerPrecision.unconditional": False,
    "privacy.resistFingerprinting": False,
    "dom.max_script_run_time": 0,
    "dom.max_chrome_script_run_time": 0,
}


def find_firefox() -> str | None:
    return shutil.which("firefox-esr") or shutil.which("firefox")


class Browser:
    """One headless Firefox (its own process group) and the page it lays out in, driven over Marionette."""

    def __init__(self, executable: str):
        self.profile = tempfile.mkdtemp(prefix="ristretto-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as file:
            for name, value in PREFS.items():
                file.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        self.log_path = os.path.join(self.profile, "firefox.log")
        environment, mark = marked(
            dict(os.environ, MOZ_HEADLESS="1", MOZ_CRASHREPORTER_DISABLE="1", MOZ_DISABLE_AUTO_SAFE_MODE="1"))
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [executable, "--headless", "--marionette", "--no-remote", "--profile", self.profile, "about:blank"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=environment, start_new_session=True)
        self.watchdog = GroupWatchdog(self.process.pid, mark)  # it goes with the adapter, even a SIGKILLed one
        self.socket = None
        self.buffer = b""
        self.next_id = 0
        try:
            self.connect()
            capabilities = self.call("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {
                "pageLoadStrategy": "normal", "timeouts": {"script": None, "pageLoad": 60_000}}}},
                timeout=START_TIMEOUT)["capabilities"]
            self.version = capabilities.get("browserVersion", "?")
            self.call("WebDriver:Navigate", {"url": PAGE_URL}, timeout=START_TIMEOUT)
            with open(BUILDER) as file:
                builder = file.read()
            # A script's own `globalThis` does not outlive its ExecuteScript call; the page's `window` does.
            if builder.count("globalThis.ristretto = ") != 1:
                raise BrowserError("builder.js no longer defines globalThis.ristretto")
            self.execute(builder.replace("globalThis.ristretto = ", "window.ristretto = "), timeout=START_TIMEOUT)
            self.resolution_ms = self.execute(RESOLUTION_PROBE, timeout=START_TIMEOUT)
            mode = self.execute("return document.compatMode + ' ' + typeof window.ristretto.layout;", timeout=START_TIMEOUT)
            if mode != "CSS1Compat function":
                raise BrowserError(f"the page is not ready ({mode})")
        except BaseException:
            self.close()
            raise

    def connect(self):
        """Waits for the port Marionette writes into the profile, connects and reads the server's hello."""
        port_file = os.path.join(self.profile, "MarionetteActivePort")
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise BrowserError(f"firefox exited with {self.process.returncode}{self.log_tail()}")
            try:
                with open(port_file) as file:
                    port = int(file.read().strip())
                self.socket = socket.create_connection(("127.0.0.1", port), timeout=START_TIMEOUT)
                break
            except (OSError, ValueError):
                if time.monotonic() > deadline:
                    raise BrowserError(f"firefox did not start Marionette within {START_TIMEOUT:.0f} s"
                                       f"{self.log_tail()}") from None
                time.sleep(0.05)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        hello = self.receive(START_TIMEOUT)
        if not isinstance(hello, dict) or hello.get("marionetteProtocol") != 3:
            raise BrowserError(f"not a Marionette server: {shown(hello)}")

    def receive(self, timeout: float):
        """One message: ASCII length, ':', that many bytes of JSON."""
        deadline = time.monotonic() + timeout
        while True:
            head, colon, rest = self.buffer.partition(b":")
            if colon:
                if not head.isdigit():
                    raise BrowserError(f"Marionette framing broken: {head[:20]!r}")
                size = int(head)
                if len(rest) >= size:
                    self.buffer = rest[size:]
                    return json.loads(rest[:size])
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError(f"firefox did not answer within {timeout:.0f} s")
            self.socket.settimeout(remaining)
            try:
                chunk = self.socket.recv(1 << 20)
            except socket.timeout:
                raise BrowserError(f"firefox did not answer within {timeout:.0f} s") from None
            if not chunk:
                raise BrowserError(f"firefox closed Marionette{self.log_tail()}")
            self.buffer += chunk

    def call(self, command: str, params: dict, timeout: float = REQUEST_TIMEOUT):
        """Sends one command and waits for its reply (stale replies are dropped); the result, or a BrowserError."""
        self.next_id += 1
        body = json.dumps([0, self.next_id, command, params]).encode()
        try:
            self.socket.sendall(str(len(body)).encode() + b":" + body)
        except OSError as error:
            raise BrowserError(f"firefox is gone ({error}){self.log_tail()}") from None
        while True:
            reply = self.receive(timeout)
            if isinstance(reply, list) and len(reply) == 4 and reply[0] == 1 and reply[1] == self.next_id:
                break
        if reply[2] is not None:
            error = reply[2]
            raise BrowserError(f"{command}: {error.get('error')}: {error.get('message', '')}"[:2000])
        return reply[3]

    def execute(self, script: str, args: list | None = None, timeout: float = REQUEST_TIMEOUT):
        """One WebDriver:ExecuteScript in the page (its own global, not a sandbox); the returned value."""
        return self.call("WebDriver:ExecuteScript", {"script": script, "args": args or []}, timeout=timeout)["value"]

    def run(self, function: str, *arguments, timeout: float = REQUEST_TIMEOUT):
        """`ristretto.<function>(…arguments)` in the page: one round trip, the arguments passed as JSON (written by
        the adapter: generated CSS, numbers and indices, no text of the case)."""
        return self.execute(f"return window.ristretto.{function}(...arguments);", list(arguments), timeout=timeout)

    def log_tail(self) -> str:
        try:
            with open(self.log_path, errors="replace") as file:
                lines = [line.strip() for line in file if line.strip()]
            return f": {lines[-1][:300]}" if lines else ""
        except OSError:
            return ""

    def close(self):
        """Ends the session, then the browser's whole process group (content processes included), and removes the
        profile."""
        if self.socket is not None:
            try:
                self.call("Marionette:Quit", {"flags": ["eForceQuit"]}, timeout=5)
            except (BrowserError, OSError, ValueError):
                pass
            try:
                self.socket.close()
            except OSError:
                pass
            self.socket = None
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # leftovers of the group (the session leader's pid)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.watchdog.dismiss()
        shutil.rmtree(self.profile, ignore_errors=True)


# The smallest nonzero step of performance.now() seen in a short busy loop, in milliseconds.
RESOLUTION_PROBE = """
let step = Infinity, last = performance.now();
const end = last + 20;
while (true) {
  const now = performance.now();
  if (now !== last) { step = Math.min(step, now - last); last = now; }
  if (now > end) break;
}
return step;
"""


def describe(browser) -> dict:
    """The version and what the bench figure includes, with the clock's step as measured in the page."""
    step = browser.resolution_ms * 1e3
    return {"version": f"Firefox {browser.version}",
            "timing": f"{TIMING_BASE}; performance.now() resolution {step:g} µs (privacy.reduceTimerPrecision off)"}


def main():
    serve(BrowserAdapter(
        "firefox", find_firefox(), NOT_INSTALLED, Browser, describe,
        rounding_refusal="Firefox always lays out in 1/60 px app units; its rounding cannot be switched",
        extra_ops={"page": page_op}))


if __name__ == "__main__":
    main()
