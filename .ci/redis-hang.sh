#!/usr/bin/env bash
# Issue 19's hung-Redis targets at production settings (not CI's scaled-down test,
# Tests/WebTests/RedisOutageTests): one instance on a redis-server of its own, default timeouts,
# the signed-in benchmark page loaded by CLIENTS keep-alive clients; redis-server stopped with
# SIGSTOP for HANG seconds, then continued (.ci/redis-hang.py measures). Not run in CI: ~20 s.
#
# Usage: .ci/redis-hang.sh [BINARY]   (default .build-release/release/waypoint)
# Environment: CLIENTS=32 HANG=8
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINARY="$(realpath "${1:-$ROOT/.build-release/release/waypoint}")"
for tool in redis-server redis-cli curl python3; do
    command -v "$tool" >/dev/null || { echo "redis-hang: $tool not found" >&2; exit 2; }
done
source "$ROOT/.ci/processes.sh" redis-hang

REDIS_PORT=$(free_port)
mkdir -p "$WORK/redis"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$WORK/redis" --appendonly yes --appendfsync always \
    --save "" --daemonize no --logfile "" > "$WORK/redis.log" 2>&1 &
PID[redis]=$!
until_true 20 sh -c "redis-cli -p $REDIS_PORT ping 2>/dev/null | grep -q PONG" || { echo "redis did not start" >&2; exit 1; }

PORT=$(free_port)
"$BINARY" --host 127.0.0.1 --port "$PORT" --password-iterations 1000 --templates "$ROOT/Templates" \
    --public "$ROOT/Public" --shutdown-grace 0 --log-level error --demo-data benchmark --data "$WORK/data" \
    --redis-url "redis://127.0.0.1:$REDIS_PORT" > "$WORK/waypoint.log" 2>&1 &
PID[waypoint]=$!
until_true 30 answers "http://127.0.0.1:$PORT/readyz" || { echo "waypoint did not start" >&2; exit 1; }

JAR="$WORK/cookies"
BASE="http://127.0.0.1:$PORT"
TOKEN="$(curl -fsS -c "$JAR" -b "$JAR" "$BASE/login" | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$TOKEN" \
    --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$BASE/login"
COOKIE="$(awk '$6 == "waypoint_session" { print $6 "=" $7 }' "$JAR" | tail -n 1)"
PAGE="/library/category-3/items/107/details"
curl -fsS -H "Cookie: $COOKIE" "$BASE$PAGE" > "$WORK/page.html"
grep -qF "Signed in as" "$WORK/page.html" || { echo "redis-hang: not signed in" >&2; exit 1; }

python3 "$ROOT/.ci/redis-hang.py" "$PORT" "$PAGE" "$COOKIE" "${PID[redis]}" "${CLIENTS:-32}" "${HANG:-8}"
