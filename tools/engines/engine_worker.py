"""An engine in a worker process of its own: the transport of the HTML peers that run inside Python (servo, blitz,
weasyprint; docs/engines.md "Servo, Blitz and WeasyPrint").

The adapter (browser_common's request loop, standard library only) starts the worker with the same interpreter, in a
session and process group of its own, marked and watched by `GroupWatchdog` so that it ends with the adapter even
after a SIGKILL. The two speak JSON lines over the worker's stdin and a duplicate of its stdout (the worker points its
own fd 1 at its log, so nothing the engine prints can corrupt the protocol):

    worker → {"ready": {"version", "timing", "resolution"?, "viaPython"?}}   once, when the engine is loaded
    adapter → {"function": "layout" | "changes" | "fresh", "arguments": [...]}  builder.js's functions and arguments
    worker → {"result": …} | {"error": "…"}

Every read has a deadline: a worker that does not answer in time is killed with its group, and the request is tried
once more in a new worker (BrowserAdapter.attempt). A worker ends with `os._exit` when its stdin closes, so no engine
runs its exit handlers (Servo's crash on interpreter exit).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from browser_common import START_TIMEOUT, BrowserError, GroupWatchdog, marked


class Worker:
    """The adapter's side: one worker process running `script` (a worker.py beside the adapter)."""

    def __init__(self, script: str, environment: dict | None = None, start_timeout: float = START_TIMEOUT):
        self.log_file = tempfile.NamedTemporaryFile(prefix="ristretto-worker-", suffix=".log", delete=False)
        self.directory = tempfile.mkdtemp(prefix="ristretto-worker-")  # its cwd and XDG_RUNTIME_DIR, removed on close
        os.chmod(self.directory, 0o700)
        base = dict(os.environ, XDG_RUNTIME_DIR=self.directory, **(environment or {}))
        base.pop("PYTHONSTARTUP", None)
        marked_environment, mark = marked(base)
        self.buffer = b""
        self.parent = os.getppid()  # the harness: when it is gone, so is this adapter (`receive`)
        self.process = subprocess.Popen([sys.executable, "-I", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log_file, env=marked_environment, cwd=self.directory,
                                        start_new_session=True, bufsize=0)
        self.watchdog = GroupWatchdog(self.process.pid, mark)  # it goes with the adapter, even a SIGKILLed one
        try:
            hello = self.receive(start_timeout)
            if not isinstance(hello.get("ready"), dict):
                raise BrowserError(f"the worker did not start: {str(hello)[:300]}{self.log_tail()}")
            self.details = hello["ready"]
        except BaseException:
            self.close()
            raise

    def run(self, function: str, *arguments, timeout: float):
        """One call of the worker's `function`; its result, or a BrowserError (the worker is then replaced)."""
        line = json.dumps({"function": function, "arguments": list(arguments)}).encode() + b"\n"
        try:
            self.process.stdin.write(line)
        except OSError as error:
            raise BrowserError(f"the worker is gone ({error}){self.log_tail()}") from None
        reply = self.receive(timeout)
        if "error" in reply:
            raise BrowserError(str(reply["error"])[:2000])
        if "result" not in reply:
            raise BrowserError(f"the worker answered {str(reply)[:300]}")
        return reply["result"]

    def receive(self, timeout: float) -> dict:
        """The worker's next line, waiting at most `timeout` seconds. The adapter reads no request while it waits, so it
        checks every second that its own parent is still there, and leaves (closing the worker) when it is not."""
        deadline = time.monotonic() + timeout
        descriptor = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError(f"the worker did not answer within {timeout:.0f} s")
            if os.getppid() != self.parent:
                raise SystemExit(1)  # serve's finally closes the worker
            ready, _, _ = select.select([descriptor], [], [], min(remaining, 1.0))
            if ready:
                chunk = os.read(descriptor, 1 << 20)
                if not chunk:
                    raise BrowserError(f"the worker exited (status {self.process.poll()}){self.log_tail()}")
                self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise BrowserError(f"the worker answered something that is not a JSON object: {line[:200]!r}")
        return reply

    def log_tail(self) -> str:
        try:
            with open(self.log_file.name, errors="replace") as file:
                lines = [line.strip() for line in file if line.strip()]
            return f": {lines[-1][:300]}" if lines else ""
        except OSError:
            return ""

    def close(self):
        """Closes the worker's stdin (it exits at once), then kills whatever is left of its process group."""
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # start_new_session: the group's id is the worker's pid
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.process.stdout.close()
        self.watchdog.dismiss()
        self.log_file.close()
        for path in (self.log_file.name,):
            try:
                os.unlink(path)
            except OSError:
                pass
        try:
            for entry in os.listdir(self.directory):
                full = os.path.join(self.directory, entry)
                if os.path.isfile(full) or os.path.islink(full):
                    os.unlink(full)
            os.rmdir(self.directory)
        except OSError:
            pass


def serve_worker(functions: dict, ready):
    """The worker's side: announces itself with `ready()` (the engine's version and timing, after loading it), then
    answers calls until stdin closes, and leaves with `os._exit` (no interpreter teardown)."""
    protocol = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # the engine's own prints go to the log
    sys.setrecursionlimit(20_000)

    def send(message: dict):
        protocol.write(json.dumps(message) + "\n")
        protocol.flush()

    try:
        send({"ready": ready()})
        for line in sys.stdin:
            try:
                request = json.loads(line)
                result = functions[request["function"]](*request["arguments"])
                send({"result": result})
            except Exception as error:  # an engine failure is a reply; the adapter decides what happens next
                traceback.print_exc()
                send({"error": f"{type(error).__name__}: {error}"})
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(0)
