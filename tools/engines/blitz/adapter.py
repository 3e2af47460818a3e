"""Blitz peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by Blitz (Stylo + Taffy)
through the PyPI package blitz-py, in a worker process (engine_worker.py, blitz/worker.py).

The checks, the operations and the page are the browser peers' shared ones (browser_common.py); the page is written
as markup (static_page.py), since Blitz runs no script. Frames are whole pixels: blitz-dom lays out with Taffy's
rounding on. Run with the interpreter of the venv that holds blitz-py (tools/setup-engines --with-all).
"""

from __future__ import annotations

import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import BrowserAdapter, serve  # noqa: E402  (the shared modules sit one folder up)
from engine_worker import Worker  # noqa: E402

NOT_INSTALLED = "blitz not installed: run tools/setup-engines --with-all (pip install blitz-py==0.5.0)"
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")


def main():
    serve(BrowserAdapter(
        "blitz", WORKER if importlib.util.find_spec("blitz_py") else None, NOT_INSTALLED, Worker,
        lambda worker: dict(worker.details),
        rounding_refusal="Blitz always rounds to whole pixels (Taffy's rounding is on in blitz-dom): frames are "
                         "rounded already, and it cannot be switched off"))


if __name__ == "__main__":
    main()
