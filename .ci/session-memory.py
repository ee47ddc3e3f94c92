#!/usr/bin/env python3
"""Bytes per idle session: start a release Waypoint, make N cookie-less requests to a deep link (each
creates one session, as a new visitor's first request would), and compare the server's resident memory
before and after. Loopback only; bounded by N and a timeout.

usage: session-memory.py BINARY [N=100000]
"""
import os, re, signal, socket, subprocess, sys, tempfile, time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

def run_requests(port, path, n, batch=200):
    """Pipelines n GETs over one keep-alive connection and reads every answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    buffer, done, created = b"", 0, 0
    while done < n:
        k = min(batch, n - done)
        sock.sendall(request * k)
        answered = 0
        while answered < k:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                chunk = sock.recv(1 << 20)
                if not chunk:
                    raise SystemExit("server closed the connection")
                buffer += chunk
                continue
            head = buffer[:end].decode("latin-1")
            length = int(re.search(r"(?i)content-length:\s*(\d+)", head).group(1))
            while len(buffer) < end + 4 + length:
                buffer += sock.recv(1 << 20)
            if "set-cookie" in head.lower():
                created += 1
            buffer = buffer[end + 4 + length:]
            answered += 1
        done += k
    sock.close()
    return created

with tempfile.TemporaryDirectory() as data:
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--data", data, "--log-level", "warning", "--demo-data", "benchmark",
         "--public", os.path.join(root, "Public"), "--templates", os.path.join(root, "Templates")],
        stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        run_requests(port, "/healthz", 2000)           # warm up buffers that do not belong to sessions
        run_requests(port, "/library/category-3", 2000)  # and the page path, with its first sessions
        time.sleep(0.5)
        before = rss_kib(server.pid)
        started = time.time()
        created = run_requests(port, "/library/category-3", count)
        time.sleep(0.5)
        after = rss_kib(server.pid)
        print(f"{created} sessions created by {count} requests in {time.time() - started:.1f} s")
        print(f"RSS {before} KiB -> {after} KiB: {(after - before) * 1024 / max(created, 1):.0f} bytes per idle session")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
