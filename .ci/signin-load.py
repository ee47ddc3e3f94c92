#!/usr/bin/env python3
"""Clients that sign in over and over, for .ci/bench-signin.sh.

Usage: signin-load.py PORT SECONDS [CLIENTS] [USERNAME] [PASSWORD]

Each client (a thread) repeats: GET /login on a new connection with no cookie (a session of its
own, and a real CSRF token from the form), then POST /login with that token; every fourth attempt
uses a wrong password, the others the right one. Each attempt carries a made-up X-Forwarded-For
address (the server is started with --trusted-proxy 127.0.0.1/32), so neither the per-address
nor the per-account-and-address throttle is reached, and the account's failures are cleared by
the next right password: every attempt is hashed, none is turned away with 429 before hashing.
Prints one line: attempts, sign-ins per second, and the statuses counted for right and wrong
passwords (a 429 or 503 among them means attempts were refused without a hash).
"""
import collections, http.client, random, re, sys, threading, time, urllib.parse

port, seconds = int(sys.argv[1]), float(sys.argv[2])
clients = int(sys.argv[3]) if len(sys.argv) > 3 else 4
username = sys.argv[4] if len(sys.argv) > 4 else "demo"
password = sys.argv[5] if len(sys.argv) > 5 else "demo-password"
TOKEN = re.compile(r'name="csrfToken" value="([^"]+)"')
counts = collections.Counter()
lock = threading.Lock()
deadline = time.monotonic() + seconds


def attempt(index, address):
    right = index % 4 != 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/login", headers={"X-Forwarded-For": address})
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        cookie = re.search(r"waypoint_session=([^;]+)", response.headers.get("Set-Cookie") or "")
        token = TOKEN.search(text)
        if response.status != 200 or not cookie or not token:
            return ("form", response.status)
        body = urllib.parse.urlencode({"csrfToken": token.group(1), "username": username,
                                       "password": password if right else password + "-wrong"})
        connection.request("POST", "/login", body=body, headers={
            "Cookie": f"waypoint_session={cookie.group(1)}", "X-Forwarded-For": address,
            "Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        response.read()
        return ("right" if right else "wrong", response.status)
    except (OSError, http.client.HTTPException) as error:
        return ("error", type(error).__name__)
    finally:
        connection.close()


def client(number):
    generator = random.Random(number)
    index = number  # the clients' wrong attempts do not line up
    while time.monotonic() < deadline:
        address = "10.%d.%d.%d" % (number, generator.randrange(256), generator.randrange(1, 255))
        kind, status = attempt(index, address)
        with lock:
            counts[(kind, status)] += 1
        index += 1


started = time.monotonic()
threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - started
attempts = sum(n for (kind, _), n in counts.items() if kind in ("right", "wrong"))
statuses = " ".join(f"{kind}:{status}={n}" for (kind, status), n in sorted(counts.items(), key=str))
print(f"{attempts} attempts in {elapsed:.1f} s = {attempts / elapsed:.2f} sign-ins/s  ({statuses})")
