#!/bin/sh
# Load test against a running Waypoint on loopback: wrk on /healthz and /styles.css, bounded duration.
# Neither depends on the data; for pages comparable with the peers' start it with --demo-data benchmark.
# Usage: .ci/load-test.sh [base-url]   (default http://127.0.0.1:8080)
# Tunables: DURATION (10s), THREADS (2), CONNECTIONS (64).
set -eu

BASE=${1:-http://127.0.0.1:8080}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}

case "$BASE" in
    http://127.0.0.1*|http://localhost*|http://\[::1\]*) ;;
    *) echo "load-test: refusing non-loopback target $BASE" >&2; exit 2 ;;
esac
command -v wrk >/dev/null || { echo "load-test: wrk is not installed (apt-get install wrk)" >&2; exit 2; }
if ! curl -fsS --max-time 2 -o /dev/null "$BASE/healthz"; then
    echo "load-test: no Waypoint answering at $BASE/healthz; start it first (swift run -c release waypoint --demo-data benchmark)" >&2
    exit 1
fi

status=0
for path in /healthz /styles.css; do
    output=$(timeout 120 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE$path") || status=1
    rps=$(printf '%s\n' "$output" | awk '/Requests\/sec/ { print $2 }')
    p99=$(printf '%s\n' "$output" | awk '$1 == "99%" { print $2 }')
    errors=$(printf '%s\n' "$output" | awk '/Non-2xx|Socket errors/ { print }' | tr '\n' ' ')
    printf '%-12s %12s req/s   p99 %-8s %s\n' "$path" "${rps:-?}" "${p99:-?}" "$errors"
done
exit $status
