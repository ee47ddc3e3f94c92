#!/usr/bin/env python3
"""Live updates at scale, in one run on loopback: the benchmark page's throughput and p99 with no
stream open and with STREAMS event streams open (targets: >= 0.8x and p99 within 2x), the server's
memory per open stream (target <= 4 KB), and how long one catalog change takes to reach every
stream, from the write's answer to the last event read (target <= 1 s).

Usage: python3 .ci/bench-live.py BINARY [STREAMS] [DURATION_SECONDS]
  BINARY: a release build of waypoint (swift build -c release --scratch-path .build-release).
Needs wrk. Every process it starts is stopped on exit; all traffic stays on 127.0.0.1."""
import http.client, os, re, resource, selectors, socket, subprocess, sys, tempfile, time, urllib.parse

BINARY = sys.argv[1]
STREAMS = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
DURATION = int(sys.argv[3]) if len(sys.argv) > 3 else 10

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
if STREAMS + 200 > hard:
    sys.exit(f"bench-live: {STREAMS} streams need more than this process's open-file limit ({hard})")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()
data = tempfile.mkdtemp(prefix="waypoint-bench-live.")
server = subprocess.Popen(
    [BINARY, "--port", str(PORT), "--data", data + "/data", "--demo-data", "benchmark",
     "--max-streams", str(STREAMS + 100), "--max-connections", str(STREAMS + 2000), "--log-level", "warning", "--password-iterations", "1000"],
    stdout=subprocess.DEVNULL, stderr=sys.stderr)


def rss_kb():
    with open(f"/proc/{server.pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])


def request(method, path, cookie=None, form=None):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    headers = {"Cookie": cookie} if cookie else {}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response, text


def wrk(url, cookie):
    out = subprocess.run(["wrk", "-t2", "-c64", f"-d{DURATION}s", "--latency", "-H", f"Cookie: {cookie}", url],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    return rate, float(p99.group(1)) * scale


try:
    for _ in range(200):
        try:
            if request("GET", "/healthz")[0].status == 200:
                break
        except OSError:
            time.sleep(0.05)
    # Sign in: the benchmark page is a signed-in item page.
    response, text = request("GET", "/login")
    cookie = response.getheader("Set-Cookie").split(";")[0]
    token = re.search(r'name="csrfToken" value="([^"]+)"', text).group(1)
    response, _ = request("POST", "/login", cookie, {"csrfToken": token, "username": "demo", "password": "demo-password"})
    cookie = response.getheader("Set-Cookie").split(";")[0]
    _, listing = request("GET", "/library/category-3", cookie)
    item = re.search(r'href="(/library/category-3/items/\d+)"', listing).group(1)
    page = f"http://127.0.0.1:{PORT}{item}/details"

    wrk(page, cookie)  # warm-up
    quiet_rate, quiet_p99 = wrk(page, cookie)
    before = rss_kb()

    selector = selectors.DefaultSelector()
    streams = []
    request_bytes = f"GET /_events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
    opened_at = time.monotonic()
    for index in range(STREAMS):
        s = socket.create_connection(("127.0.0.1", PORT))
        s.sendall(request_bytes)
        s.setblocking(False)
        streams.append(s)
        selector.register(s, selectors.EVENT_READ, index)
    received = [b""] * STREAMS
    heads = 0
    while heads < STREAMS and time.monotonic() - opened_at < 120:
        for key, _ in selector.select(timeout=1):
            chunk = key.fileobj.recv(65536)
            if not chunk:
                sys.exit(f"bench-live: stream {key.data} closed while opening")
            was = b"\r\n\r\n" in received[key.data]
            received[key.data] += chunk
            if not was and b"\r\n\r\n" in received[key.data]:
                if not received[key.data].startswith(b"HTTP/1.1 200"):
                    sys.exit(f"bench-live: stream {key.data} answered {received[key.data][:40]!r}")
                heads += 1
    if heads < STREAMS:
        sys.exit(f"bench-live: only {heads} of {STREAMS} streams opened in 120 s")
    time.sleep(1)
    after = rss_kb()
    received = [b""] * STREAMS

    loaded_rate, loaded_p99 = wrk(page, cookie)

    # One change, then every stream must read its event.
    response, form = request("GET", "/library/category-3/items/new", cookie)
    found = re.search(r'name="csrfToken" value="([^"]+)"', form)
    if not found:
        sys.exit(f"bench-live: the new-item form answered {response.status}: {form[:300]!r}")
    token = found.group(1)
    response, _ = request("POST", "/library/category-3/items/new", cookie, {"csrfToken": token, "title": "Bench live", "subtitle": ""})
    answered = time.monotonic()
    if response.status != 303:
        sys.exit(f"bench-live: adding an item answered {response.status}")
    reached = 0
    last = answered
    while reached < STREAMS and time.monotonic() - answered < 30:
        for key, _ in selector.select(timeout=1):
            chunk = key.fileobj.recv(65536)
            was = b"event: catalog" in received[key.data]
            received[key.data] += chunk
            if not was and b"event: catalog" in received[key.data]:
                reached += 1
                last = time.monotonic()
    for s in streams:
        s.close()

    print(f"streams open: {STREAMS}")
    print(f"page without streams: {quiet_rate:,.0f} req/s, p99 {quiet_p99:.2f} ms")
    print(f"page with streams:    {loaded_rate:,.0f} req/s, p99 {loaded_p99:.2f} ms")
    print(f"throughput ratio:     {loaded_rate / quiet_rate:.2f}x (target >= 0.80)")
    print(f"p99 ratio:            {loaded_p99 / quiet_p99:.2f}x (target <= 2.00)")
    print(f"memory per stream:    {(after - before) * 1024 / STREAMS:,.0f} bytes (RSS {before:,} -> {after:,} KB; target <= 4096)")
    print(f"one change reached {reached} of {STREAMS} streams in {(last - answered) * 1000:.0f} ms (target <= 1000)")
finally:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
