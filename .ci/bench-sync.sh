#!/usr/bin/env bash
# What one instance pays for another instance's write (issue 19, "the data may grow"): two
# instances, A and B, on one redis-server (loopback), sharing a catalog of SIZE items
# (`--demo-data shelfSIZE`). EDITS times: an item's title is edited on A through the ordinary form
# (signed in, CSRF token, POST .../options, 303), then B's page of that item is fetched until it
# shows the new title. Reported:
#   latency   from A's 303 to the first page of B that shows the edit (max and median), and how
#             many GETs of B that took (B learns of the write at its next request)
#   CPU       B's CPU time for the edits' GETs minus the same number of GETs with no edit before
#             them (a baseline measured in the same run): what applying one edit costs B. Read
#             from /proc/PID/task/*/schedstat (nanoseconds, every thread of B), not from a hook.
#
# Usage: .ci/bench-sync.sh [BINARY]   (default .build-release/release/waypoint; build it first:
#        swift build -c release --product waypoint --scratch-path .build-release)
# Figures of 2026-11-27 (2 busy cores), 100,000 items: before (B reloaded the whole catalog and
# account list after any write elsewhere) 183 ms of B's CPU per edit, seen on B 275 ms (busy
# machine: 1.6 s) after A's 303; after (B applies the change log's entries) 0.36-0.43 ms of CPU
# per edit (the LRANGE round trip, applying, re-rendering the changed page), seen 7-11 ms after
# the 303; with the catch-up parked on the loop (no worker hop) 0.41 ms, 8 ms.
# Environment: SIZE=100000 EDITS=20. Needs curl, redis-server, redis-cli, python3.
# Every process it starts is stopped by its PID on exit.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINARY="$(realpath "${1:-$ROOT/.build-release/release/waypoint}")"
SIZE="${SIZE:-100000}"
EDITS="${EDITS:-20}"
for tool in curl redis-server redis-cli python3; do
    command -v "$tool" >/dev/null || { echo "bench-sync: $tool not found" >&2; exit 2; }
done

source "$ROOT/.ci/processes.sh" bench-sync
# CPU nanoseconds of every thread of a process.
cpu_ns() { cat /proc/"$1"/task/*/schedstat | awk '{ s += $1 } END { printf "%.0f", s }'; }
now_ns() { date +%s%N; }

REDIS_PORT=$(free_port)
mkdir -p "$WORK/redis"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$WORK/redis" --save "" --appendonly no \
    --daemonize no --logfile "" >"$WORK/redis.log" 2>&1 &
PID[redis]=$!
until_true 20 sh -c "redis-cli -p $REDIS_PORT ping 2>/dev/null | grep -q PONG" || { echo "redis did not start" >&2; exit 1; }

start() { # name port
    "$BINARY" --host 127.0.0.1 --port "$2" --password-iterations 1000 --templates "$ROOT/Templates" \
        --public "$ROOT/Public" --shutdown-grace 0 --log-level warning --data "$WORK/$1" \
        --redis-url "redis://127.0.0.1:$REDIS_PORT" --demo-data "shelf$SIZE" >"$WORK/$1.log" 2>&1 &
    PID[$1]=$!
    until_true 600 answers "http://127.0.0.1:$2/readyz" || { echo "$1 did not start" >&2; cat "$WORK/$1.log" >&2; exit 1; }
}
A_PORT=$(free_port)
B_PORT=$(free_port)
start a "$A_PORT"   # seeds the catalog into Redis
start b "$B_PORT"   # loads it
A="http://127.0.0.1:$A_PORT"
B="http://127.0.0.1:$B_PORT"

shelf_count="$(curl -fsS "$B/library/shelf" | grep -o 'of [0-9][0-9,]*' | head -n 1 | tr -d ',')"
[ "$shelf_count" = "of $SIZE" ] || { echo "bench-sync: B's shelf says '$shelf_count', not $SIZE items" >&2; exit 1; }
ITEM=$(( 400 + SIZE / 2 ))
OPTIONS="/library/shelf/items/$ITEM/options"
token_of() { sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1; }
JAR="$WORK/jar"
token="$(curl -fsS -c "$JAR" -b "$JAR" "$A/login" | token_of)"
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$token" \
    --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$A/login"
token="$(curl -fsS -c "$JAR" -b "$JAR" "$A$OPTIONS" | token_of)"
[ -n "$token" ] || { echo "bench-sync: no edit form for item $ITEM on A" >&2; exit 1; }
curl -fsS -o /dev/null "$B/library/shelf/items/$ITEM"

# Baseline: EDITS GETs of B with nothing written in between (same page, same connection shape).
b_gets() { # count
    local i
    for i in $(seq 1 "$1"); do curl -fsS -o /dev/null "$B/library/shelf/items/$ITEM"; done
}
b_gets 5
before=$(cpu_ns "${PID[b]}")
b_gets "$EDITS"
baseline_ns=$(( $(cpu_ns "${PID[b]}") - before ))

latencies=()
gets=0
edit_ns=0
for round in $(seq 1 "$EDITS"); do
    title="Edited $round $RANDOM"
    code=$(curl -sS -o /dev/null -w '%{http_code}' -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$token" \
        --data-urlencode "intent=edit" --data-urlencode "title=$title" --data-urlencode "subtitle=bench-sync" "$A$OPTIONS")
    [ "$code" = 303 ] || { echo "bench-sync: the edit answered $code" >&2; exit 1; }
    answered=$(now_ns)
    cpu_before=$(cpu_ns "${PID[b]}")
    until curl -fsS "$B/library/shelf/items/$ITEM" | grep -F "$title" >/dev/null; do
        gets=$((gets + 1))
        [ $(( $(now_ns) - answered )) -lt 10000000000 ] || { echo "bench-sync: B never showed the edit" >&2; exit 1; }
    done
    gets=$((gets + 1))
    seen=$(now_ns)
    edit_ns=$(( edit_ns + $(cpu_ns "${PID[b]}") - cpu_before ))
    latencies+=("$(( (seen - answered) / 1000 ))")
done

per_get_ns=$(( baseline_ns / EDITS ))
apply_ns=$(( (edit_ns - per_get_ns * gets) / EDITS ))
sorted=($(printf '%s\n' "${latencies[@]}" | sort -n))
echo "bench-sync: $SIZE items, $EDITS edits on A, read on B"
echo "A's 303 to B showing it: median $(( sorted[EDITS / 2] / 1000 )) ms, max $(( sorted[EDITS - 1] / 1000 )) ms ($gets GETs of B for $EDITS edits)"
echo "B's CPU per GET without an edit: $(( per_get_ns / 1000 )) µs"
echo "B's CPU to apply one edit (GETs after an edit minus as many plain GETs): $(( apply_ns / 1000 )) µs"
