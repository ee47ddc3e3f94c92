#!/usr/bin/env bash
# Benchmarks Waypoint's item-detail page (signed in, the benchmark data set of PAGE_SPEC.md:
# --demo-data benchmark) against the peers and nginx, in one
# run of ../shared/bench/run-bench.sh, then the HTTP stack alone: /healthz against /plaintext, and
# /styles.css against nginx serving the same file.
#
# Usage: .ci/bench-page.sh            (from the repository root; builds release first)
# Environment (defaults):
#   BENCH_DIR=../shared/bench          run-bench.sh, nginx-root/page.html
#   SCRATCH_PATH=.build-release        swift build scratch path
#   PEER_HUMMINGBIRD=/tmp/peer-hummingbird/release/PeerHummingbird
#   PEER_VAPOR=/tmp/peer-vapor/release/PeerVapor      a missing peer is skipped, with a note
#   WAYPOINT_PORT=8080 HUMMINGBIRD_PORT=8081 VAPOR_PORT=8082 HUMMINGBIRD_DICT_PORT=8083
#   NGINX_PORT=8089 NGINX_STATIC_PORT=8090
#   SKIP_BUILD=1                       use the binary already built
#   PLAINTEXT=0                        skip the second (HTTP stack) comparison
# Everything else (ROUNDS, DURATION, CONNS, ...) passes through to run-bench.sh.
# Every server this script starts is stopped by its PID on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/.ci/nginx-conf.sh"
BENCH_DIR="$(cd "${BENCH_DIR:-$ROOT/../shared/bench}" && pwd)"
SCRATCH_PATH="${SCRATCH_PATH:-.build-release}"
PEER_HUMMINGBIRD="${PEER_HUMMINGBIRD:-/tmp/peer-hummingbird/release/PeerHummingbird}"
PEER_VAPOR="${PEER_VAPOR:-/tmp/peer-vapor/release/PeerVapor}"
WAYPOINT_PORT="${WAYPOINT_PORT:-8080}"
HUMMINGBIRD_PORT="${HUMMINGBIRD_PORT:-8081}"
VAPOR_PORT="${VAPOR_PORT:-8082}"
HUMMINGBIRD_DICT_PORT="${HUMMINGBIRD_DICT_PORT:-8083}"
NGINX_PORT="${NGINX_PORT:-8089}"
NGINX_STATIC_PORT="${NGINX_STATIC_PORT:-8090}"
PLAINTEXT="${PLAINTEXT:-1}"

for tool in curl wrk nginx ss; do
    command -v "$tool" >/dev/null || { echo "bench-page: $tool not found (apt-get install -y wrk nginx curl iproute2)" >&2; exit 2; }
done
[ -x "$BENCH_DIR/run-bench.sh" ] || { echo "bench-page: no run-bench.sh in $BENCH_DIR" >&2; exit 2; }

WORK="$(mktemp -d /tmp/waypoint-bench-page.XXXXXX)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
    sleep 0.5
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

port_busy() { ss -Htln "sport = :$1" | grep -q .; }
wait_for() { # url
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null --max-time 1 "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench-page: nothing answered at $1" >&2
    return 1
}
start() { # name port command...
    local name=$1 port=$2
    shift 2
    if port_busy "$port"; then
        echo "bench-page: port $port for $name is already in use; set another port" >&2
        exit 1
    fi
    "$@" >"$WORK/$name.log" 2>&1 &
    PIDS+=("$!")
}

# --- Waypoint --------------------------------------------------------------------------------------
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$ROOT" && swift build -c release --product waypoint --scratch-path "$SCRATCH_PATH")
fi
BIN="$(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH_PATH" --show-bin-path)/waypoint"
start waypoint "$WAYPOINT_PORT" "$BIN" --port "$WAYPOINT_PORT" --data "$WORK/data" \
    --public "$ROOT/Public" --templates "$ROOT/Templates" --log-level warning --demo-data benchmark
WAYPOINT="http://127.0.0.1:$WAYPOINT_PORT"
wait_for "$WAYPOINT/healthz"

# Sign in as the demo user: the login form's CSRF token and cookie, then the POST, which rotates
# the session id; the jar keeps the rotated cookie.
JAR="$WORK/cookies"
TOKEN="$(curl -fsS -c "$JAR" -b "$JAR" "$WAYPOINT/login" \
    | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
[ -n "$TOKEN" ] || { echo "bench-page: no CSRF token on /login" >&2; exit 1; }
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$TOKEN" \
    --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$WAYPOINT/login"
COOKIE="$(awk '$6 == "waypoint_session" { print $6 "=" $7 }' "$JAR" | tail -n 1)"
PAGE="/library/category-3/items/107/details"   # item 7 of category 3; Waypoint's ids are global
curl -fsS -o "$WORK/page.html" -H "Cookie: $COOKIE" "$WAYPOINT$PAGE"
grep -qF "Signed in as" "$WORK/page.html" \
    || { echo "bench-page: the page does not show the demo user signed in" >&2; exit 1; }

# --- Peers and nginx ---------------------------------------------------------------------------------
PEER_PAGE="/library/category-3/items/7/details"
SERVERS=("waypoint=$WAYPOINT$PAGE")
PLAIN=("waypoint=$WAYPOINT/healthz")
if [ -x "$PEER_HUMMINGBIRD" ]; then
    start hummingbird "$HUMMINGBIRD_PORT" env PORT="$HUMMINGBIRD_PORT" "$PEER_HUMMINGBIRD"
    start hummingbird-dict "$HUMMINGBIRD_DICT_PORT" env PORT="$HUMMINGBIRD_DICT_PORT" MUSTACHE_CONTEXT=dictionary "$PEER_HUMMINGBIRD"
    wait_for "http://127.0.0.1:$HUMMINGBIRD_PORT/plaintext"
    wait_for "http://127.0.0.1:$HUMMINGBIRD_DICT_PORT/plaintext"
    SERVERS+=("hummingbird=http://127.0.0.1:$HUMMINGBIRD_PORT$PEER_PAGE"
        "hummingbird-dict=http://127.0.0.1:$HUMMINGBIRD_DICT_PORT$PEER_PAGE")
    PLAIN+=("hummingbird=http://127.0.0.1:$HUMMINGBIRD_PORT/plaintext")
else
    echo "bench-page: note: $PEER_HUMMINGBIRD is missing; Hummingbird is skipped (see $BENCH_DIR/README.md)" >&2
fi
if [ -x "$PEER_VAPOR" ]; then
    start vapor "$VAPOR_PORT" env PORT="$VAPOR_PORT" "$PEER_VAPOR"
    wait_for "http://127.0.0.1:$VAPOR_PORT/plaintext"
    SERVERS+=("vapor=http://127.0.0.1:$VAPOR_PORT$PEER_PAGE")
    PLAIN+=("vapor=http://127.0.0.1:$VAPOR_PORT/plaintext")
else
    echo "bench-page: note: $PEER_VAPOR is missing; Vapor is skipped (see $BENCH_DIR/README.md)" >&2
fi

# nginx: the saved page for every URL (as bench/nginx.conf) and Public/ as is, each on its own port.
write_nginx_conf "$WORK/nginx" "" "$(cat <<EOF
    server {
        listen 127.0.0.1:$NGINX_PORT backlog=4096;
        root $BENCH_DIR/nginx-root;
        default_type text/html;
        charset utf-8;
        location = /session { return 204; }
        location = /plaintext { default_type text/plain; charset off; return 200 "Hello, World!"; }
        location / { try_files /page.html =404; }
    }
    server {
        listen 127.0.0.1:$NGINX_STATIC_PORT backlog=4096;
        root $ROOT/Public;
        location = /session { return 204; }
    }
EOF
)"
port_busy "$NGINX_STATIC_PORT" && { echo "bench-page: port $NGINX_STATIC_PORT is already in use" >&2; exit 1; }
start nginx "$NGINX_PORT" nginx -p "$WORK/nginx/" -c "$WORK/nginx/nginx.conf"
wait_for "http://127.0.0.1:$NGINX_PORT/plaintext"
wait_for "http://127.0.0.1:$NGINX_STATIC_PORT/styles.css"
SERVERS+=("nginx=http://127.0.0.1:$NGINX_PORT$PEER_PAGE")
PLAIN+=("nginx=http://127.0.0.1:$NGINX_PORT/plaintext")

# --- Runs --------------------------------------------------------------------------------------------
echo "== The benchmark page (signed in) ==" >&2
COOKIE="$COOKIE" CHECK_STRING="Signed in as" "$BENCH_DIR/run-bench.sh" "${SERVERS[@]}"

if [ "$PLAINTEXT" = 1 ]; then
    echo "== HTTP stack: /healthz against /plaintext ==" >&2
    CHECK_STRING="o" "$BENCH_DIR/run-bench.sh" "${PLAIN[@]}"
    echo "== A static file: /styles.css against nginx serving Public/ ==" >&2
    CHECK_STRING="{" "$BENCH_DIR/run-bench.sh" \
        "waypoint=$WAYPOINT/styles.css" "nginx=http://127.0.0.1:$NGINX_STATIC_PORT/styles.css"
fi
