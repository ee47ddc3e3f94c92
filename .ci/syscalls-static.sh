#!/usr/bin/env bash
# System calls per request of Waypoint and nginx serving the same static file (/styles.css of
# Public/, keep-alive, plain or gzip), under the same bounded wrk load. Callgrind counts only user
# space; for a static file the kernel's share dominates, and the number of calls per answer is the
# part of it a server chooses. Counted with perf's syscall tracepoints on the servers' processes
# (perf stat -e 'syscalls:sys_enter_*' -p PIDS), which slows nothing down the way strace does.
#
# Usage: .ci/syscalls-static.sh [BINARY]   (default: .build-release/release/waypoint)
# Environment (defaults): DURATION=5 CONNS=64 THREADS=2 PAGE_PATH=/styles.css ACCEPT_GZIP=0
#   WAYPOINT_PORT=18431 NGINX_PORT=18432
#   PERF=0 (count no calls: the CPU times alone, undisturbed by the tracepoints)
# Prints, per server: requests served, CPU time per request (user and system, from /proc; perf's
# tracepoints add to the system time, the more the more calls), system calls per request, and each
# call per request.
# Every server this script starts is stopped by its PID on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/.ci/nginx-conf.sh"
BIN="${1:-$ROOT/.build-release/release/waypoint}"
DURATION="${DURATION:-5}"
CONNS="${CONNS:-64}"
THREADS="${THREADS:-2}"
PAGE_PATH="${PAGE_PATH:-/styles.css}"
WAYPOINT_PORT="${WAYPOINT_PORT:-18431}"
NGINX_PORT="${NGINX_PORT:-18432}"
for tool in curl wrk nginx perf ss; do
    command -v "$tool" >/dev/null || { echo "syscalls-static: $tool not found (apt-get install -y wrk nginx curl linux-perf iproute2)" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "syscalls-static: no binary at $BIN" >&2; exit 2; }
perf stat -e 'raw_syscalls:sys_enter' -- true >/dev/null 2>&1 \
    || { echo "syscalls-static: perf cannot read syscall tracepoints here (perf_event_paranoid, root?)" >&2; exit 2; }

WORK="$(mktemp -d /tmp/waypoint-syscalls.XXXXXX)"
chmod 755 "$WORK"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
    sleep 0.5
    for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
port_busy() { ss -Htln "sport = :$1" | grep -q .; }
wait_for() {
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null --max-time 1 "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "syscalls-static: nothing answered at $1" >&2
    return 1
}
for port in "$WAYPOINT_PORT" "$NGINX_PORT"; do
    port_busy "$port" && { echo "syscalls-static: port $port is already in use; set another port" >&2; exit 1; }
done

"$BIN" --port "$WAYPOINT_PORT" --data "$WORK/data" --public "$ROOT/Public" --templates "$ROOT/Templates" \
    --log-level warning --shutdown-grace 0 >"$WORK/waypoint.log" 2>&1 &
PIDS+=("$!")
WAYPOINT_PID=$!
write_nginx_conf "$WORK/nginx" "6" "$(cat <<EOF
    server {
        listen 127.0.0.1:$NGINX_PORT backlog=4096;
        root $ROOT/Public;
    }
EOF
)"
nginx -p "$WORK/nginx/" -c "$WORK/nginx/nginx.conf" >"$WORK/nginx.log" 2>&1 &
PIDS+=("$!")
NGINX_PID=$!
wait_for "http://127.0.0.1:$WAYPOINT_PORT$PAGE_PATH"
wait_for "http://127.0.0.1:$NGINX_PORT$PAGE_PATH"

HEADERS=()
[ "${ACCEPT_GZIP:-0}" = 1 ] && HEADERS=(-H "Accept-Encoding: gzip")
cpu_ticks() { # comma-separated pids: user and system clock ticks, summed
    local user=0 system=0 pid
    for pid in ${1//,/ }; do
        read -r u s < <(awk '{ print $14, $15 }' "/proc/$pid/stat")
        user=$((user + u)) system=$((system + s))
    done
    echo "$user $system"
}
count() { # name pids url
    local name=$1 pids=$2 url=$3
    timeout 10 wrk -t "$THREADS" -c "$CONNS" -d 1s "${HEADERS[@]}" "$url" >/dev/null 2>&1 || true   # warm-up
    local before after
    before="$(cpu_ticks "$pids")"
    local counting=(perf stat -x, -o "$WORK/$name.perf" -e 'syscalls:sys_enter_*' -p "$pids" --)
    [ "${PERF:-1}" = 1 ] || { counting=(); : >"$WORK/$name.perf"; }
    "${counting[@]}" timeout $((DURATION + 15)) wrk -t "$THREADS" -c "$CONNS" -d "${DURATION}s" "${HEADERS[@]}" "$url" >"$WORK/$name.wrk" 2>/dev/null
    after="$(cpu_ticks "$pids")"
    local requests
    requests="$(awk '/requests in/ { print $1 }' "$WORK/$name.wrk")"
    awk -F, -v name="$name" -v requests="$requests" -v before="$before" -v after="$after" -v hz="$(getconf CLK_TCK)" '
        $1 ~ /^[0-9]+$/ && $1 > 0 { split($3, part, "sys_enter_"); calls[part[2]] = $1; total += $1 }
        END {
            split(before, b, " "); split(after, a, " ")
            printf "%-9s %9d requests, CPU us/request user %.2f system %.2f", name, requests,
                (a[1] - b[1]) / hz * 1e6 / requests, (a[2] - b[2]) / hz * 1e6 / requests
            if (total == 0) { printf "\n"; exit }
            printf "; %.3f system calls per request:", total / requests
            n = 0
            for (call in calls) order[++n] = call
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (calls[order[j]] > calls[order[i]]) { t = order[i]; order[i] = order[j]; order[j] = t }
            for (i = 1; i <= n; i++) if (calls[order[i]] / requests >= 0.001) printf " %s %.3f", order[i], calls[order[i]] / requests
            printf "\n"
        }' "$WORK/$name.perf"
}
echo "$PAGE_PATH, keep-alive, wrk -t $THREADS -c $CONNS -d ${DURATION}s$([ "${ACCEPT_GZIP:-0}" = 1 ] && echo ', Accept-Encoding: gzip'):"
count waypoint "$WAYPOINT_PID" "http://127.0.0.1:$WAYPOINT_PORT$PAGE_PATH"
count nginx "$(ps -o pid= --ppid "$NGINX_PID" | tr -d ' ' | paste -sd,)" "http://127.0.0.1:$NGINX_PORT$PAGE_PATH"
