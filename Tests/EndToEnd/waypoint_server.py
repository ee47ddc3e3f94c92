"""The release server under test: started on a free loopback port and a fresh data folder,
stopped with SIGTERM (checking it exits cleanly) and started again on the same folder and port."""

import ctypes
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request


def free_port():
    """A loopback port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_parent():
    """Runs in the child before exec: if the suite itself is killed, the kernel stops the server too."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class ServerError(Exception):
    pass


class WaypointServer:
    """One `waypoint` process at a time; `stop()` is safe to call at any moment, also twice."""

    def __init__(self, binary, app_root, data_dir, log_path, port=None, start_timeout=20.0, extra_arguments=()):
        self.binary = os.path.abspath(binary)
        self.app_root = os.path.abspath(app_root)
        self.data_dir = data_dir
        self.log_path = log_path
        self.port = port or free_port()
        self.start_timeout = start_timeout
        self.extra_arguments = list(extra_arguments)
        self.process = None
        self._log = None

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def outbox(self):
        return os.path.join(self.data_dir, "outbox")

    def start(self):
        if self.process is not None:
            raise ServerError("server already running")
        self._log = open(self.log_path, "ab")
        command = [
            self.binary,
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--data", self.data_dir,
            "--public", os.path.join(self.app_root, "Public"),
            "--templates", os.path.join(self.app_root, "Templates"),
            "--password-iterations", "1000",
        ] + self.extra_arguments
        self.process = subprocess.Popen(
            command, cwd=self.app_root, stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent)
        self._wait_until_healthy()

    def _wait_until_healthy(self):
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                self._close()
                raise ServerError(f"server exited with {code} during start-up (log: {self.log_path})")
            try:
                with urllib.request.urlopen(self.base_url + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.1)
        self.stop()
        raise ServerError(f"server not healthy within {self.start_timeout:.0f} s (log: {self.log_path})")

    def terminate(self, timeout=15.0):
        """SIGTERM and wait; returns the exit status (None if it had to be killed)."""
        if self.process is None:
            return None
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
            code = None
        self._close()
        return code

    def stop(self):
        """Always leaves no process behind."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.terminate(timeout=10)
        self._close()

    def _close(self):
        self.process = None
        if self._log:
            self._log.close()
            self._log = None
