#!/bin/sh
# Idle keep-alive connections and the connection cap, measured on loopback (not run by CI).
# Builds release, then runs wrk on a category's list (/library/category-3, the benchmark data set)
# twice against a fresh server each time: once alone,
# once while a small Python client holds IDLE keep-alive connections (each has made one request
# and then sits idle). Reports req/s and p99 for both, and how many held connections the server
# closed to make room (with the default cap of 10000, holding 15000 means the oldest are closed).
# Usage: .ci/bench-idle.sh        Tunables: IDLE (15000), DURATION (10s), THREADS (2), CONNECTIONS (64),
#                                 PORT (18093), MAX_CONNECTIONS (unset: the server's default).
set -eu

IDLE=${IDLE:-15000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
PORT=${PORT:-18093}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
SERVER_PID=
HOLDER_PID=

cleanup() {
    [ -n "$HOLDER_PID" ] && kill "$HOLDER_PID" 2>/dev/null || true
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

command -v wrk >/dev/null || { echo "bench-idle: wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench-idle: python3 is needed for the idle client" >&2; exit 2; }

echo "bench-idle: building release" >&2
(cd "$ROOT" && swift build -c release --product waypoint >&2)
BINARY=$(cd "$ROOT" && swift build -c release --show-bin-path)/waypoint

cat > "$WORK/hold.py" <<'PY'
# Opens N keep-alive connections to 127.0.0.1:PORT, makes one request on each, prints "ready",
# holds them until stdin closes, then prints how many the server has closed meanwhile.
import resource, select, socket, sys
port, count = int(sys.argv[1]), int(sys.argv[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
held, failed = [], 0
for _ in range(count):
    s = socket.socket()
    s.settimeout(5)
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(request)
        answer = b""
        while b"\r\n\r\nok" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                raise OSError("closed")
            answer += chunk
        held.append(s)
    except OSError:
        failed += 1
        s.close()
print(f"ready {len(held)} held, {failed} failed", flush=True)
sys.stdin.read()
by_fd = {s.fileno(): s for s in held}
poller = select.poll()
for s in held:
    poller.register(s.fileno(), select.POLLIN | select.POLLHUP)
closed = 0
for fd, events in poller.poll(0):
    try:
        if by_fd[fd].recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
            closed += 1
    except BlockingIOError:
        pass
    except OSError:
        closed += 1
print(f"closed by the server while held: {closed} of {len(held)}", flush=True)
PY

start_server() {
    rm -rf "$WORK/data"
    set -- --host 127.0.0.1 --port "$PORT" --data "$WORK/data" --public "$ROOT/Public" \
        --templates "$ROOT/Templates" --log-level warning --demo-data benchmark
    [ -n "${MAX_CONNECTIONS:-}" ] && set -- "$@" --max-connections "$MAX_CONNECTIONS"
    "$BINARY" "$@" 2>"$WORK/server.log" &
    SERVER_PID=$!
    for _ in $(seq 1 100); do
        curl -fsS --max-time 1 -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench-idle: the server did not start" >&2
    cat "$WORK/server.log" >&2
    exit 1
}

stop_server() {
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
}

measure() {
    output=$(timeout 120 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$PORT/library/category-3")
    rps=$(printf '%s\n' "$output" | awk '/Requests\/sec/ { print $2 }')
    p99=$(printf '%s\n' "$output" | awk '$1 == "99%" { print $2 }')
    errors=$(printf '%s\n' "$output" | awk '/Non-2xx|Socket errors/ { print }' | tr '\n' ' ')
    printf '%-28s %10s req/s   p99 %-9s %s\n' "$1" "${rps:-?}" "${p99:-?}" "$errors"
}

start_server
measure "/library/category-3 alone"
stop_server

start_server
mkfifo "$WORK/holder.in"
python3 "$WORK/hold.py" "$PORT" "$IDLE" <"$WORK/holder.in" >"$WORK/holder.out" &
HOLDER_PID=$!
exec 3>"$WORK/holder.in"
while ! grep -q ready "$WORK/holder.out" 2>/dev/null; do
    kill -0 "$HOLDER_PID" 2>/dev/null || { echo "bench-idle: the idle client failed" >&2; cat "$WORK/holder.out" >&2; exit 1; }
    sleep 0.2
done
echo "idle client: $(cat "$WORK/holder.out")"
measure "/library/category-3 with $IDLE idle"
exec 3>&-
wait "$HOLDER_PID" || true
HOLDER_PID=
echo "idle client: $(tail -1 "$WORK/holder.out")"
grep -h "connection cap" "$WORK/server.log" | head -3 || true
stop_server
