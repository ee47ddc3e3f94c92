#!/usr/bin/env bash
# Starts the release server briefly on loopback with --log-format json, makes a few requests, stops
# it with SIGTERM and checks that it exited 0 and that every line it logged parses as JSON.
set -euo pipefail
BINARY="${1:-.build-release/release/waypoint}"
WORK="$(mktemp -d /tmp/waypoint-json-log.XXXXXX)"
PID=""
cleanup() { [ -n "$PID" ] && kill -9 "$PID" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
"$BINARY" --port 0 --data "$WORK/data" --password-iterations 1000 --log-format json --shutdown-grace 1 \
    >"$WORK/log" 2>&1 &
PID=$!
PORT=""
for _ in $(seq 1 200); do
    PORT="$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$WORK/log" | grep -o '[0-9]*$' || true)"
    [ -n "$PORT" ] && break
    sleep 0.05
done
[ -n "$PORT" ] || { echo "json-log: server did not start"; cat "$WORK/log"; exit 1; }
for path in /healthz /readyz /library /styles.css /metrics '/no%22such%0Apage'; do
    curl --silent --max-time 5 --output /dev/null "http://127.0.0.1:$PORT$path" || true
done
kill -TERM "$PID"
STATUS=0
timeout 30 tail --pid="$PID" -f /dev/null || { echo "json-log: server did not stop"; exit 1; }
wait "$PID" || STATUS=$?
PID=""
[ "$STATUS" = 0 ] || { echo "json-log: exit status $STATUS"; cat "$WORK/log"; exit 1; }
python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) >= 6, lines
for line in lines:
    obj = json.loads(line)
    assert {"time", "level", "message"} <= obj.keys(), line
assert any(json.loads(l).get("route") == "/library" for l in lines), "no access line"
print(f"json-log: {len(lines)} lines, all JSON")
' "$WORK/log"
