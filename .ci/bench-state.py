#!/usr/bin/env python3
"""Measures what the state-trust work promises, against a running release server on loopback:

1. CPU per refused 1 MB form: POST /login with ~1 MB of `x=&x=&...`, without a session cookie
   (refused before decoding) and with one and a valid CSRF token (refused by the field limits
   after a byte scan); the server's CPU time (utime+stime from /proc/PID/stat) per request.
2. A cookie-less flood: 3 signed-in sessions, then N pipelined cookie-less HEAD requests; whether
   all 3 are still signed in, and the server's resident memory before and after.

Usage: .ci/bench-state.py BINARY [N]   (starts BINARY on a free port with a temporary data folder)
"""
import os, re, signal, socket, subprocess, sys, tempfile, time, urllib.parse

binary = sys.argv[1]
flood = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
data = tempfile.mkdtemp(prefix="waypoint-bench-state-")
server = subprocess.Popen(
    [binary, "--port", "0", "--data", data, "--password-iterations", "1000", "--log-level", "warning",
     "--demo-data", "benchmark",
     "--templates", os.path.join(root, "Templates"), "--public", os.path.join(root, "Public")],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
port = None
deadline = time.time() + 30
# The listening line is at info level; with --log-level warning, find the port from /proc instead.
while time.time() < deadline and port is None:
    time.sleep(0.1)
    out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if f"pid={server.pid}," in line:
            port = int(line.split()[3].rsplit(":", 1)[1])
if port is None:
    server.kill(); sys.exit("the server did not start")


def stop():
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    subprocess.run(["rm", "-rf", data])


import atexit  # noqa: E402
atexit.register(stop)

def cpu_seconds():
    fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def rss_mib():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

def request(method, path, cookie=None, body=b"", content_type=None):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if cookie: head += f"Cookie: waypoint_session={cookie}\r\n"
    if content_type: head += f"Content-Type: {content_type}\r\n"
    if body or method == "POST": head += f"Content-Length: {len(body)}\r\n"
    s.sendall(head.encode() + b"\r\n" + body)
    chunks = []
    while True:
        chunk = s.recv(65536)
        if not chunk: break
        chunks.append(chunk)
    s.close()
    text = b"".join(chunks).decode("utf-8", "replace")
    status = int(text.split(" ", 2)[1])
    cookie_out = re.search(r"waypoint_session=([^;]+)", text)
    token = re.search(r'name="csrfToken" value="([^"]+)"', text)
    return status, (cookie_out.group(1) if cookie_out else None), (token.group(1) if token else None), text

def sign_in():
    _, cookie, token, _ = request("GET", "/login")
    body = urllib.parse.urlencode({"csrfToken": token, "username": "demo", "password": "demo-password"}).encode()
    status, rotated, _, _ = request("POST", "/login", cookie, body, "application/x-www-form-urlencoded")
    assert status == 303, status
    return rotated

junk = b"x=&" * 340_000  # ~1 MB, under the 1 MiB body limit
form = "application/x-www-form-urlencoded"
rounds = 20
before = cpu_seconds()
for _ in range(rounds):
    assert request("POST", "/login", None, junk, form)[0] == 403
without_session = (cpu_seconds() - before) / rounds
_, cookie, token, _ = request("GET", "/login")
signed = f"csrfToken={token}&".encode() + junk
before = cpu_seconds()
for _ in range(rounds):
    assert request("POST", "/login", cookie, signed, form)[0] == 400
with_session = (cpu_seconds() - before) / rounds
print(f"refused 1 MB form: {without_session * 1000:.1f} ms CPU without a session (403), "
      f"{with_session * 1000:.1f} ms with a session and token (400, field limit)")

members = [sign_in() for _ in range(3)]
rss_before = rss_mib()
s = socket.create_connection(("127.0.0.1", port), timeout=60)
batch = 500
sent = 0
started = time.time()
while sent < flood:
    count = min(batch, flood - sent)
    s.sendall(b"HEAD /library/category-1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * count)
    received = 0
    buffer = b""
    while received < count:
        buffer += s.recv(1 << 20)
        received = buffer.count(b"HTTP/1.1 ")
    sent += count
s.close()
elapsed = time.time() - started
rss_after = rss_mib()
still = sum(1 for cookie in members if "Signed in as" in request("GET", "/library/category-1", cookie)[3])
print(f"flood: {flood} cookie-less HEAD /library/category-1 in {elapsed:.1f} s; {still} of 3 signed-in sessions kept; "
      f"RSS {rss_before:.1f} MiB before, {rss_after:.1f} MiB after")
sys.exit(0 if still == 3 else 1)
