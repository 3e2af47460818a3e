"""WeasyPrint peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", answered by WeasyPrint (PyPI
weasyprint), the HTML-to-PDF engine, in a worker process (engine_worker.py, weasyprint/worker.py).

The checks, the operations and the page are the browser peers' shared ones (browser_common.py); the page is written
as markup (static_page.py), since WeasyPrint runs no script, and a declaration WeasyPrint ignores is refused as the
browsers refuse a value their parser rejects. Frames are unrounded. Run with the interpreter of the venv that holds
weasyprint (tools/setup-engines --with-all).
"""

from __future__ import annotations

import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_common import BrowserAdapter, serve  # noqa: E402  (the shared modules sit one folder up)
from engine_worker import Worker  # noqa: E402

NOT_INSTALLED = "weasyprint not installed: run tools/setup-engines --with-all (pip install weasyprint==70.0)"
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")


def main():
    serve(BrowserAdapter(
        "weasyprint", WORKER if importlib.util.find_spec("weasyprint") else None, NOT_INSTALLED, Worker,
        lambda worker: dict(worker.details),
        rounding_refusal="WeasyPrint has no pixel rounding to switch on: it lays out in floating point"))


if __name__ == "__main__":
    main()
