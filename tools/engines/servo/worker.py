"""Servo's worker (engine_worker.py): builder.js's functions answered in a page of Servo, through the PyPI package
servo-fetch (libservo). Run by tools/engines/servo/adapter.py only, with GLIBC_TUNABLES set (see there).

servo-fetch loads http(s) URLs only, refuses loopback and private addresses, and offers no way to give it a document;
what it does offer is one script (`javascript=`) evaluated in the loaded page, whose string value it returns. So each
call is one fetch of `http://ristretto.invalid/` (`.invalid` never resolves: RFC 6761, so nothing goes to the
network; Servo shows its error page) whose script replaces the document with the page (`document.open`, `write`,
`close`: a standards-mode document whose policy lets it load nothing), injects builder.js and calls one of its
functions with the adapter's arguments. The arguments are JSON written by the adapter from checked values (generated
CSS, numbers, indices), never text of the case, and travel as a JSON literal inside the script.
"""

from __future__ import annotations

import importlib.metadata
import json
import mmap
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import BUILDER  # noqa: E402  (the shared modules sit one folder up)
from engine_worker import serve_worker  # noqa: E402

import servo_fetch  # noqa: E402

URL = "http://ristretto.invalid/"
LOAD_TIMEOUT = 60.0  # seconds for servo-fetch's page load; the adapter bounds the whole call itself
PAGE = ('<!doctype html><html><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
        '<style>body,div{margin:0;padding:0;border:0 none}</style></head><body></body></html>')
with open(BUILDER) as file:
    BUILDER_SOURCE = file.read()
SCRIPT = """(() => {
document.open(); document.write(%s); document.close();
%s
try { return JSON.stringify({ result: ristretto[%s](...%s) }); }
catch (error) { return JSON.stringify({ error: String(error && error.stack || error) }); }
})()"""
# The effective step of performance.now(): the smallest non-zero difference seen between successive readings.
CLOCK_PROBE = """(() => {
let smallest = Infinity, last = performance.now();
const end = last + 50;
while (last < end) { const now = performance.now(); if (now > last) { smallest = Math.min(smallest, now - last); last = now; } }
return JSON.stringify(smallest);
})()"""
TIMING = ("in-page performance.now() ({resolution}) around a batch of forced layouts: style invalidation + style "
          "recalc + layout, forced by reading offsetHeight after each change (fresh: also building the new tree's "
          "boxes); excludes the fetch of the page (45–90 ms per request), building the DOM and paint")


def evaluate(script: str) -> str:
    page = servo_fetch.fetch(URL, timeout=LOAD_TIMEOUT, javascript=script)
    if page.js_result is None:
        raise RuntimeError(f"Servo evaluated no script (the page is {page.url})")
    return page.js_result


def call(function: str, *arguments):
    if not re.fullmatch(r"[a-z]+", function):
        raise ValueError(function)
    script = SCRIPT % (json.dumps(PAGE), BUILDER_SOURCE, json.dumps(function), json.dumps(list(arguments)))
    reply = json.loads(evaluate(script))
    if "error" in reply:
        raise RuntimeError(f"in the page: {reply['error']}"[:1000])
    return reply["result"]


def servo_version() -> str:
    """libservo's version, from the crate's source path inside the extension (".../servo-0.5.0/servo.rs")."""
    path = os.path.join(os.path.dirname(servo_fetch.__file__), "_native.abi3.so")
    found = None
    try:
        with open(path, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as binary:
            position = binary.find(b"/servo.rs")
            while position >= 0 and found is None:
                found = re.search(rb"/servo-(\d+\.\d+\.\d+)$", binary[max(0, position - 40):position])
                position = binary.find(b"/servo.rs", position + 1)
    except (OSError, ValueError):
        found = None
    return found[1].decode() if found else "(unknown version)"


def ready() -> dict:
    step = float(json.loads(evaluate(CLOCK_PROBE)))
    return {"version": f"Servo {servo_version()} (servo-fetch {importlib.metadata.version('servo-fetch')})",
            "timing": TIMING.format(resolution=f"{step * 1000:g} µs steps"), "resolution": 1 / 60}


if __name__ == "__main__":
    serve_worker({name: (lambda *arguments, name=name: call(name, *arguments)) for name in ("layout", "changes", "fresh")},
                 ready)
