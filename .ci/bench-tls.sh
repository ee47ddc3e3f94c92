#!/usr/bin/env bash
# What HTTPS costs Waypoint: the benchmark page from two release Waypoints side by side, one plain and
# one TLS (throw-away P-256 certificate), both with the demo user signed in, through run-bench.sh.
#
# Usage: .ci/bench-tls.sh
# Environment: SCRATCH_PATH (default .build-release), BENCH (default ../shared/bench/run-bench.sh),
#              PLAIN_PORT (18080), TLS_PORT (18443); ROUNDS (3), DURATION (8) and any other run-bench.sh
#              setting pass through (HIGH_CONNS, WARMUP, CONNS, OUT_DIR, ...).
# After run-bench's table: each server's CPU time per request over all its wrk runs (from /proc), which
# a loaded shared machine disturbs far less than req/s, and their ratio.
#
# run-bench.sh sends one $COOKIE to every server (Waypoint's /session sets none), so both servers must know
# the same session: the demo user signs in on the plain server (GET /login for the cookie and csrfToken,
# then POST), which is stopped to save its sessions; its data folder is copied for the TLS server; both
# start again and each must show the signed-in page with that cookie before anything is measured.
# Everything runs on 127.0.0.1, every request is bounded by a timeout, and both servers are stopped by
# PID at exit.
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH_PATH=${SCRATCH_PATH:-.build-release}
BENCH=${BENCH:-../shared/bench/run-bench.sh}
PLAIN_PORT=${PLAIN_PORT:-18080}
TLS_PORT=${TLS_PORT:-18443}
export ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-8}
# Only a signed-in page shows it (Templates/layout.mustache).
export CHECK_STRING='Signed in as'
PAGE=/library/category-3/items/107/details

for tool in openssl curl wrk ss; do
    command -v "$tool" >/dev/null || { echo "bench-tls: $tool not found (apt-get install openssl curl wrk iproute2)" >&2; exit 2; }
done
[ -x "$BENCH" ] || [ -f "$BENCH" ] || { echo "bench-tls: $BENCH not found" >&2; exit 2; }

echo "== release build ($SCRATCH_PATH)"
swift build -c release --product waypoint --scratch-path "$SCRATCH_PATH" --static-swift-stdlib
BINARY="$(swift build -c release --product waypoint --scratch-path "$SCRATCH_PATH" --static-swift-stdlib --show-bin-path)/waypoint"

WORK="$(mktemp -d /tmp/waypoint-bench-tls.XXXXXX)"
PIDS=()
stop_all() {
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && wait "$pid" 2>/dev/null || true; done
    PIDS=()
}
trap 'stop_all; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

# A self-signed certificate for 127.0.0.1 that curl is told to trust (wrk does not verify).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 \
    -addext subjectAltName=IP:127.0.0.1,DNS:localhost -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
export CURL_CA_BUNDLE="$WORK/cert.pem"

start() { # name data-dir port [extra flags...]
    local name="$1" data="$2" port="$3" scheme=http
    shift 3
    [ $# -gt 0 ] && scheme=https
    "$BINARY" --port "$port" --data "$data" --public Public --templates Templates --log-level warning \
        --demo-data benchmark "$@" \
        >>"$WORK/$name.log" 2>&1 &
    PIDS+=("$!")
    for _ in $(seq 300); do
        curl -fs -o /dev/null --max-time 1 "$scheme://127.0.0.1:$port/healthz" && return 0
        kill -0 "$!" 2>/dev/null || break
        sleep 0.2
    done
    echo "bench-tls: $name did not come up on port $port:" >&2
    cat "$WORK/$name.log" >&2
    exit 1
}

echo "== signing in the demo user"
start plain "$WORK/plain" "$PLAIN_PORT"
login="$(curl -fs --max-time 10 -c "$WORK/jar" "http://127.0.0.1:$PLAIN_PORT/login")"
token="$(printf '%s' "$login" | sed -nE 's/.*name="csrfToken" value="([^"]*)".*/\1/p' | head -1)"
[ -n "$token" ] || { echo "bench-tls: no csrfToken on /login" >&2; exit 1; }
status="$(curl -s --max-time 10 -b "$WORK/jar" -c "$WORK/jar" -o /dev/null -w '%{http_code}' \
    --data-urlencode "csrfToken=$token" --data-urlencode username=demo --data-urlencode password=demo-password \
    "http://127.0.0.1:$PLAIN_PORT/login")"
[ "$status" = 303 ] || { echo "bench-tls: sign-in answered $status, not 303" >&2; exit 1; }
session="$(awk '$6 == "waypoint_session" { print $7 }' "$WORK/jar" | tail -1)"
[ -n "$session" ] || { echo "bench-tls: no session cookie after signing in" >&2; exit 1; }
# Stopping saves the sessions; the TLS server starts from a copy of the same data folder.
stop_all
cp -a "$WORK/plain" "$WORK/tls"

echo "== starting plain :$PLAIN_PORT and TLS :$TLS_PORT"
start plain "$WORK/plain" "$PLAIN_PORT"
start tls "$WORK/tls" "$TLS_PORT" --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem"
for url in "http://127.0.0.1:$PLAIN_PORT$PAGE" "https://127.0.0.1:$TLS_PORT$PAGE"; do
    # Read whole, then searched: `curl | grep -q` under pipefail fails when grep stops first (curl 23).
    page="$(curl -fs --max-time 10 -H "Cookie: waypoint_session=$session" "$url")" && grep -qF "$CHECK_STRING" <<<"$page" \
        || { echo "bench-tls: $url does not show the signed-in page" >&2; exit 1; }
done

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; } # user + system time of a process
PLAIN_PID="${PIDS[0]}" TLS_PID="${PIDS[1]}"
plain_ticks="$(cpu_ticks "$PLAIN_PID")" tls_ticks="$(cpu_ticks "$TLS_PID")"
export OUT_DIR="${OUT_DIR:-/tmp/run-bench-$(date +%Y%m%d-%H%M%S)}"

echo "== run-bench (ROUNDS=$ROUNDS DURATION=$DURATION)"
COOKIE="waypoint_session=$session" bash "$BENCH" \
    plain="http://127.0.0.1:$PLAIN_PORT$PAGE" \
    tls="https://127.0.0.1:$TLS_PORT$PAGE"

plain_ticks=$(($(cpu_ticks "$PLAIN_PID") - plain_ticks)) tls_ticks=$(($(cpu_ticks "$TLS_PID") - tls_ticks))
requests() { cat "$OUT_DIR/$1".*.txt | awk '/ requests in / { n += $1 } END { print n + 0 }'; }
awk -v pt="$plain_ticks" -v tt="$tls_ticks" -v pn="$(requests plain)" -v tn="$(requests tls)" -v hz="$(getconf CLK_TCK)" 'BEGIN {
    if (pn == 0 || tn == 0 || pt == 0 || tt == 0) { print "server CPU per request: no figure (no requests or no CPU time counted)"; exit }
    p = pt / hz * 1e6 / pn; t = tt / hz * 1e6 / tn
    printf "server CPU per request over all wrk runs: plain %.1f us (%d requests), tls %.1f us (%d requests); tls speed by CPU: %.2fx plain\n", p, pn, t, tn, p / t
}'
