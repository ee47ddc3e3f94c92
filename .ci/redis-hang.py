#!/usr/bin/env python3
"""Issue 19's hung-Redis figures, measured on a running instance (started by .ci/redis-hang.sh).

CLIENTS keep-alive clients load PAGE with COOKIE; after a few seconds of normal service redis-server
(REDIS_PID) is stopped with SIGSTOP for HANG seconds, then continued. Meanwhile /readyz is polled
every 50 ms. Printed: the longest any request waited (and the status counts) during the hang,
how long /readyz took to answer 503, and how long after SIGCONT pages were 200 again.
Targets (issue 19): longest wait <= 2.5 s, /readyz 503 within 3 s, pages 200 within 2 s of SIGCONT.

Usage: redis-hang.py PORT PAGE COOKIE REDIS_PID [CLIENTS=32] [HANG=8]
"""
import http.client
import os
import signal
import sys
import threading
import time

port, page, cookie, redis_pid = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
clients = int(sys.argv[5]) if len(sys.argv) > 5 else 32
hang = float(sys.argv[6]) if len(sys.argv) > 6 else 8.0
lock = threading.Lock()
log = []  # (started, seconds, status)
stop = threading.Event()


def client():
    connection = None
    while not stop.is_set():
        started = time.monotonic()
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", page, headers={"Cookie": cookie})
            response = connection.getresponse()
            response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
        except Exception:
            status = 0
            if connection is not None:
                connection.close()
            connection = None
        with lock:
            log.append((started, time.monotonic() - started, status))
        if status != 200:
            time.sleep(0.01)


def status_of(path):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", path, headers={"Cookie": cookie})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status
    except Exception:
        return 0


threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
for thread in threads:
    thread.start()
time.sleep(3)
stopped = time.monotonic()
os.kill(redis_pid, signal.SIGSTOP)
unready = None
try:
    while time.monotonic() - stopped < hang:
        if unready is None and status_of("/readyz") == 503:
            unready = time.monotonic() - stopped
        time.sleep(0.05)
finally:
    os.kill(redis_pid, signal.SIGCONT)
continued = time.monotonic()
served = None
while time.monotonic() - continued < 10:
    if status_of(page) == 200:
        served = time.monotonic() - continued
        break
    time.sleep(0.05)
ready_again = None
while time.monotonic() - continued < 10:
    if status_of("/readyz") == 200:
        ready_again = time.monotonic() - continued
        break
    time.sleep(0.05)
time.sleep(1)
stop.set()
for thread in threads:
    thread.join(timeout=35)

with lock:
    before = [entry for entry in log if entry[0] + entry[1] < stopped]
    during = [entry for entry in log if entry[0] + entry[1] >= stopped and entry[0] < continued]
statuses = {}
for _, _, status in during:
    statuses[status] = statuses.get(status, 0) + 1
longest = max((seconds for _, seconds, _ in during), default=0.0)
print(f"before the hang: {len(before)} requests in 3 s, all 200: {all(s == 200 for _, _, s in before)}")
print(f"during the {hang:g} s hang ({clients} clients): {len(during)} requests, statuses {dict(sorted(statuses.items()))}")
print(f"  longest wait: {longest:.3f} s   (target <= 2.5 s)")
print(f"  /readyz 503 after: {'%.3f s' % unready if unready is not None else 'never'}   (target <= 3 s)")
print(f"after SIGCONT: a page 200 after {'%.3f s' % served if served is not None else 'never'}   (target <= 2 s), "
      f"/readyz 200 after {'%.3f s' % ready_again if ready_again is not None else 'never'}")
