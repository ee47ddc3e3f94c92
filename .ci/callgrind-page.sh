#!/usr/bin/env bash
# Counts the instructions Waypoint executes per benchmark page (the signed-in item-detail page of
# .ci/bench-page.sh), with valgrind's callgrind: a count that does not drift with the load of this
# shared machine, unlike req/s, so a change to the hot path can be judged on one run.
#
# The release binary runs under callgrind; the script signs in, fetches the page WARMUP times over
# one keep-alive connection, zeroes the counters, fetches it REQUESTS more times, dumps, and prints
# the instructions per page: all of the server's threads (HTTP, session, view models, rendering),
# and the part spent inside TemplateLibrary.render and in building the page's TemplateData.
#
# Usage: .ci/callgrind-page.sh [BINARY]   (default: .build-release/release/waypoint; build it first
#                                          with swift build -c release --scratch-path .build-release)
# Environment: REQUESTS=400 WARMUP=50 PORT=8097 KEEP=1 (keep the callgrind output, path printed)
#              ACCEPT_GZIP=1 (send Accept-Encoding: gzip, as browsers do, and count the gzipped page)
#              PAGE_PATH=/styles.css (count another path instead of the benchmark page, e.g. a static file)
#              BARE=1 (send the request wrk sends, Host and nothing else: no cookie, User-Agent or Accept;
#              with PAGE_PATH, the request .ci/bench-gzip.sh measures a static file with)
#              REDIS_URL=redis://127.0.0.1:P (serve from that Redis instead of the embedded store; start
#              it empty or with the benchmark data: the server seeds it. redis-server's own work is not counted)
#              TLS=1 (serve HTTPS with a throw-away P-256 certificate, as .ci/bench-tls.sh does)
#              DIFFERENCE=1 (also count REQUESTS and then 2*REQUESTS fetches, each over a new connection,
#              and print their difference per page: the TLS handshake or TCP set-up drops out. On with TLS=1)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-$ROOT/.build-release/release/waypoint}"
REQUESTS="${REQUESTS:-400}"
WARMUP="${WARMUP:-50}"
PORT="${PORT:-8097}"
for tool in valgrind callgrind_control callgrind_annotate curl; do
    command -v "$tool" >/dev/null || { echo "callgrind-page: $tool not found (apt-get install -y valgrind curl)" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "callgrind-page: no binary at $BIN" >&2; exit 2; }

WORK="$(mktemp -d /tmp/waypoint-callgrind.XXXXXX)"
REDIS_ARGS=()
[ -n "${REDIS_URL:-}" ] && REDIS_ARGS=(--redis-url "$REDIS_URL")
SCHEME=http
TLS_ARGS=()
if [ "${TLS:-0}" = 1 ]; then
    command -v openssl >/dev/null || { echo "callgrind-page: openssl not found" >&2; exit 2; }
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 \
        -addext subjectAltName=IP:127.0.0.1 -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
    export CURL_CA_BUNDLE="$WORK/cert.pem"
    SCHEME=https
    TLS_ARGS=(--tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem")
    DIFFERENCE=1
fi
PID=""
cleanup() {
    [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null || true
    [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# Few PBKDF2 iterations: signing in under valgrind would otherwise take minutes, and is not measured.
# The benchmark data set: the page of ../shared/bench/PAGE_SPEC.md, as in bench-page.sh.
valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" \
    "$BIN" --port "$PORT" --data "$WORK/data" --public "$ROOT/Public" --templates "$ROOT/Templates" \
    --log-level warning --password-iterations 1000 --demo-data benchmark "${REDIS_ARGS[@]}" "${TLS_ARGS[@]}" >"$WORK/server.log" 2>&1 &
PID=$!
BASE="$SCHEME://127.0.0.1:$PORT"
for _ in $(seq 1 600); do
    curl -fsS -o /dev/null --max-time 2 "$BASE/healthz" 2>/dev/null && break
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.2
done

JAR="$WORK/cookies"
TOKEN="$(curl -fsS -c "$JAR" -b "$JAR" "$BASE/login" | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
[ -n "$TOKEN" ] || { echo "callgrind-page: no CSRF token on /login" >&2; exit 1; }
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$TOKEN" \
    --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$BASE/login"
COOKIE="$(awk '$6 == "waypoint_session" { print $6 "=" $7 }' "$JAR" | tail -n 1)"
PAGE="$BASE${PAGE_PATH:-/library/category-3/items/107/details}"
curl -fsS -o "$WORK/page.html" -H "Cookie: $COOKIE" "$PAGE"
[ -n "${PAGE_PATH:-}" ] || grep -qF "Signed in as" "$WORK/page.html" || { echo "callgrind-page: the page is not signed in" >&2; exit 1; }

ENCODING=()
[ "${ACCEPT_GZIP:-0}" = 1 ] && ENCODING=(-H "Accept-Encoding: gzip")
REQUEST_HEADERS=(-H "Cookie: $COOKIE")
[ "${BARE:-0}" = 1 ] && REQUEST_HEADERS=(-H "User-Agent:" -H "Accept:")
fetch() { # count: that many GETs of the page over one connection
    local args=()
    for _ in $(seq 1 "$1"); do args+=(-o /dev/null "$PAGE"); done
    curl -fsS "${REQUEST_HEADERS[@]}" "${ENCODING[@]}" "${args[@]}"
}
fetch "$WARMUP"
callgrind_control -z "$PID" >/dev/null
fetch "$REQUESTS"
callgrind_control -d "$PID" >/dev/null
DUMP="$(ls -t "$WORK"/callgrind.out.* | head -n 1)"

total_of() { # the instruction count of a dump
    local total
    total="$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$1" | head -n 1)"
    [ -n "$total" ] || total="$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$1" | head -n 1)"
    echo "$total"
}
TOTAL="$(total_of "$DUMP")"
if [ "${DIFFERENCE:-0}" = 1 ]; then
    callgrind_control -z "$PID" >/dev/null
    fetch "$REQUESTS"
    callgrind_control -d "$PID" >/dev/null
    ONCE="$(total_of "$(ls -t "$WORK"/callgrind.out.* | head -n 1)")"
    callgrind_control -z "$PID" >/dev/null
    fetch "$((2 * REQUESTS))"
    callgrind_control -d "$PID" >/dev/null
    TWICE="$(total_of "$(ls -t "$WORK"/callgrind.out.* | head -n 1)")"
fi
# Inclusive counts of the template engine's two entry points on this page.
INCLUSIVE="$(callgrind_annotate --inclusive=yes --threshold=100 "$DUMP" 2>/dev/null)"
inclusive() { # pattern in the mangled name; empty when no function matches (a renamed symbol)
    echo "$INCLUSIVE" | { grep -E "$1" || true; } | head -n 1 | awk '{ gsub(",", "", $1); print $1 }'
}
RENDER="$(inclusive 'TemplateLibrary.*render|14TemplateEngine0A7LibraryV6render')"
BUILD="$(inclusive 'Coordinators6ScreenV3WebE9addFields2to9csrfToken|TemplateEngine0A4DataV7setRoot')"
echo "page bytes: $(wc -c <"$WORK/page.html")"
if [ "${ACCEPT_GZIP:-0}" = 1 ]; then
    echo "gzip body bytes: $(curl -fsS -H "Cookie: $COOKIE" "${ENCODING[@]}" "$PAGE" | wc -c) (gzip -1: $(gzip -1 -c "$WORK/page.html" | wc -c))"
fi
echo "requests measured: $REQUESTS"
echo "instructions per page (whole server): $((TOTAL / REQUESTS))"
[ "${DIFFERENCE:-0}" = 1 ] && echo "instructions per page (whole server, $((2 * REQUESTS)) less $REQUESTS on one connection each): $(((TWICE - ONCE) / REQUESTS))"
[ -n "$RENDER" ] && echo "instructions per page in TemplateLibrary.render: $((RENDER / REQUESTS))"
[ -n "$BUILD" ] && echo "instructions per page building the page's TemplateData: $((BUILD / REQUESTS))"
[ "${KEEP:-0}" = 1 ] && echo "callgrind output: $DUMP"
exit 0
