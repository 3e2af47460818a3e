"""Servo peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by Servo (libservo, through
the PyPI package servo-fetch) in a worker process (engine_worker.py, servo/worker.py).

The checks, the operations and the in-page builder are the browser peers' shared ones (browser_common.py,
browser/builder.js, injected unchanged); this file starts the worker. servo-fetch's extension needs a larger static
TLS block than glibc reserves for libraries loaded after start ("cannot allocate memory in static TLS block"), so the
worker starts with GLIBC_TUNABLES=glibc.rtld.optional_static_tls=16384, and it leaves with os._exit, since Servo
crashes when the interpreter exits. Run with the interpreter of the venv that holds servo-fetch.
"""

from __future__ import annotations

import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import BrowserAdapter, serve  # noqa: E402  (the shared modules sit one folder up)
from engine_worker import Worker  # noqa: E402

NOT_INSTALLED = "servo not installed: run tools/setup-engines --with-all (pip install servo-fetch==0.15.1)"
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")
TUNABLES = "glibc.rtld.optional_static_tls=16384"


def start(script: str) -> Worker:
    tunables = os.environ.get("GLIBC_TUNABLES")
    return Worker(script, {"GLIBC_TUNABLES": f"{tunables}:{TUNABLES}" if tunables else TUNABLES})


def main():
    serve(BrowserAdapter(
        "servo", WORKER if importlib.util.find_spec("servo_fetch") else None, NOT_INSTALLED, start,
        lambda worker: dict(worker.details),
        rounding_refusal="Servo always lays out in app units of 1/60 px; its rounding cannot be switched"))


if __name__ == "__main__":
    main()
