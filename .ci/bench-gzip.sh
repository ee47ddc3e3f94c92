#!/usr/bin/env bash
# Waypoint against nginx serving the SAME bytes, as browsers fetch them: the signed-in benchmark
# page (--demo-data benchmark) plain and with `Accept-Encoding: gzip` (nginx gzips it per request at
# its default gzip_comp_level 1, or GZIP_LEVEL), and a static file (/styles.css, Public/ as is) plain
# and gzipped (Waypoint keeps a level-6 copy made once; nginx codes per request at the same level).
# nginx serves the page Waypoint rendered, saved to a file, so both answer with the same body.
#
# Per comparison: ROUNDS interleaved wrk runs of DURATION s each (Waypoint, then nginx), median req/s,
# and the ratio Waypoint / nginx; and each server's CPU time per request over those runs (utime +
# stime of its processes, from /proc), which a loaded shared machine disturbs far less than req/s.
# Each round's ratio is printed too, with the spread of the ratios (max - min, relative to the
# median): how far one run could be trusted on this machine at that moment.
# Also prints the gzip body sizes against `gzip -1` of the same page.
#
# Usage: .ci/bench-gzip.sh            (from the repository root; builds release first)
# Environment (defaults): ROUNDS=3 DURATION=10 CONNS=64 THREADS=2 GZIP_LEVEL=1
#   ONLY=static (the two /styles.css comparisons alone) or ONLY=page (the two page comparisons)
#   WAYPOINT_PORT=8180 NGINX_PORT=8189  SCRATCH_PATH=.build-release  SKIP_BUILD=1 (use the built binary)
#   BIN=path (a waypoint binary to measure instead of the one built)
# Every server this script starts is stopped by its PID on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/.ci/nginx-conf.sh"
ROUNDS="${ROUNDS:-3}"
ONLY="${ONLY:-}"
DURATION="${DURATION:-10}"
CONNS="${CONNS:-64}"
THREADS="${THREADS:-2}"
GZIP_LEVEL="${GZIP_LEVEL:-1}"
WAYPOINT_PORT="${WAYPOINT_PORT:-8180}"
NGINX_PORT="${NGINX_PORT:-8189}"
SCRATCH_PATH="${SCRATCH_PATH:-.build-release}"
for tool in curl wrk nginx ss gzip; do
    command -v "$tool" >/dev/null || { echo "bench-gzip: $tool not found (apt-get install -y wrk nginx curl iproute2 gzip)" >&2; exit 2; }
done

WORK="$(mktemp -d /tmp/waypoint-bench-gzip.XXXXXX)"
chmod 755 "$WORK"   # nginx workers (www-data) read the saved page
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
    echo "bench-gzip: nothing answered at $1" >&2
    return 1
}
for port in "$WAYPOINT_PORT" "$NGINX_PORT" "$((NGINX_PORT + 1))"; do
    port_busy "$port" && { echo "bench-gzip: port $port is already in use; set another port" >&2; exit 1; }
done

# --- Waypoint ----------------------------------------------------------------------------------------
if [ -z "${BIN:-}" ]; then
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        (cd "$ROOT" && swift build -c release --product waypoint --scratch-path "$SCRATCH_PATH")
    fi
    BIN="$(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH_PATH" --show-bin-path)/waypoint"
fi
"$BIN" --port "$WAYPOINT_PORT" --data "$WORK/data" --public "$ROOT/Public" --templates "$ROOT/Templates" \
    --log-level warning --demo-data benchmark --shutdown-grace 0 >"$WORK/waypoint.log" 2>&1 &
PIDS+=("$!")
WAYPOINT="http://127.0.0.1:$WAYPOINT_PORT"
wait_for "$WAYPOINT/healthz"
JAR="$WORK/cookies"
TOKEN="$(curl -fsS -c "$JAR" -b "$JAR" "$WAYPOINT/login" \
    | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
[ -n "$TOKEN" ] || { echo "bench-gzip: no CSRF token on /login" >&2; exit 1; }
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrfToken=$TOKEN" \
    --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$WAYPOINT/login"
COOKIE="$(awk '$6 == "waypoint_session" { print $6 "=" $7 }' "$JAR" | tail -n 1)"
PAGE="/library/category-3/items/107/details"
mkdir -p "$WORK/nginx-root"
curl -fsS -o /dev/null -H "Cookie: $COOKIE" "$WAYPOINT$PAGE"   # shows (and so clears) the sign-in flash
curl -fsS -o "$WORK/nginx-root/page.html" -H "Cookie: $COOKIE" "$WAYPOINT$PAGE"
chmod -R a+rX "$WORK/nginx-root"
grep -qF "Signed in as" "$WORK/nginx-root/page.html" || { echo "bench-gzip: the page is not signed in" >&2; exit 1; }

# --- nginx: the saved page for every URL, and Public/ on the next port ----------------------------------
write_nginx_conf "$WORK/nginx" "$GZIP_LEVEL" "$(cat <<EOF
    server {
        listen 127.0.0.1:$NGINX_PORT backlog=4096;
        root $WORK/nginx-root;
        default_type text/html;
        charset utf-8;
        location / { try_files /page.html =404; }
    }
    server {
        listen 127.0.0.1:$((NGINX_PORT + 1)) backlog=4096;
        root $ROOT/Public;
    }
EOF
)"
nginx -p "$WORK/nginx/" -c "$WORK/nginx/nginx.conf" >"$WORK/nginx.log" 2>&1 &
PIDS+=("$!")
NGINX_PID=$!
WAYPOINT_PID=${PIDS[0]}
NGINX="http://127.0.0.1:$NGINX_PORT"
NGINX_STATIC="http://127.0.0.1:$((NGINX_PORT + 1))"
wait_for "$NGINX$PAGE" || { cat "$WORK/nginx.log" "$WORK/nginx/error.log" >&2; exit 1; }
wait_for "$NGINX_STATIC/styles.css"

# --- Checks: same bytes, gzip where asked ------------------------------------------------------------------
gz_size() { # url [headers...]: the coded body's size; fails unless the answer is gzip
    local url=$1
    shift
    curl -fsS -D "$WORK/head" -o "$WORK/body" -H "Accept-Encoding: gzip" "$@" "$url"
    grep -qi '^content-encoding: gzip' "$WORK/head" || { echo "bench-gzip: $url was not gzipped" >&2; exit 1; }
    gzip -dc "$WORK/body" >"$WORK/decoded"
    wc -c <"$WORK/body"
}
W_GZ="$(gz_size "$WAYPOINT$PAGE" -H "Cookie: $COOKIE")"
cmp -s <(sed 's/name="csrfToken" value="[^"]*"//' "$WORK/decoded") \
    <(sed 's/name="csrfToken" value="[^"]*"//' "$WORK/nginx-root/page.html") \
    || { echo "bench-gzip: Waypoint's gzipped page differs from its plain page" >&2; diff "$WORK/decoded" "$WORK/nginx-root/page.html" | head >&2; exit 1; }
N_GZ="$(gz_size "$NGINX$PAGE")"
REF_GZ="$(gzip -1 -c "$WORK/nginx-root/page.html" | wc -c)"
W_CSS="$(gz_size "$WAYPOINT/styles.css")"
N_CSS="$(gz_size "$NGINX_STATIC/styles.css")"
echo "page: $(wc -c <"$WORK/nginx-root/page.html") B; gzip bodies: Waypoint $W_GZ B, nginx (level $GZIP_LEVEL) $N_GZ B, gzip -1 $REF_GZ B;" \
    "Waypoint / gzip -1 = $(awk -v a="$W_GZ" -v b="$REF_GZ" 'BEGIN { printf "%.3f", a / b }')"
echo "styles.css gzip bodies: Waypoint $W_CSS B, nginx $N_CSS B"

# --- Runs ----------------------------------------------------------------------------------------------------
cpu_ticks() { # pids...: their utime + stime, in clock ticks
    local total=0 pid
    for pid in "$@"; do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
server_pids() { # waypoint|nginx
    if [ "$1" = waypoint ]; then echo "$WAYPOINT_PID"; else echo "$NGINX_PID $(ps -o pid= --ppid "$NGINX_PID")"; fi
}
run() { # server url [headers...]: "req/s CPU-us-per-request" of one wrk run
    local server=$1 url=$2
    shift 2
    local args=() pids before after out
    for header in "$@"; do args+=(-H "$header"); done
    pids="$(server_pids "$server")"
    # shellcheck disable=SC2086
    before="$(cpu_ticks $pids)"
    out="$(timeout $((DURATION + 15)) wrk -t "$THREADS" -c "$CONNS" -d "${DURATION}s" "${args[@]}" "$url")"
    # shellcheck disable=SC2086
    after="$(cpu_ticks $pids)"
    echo "$out" | awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        /requests in/ { requests = $1 }
        /^Requests\/sec:/ { rps = $2 }
        END { printf "%s %.1f\n", rps, (requests > 0 ? ticks / hz * 1e6 / requests : 0) }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
spread() { # (max - min) / median of the values, as a percentage
    sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2); printf "%.0f%%", (m > 0 ? (a[NR] - a[1]) / m * 100 : 0) }'
}
compare() { # label waypoint-url nginx-url [headers...]
    local label=$1 w=$2 n=$3
    shift 3
    local warm=()
    for header in "$@"; do warm+=(-H "$header"); done
    timeout 10 wrk -t "$THREADS" -c "$CONNS" -d 2s "${warm[@]}" "$w" >/dev/null 2>&1 || true   # warm-up
    timeout 10 wrk -t "$THREADS" -c "$CONNS" -d 2s "${warm[@]}" "$n" >/dev/null 2>&1 || true
    local wr=() nr=() wc=() nc=() rr=() cr=() result
    for _ in $(seq 1 "$ROUNDS"); do
        result="$(run waypoint "$w" "$@")"
        wr+=("${result% *}")
        wc+=("${result#* }")
        result="$(run nginx "$n" "$@")"
        nr+=("${result% *}")
        nc+=("${result#* }")
        # This round's ratios: req/s Waypoint / nginx, and CPU per request nginx / Waypoint.
        rr+=("$(awk -v a="${wr[-1]}" -v b="${nr[-1]}" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
        cr+=("$(awk -v a="${nc[-1]}" -v b="${wc[-1]}" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
    done
    local wm nm wcm ncm
    wm="$(printf '%s\n' "${wr[@]}" | median)"
    nm="$(printf '%s\n' "${nr[@]}" | median)"
    wcm="$(printf '%s\n' "${wc[@]}" | median)"
    ncm="$(printf '%s\n' "${nc[@]}" | median)"
    printf '%-28s req/s: Waypoint %8.0f  nginx %8.0f  ratio %.3f | CPU us/request: Waypoint %6.1f  nginx %6.1f  ratio (nginx/Waypoint) %.3f   (rounds W %s; N %s)\n' \
        "$label" "$wm" "$nm" "$(awk -v a="$wm" -v b="$nm" 'BEGIN { print a / b }')" "$wcm" "$ncm" \
        "$(awk -v a="$ncm" -v b="$wcm" 'BEGIN { print (b > 0 ? a / b : 0) }')" "${wr[*]}" "${nr[*]}"
    printf '%-28s per round: req/s ratio %s (median %s, spread %s); CPU ratio %s (median %s, spread %s)\n' "" \
        "${rr[*]}" "$(printf '%s\n' "${rr[@]}" | median)" "$(printf '%s\n' "${rr[@]}" | spread)" \
        "${cr[*]}" "$(printf '%s\n' "${cr[@]}" | median)" "$(printf '%s\n' "${cr[@]}" | spread)"
}
echo "wrk -t $THREADS -c $CONNS, $ROUNDS x ${DURATION}s interleaved, medians:"
if [ "$ONLY" != static ]; then
    compare "page, plain" "$WAYPOINT$PAGE" "$NGINX$PAGE" "Cookie: $COOKIE"
    compare "page, gzip (nginx level $GZIP_LEVEL)" "$WAYPOINT$PAGE" "$NGINX$PAGE" "Cookie: $COOKIE" "Accept-Encoding: gzip"
fi
if [ "$ONLY" != page ]; then
    compare "styles.css, plain" "$WAYPOINT/styles.css" "$NGINX_STATIC/styles.css"
    compare "styles.css, gzip" "$WAYPOINT/styles.css" "$NGINX_STATIC/styles.css" "Accept-Encoding: gzip"
fi
