#!/usr/bin/env bash
# What a long shelf costs (issue 24), in one run, as ratios against a small shelf measured in the
# same run. Stores are made with `--demo-data shelfN` (the benchmark's eight 50-item categories
# plus `shelf`, N items), never with form posts:
#
#   restart       exec to the first 200 on /healthz, the benchmark set (400 items) and shelfN
#   memory        RSS after the restart and one page; bytes per item = RSS difference / N
#   pages         signed in, on the shelfN server: category-3 (50 items) page 1 and item 107,
#                 against shelf page 1, the middle page, and the middle item (its list on the middle page)
#   creates       the "New item" form (POST, keep-alive, one session per client) on a shelf of
#                 SMALL items and on the shelf of N, with 1 and 4 clients
#   instructions  (PHASES=instructions, needs valgrind) the same pages under callgrind: instructions
#                 per page, which a loaded machine does not blur as it does req/s
#
# Usage: .ci/bench-shelf.sh                (from the repository root; builds release first)
# Environment (defaults):
#   SIZE=100000 SMALL=2000  PAGE_SECONDS=4 ROUNDS=2 CONNS=32  CREATE_SECONDS=3
#   SCRATCH_PATH=.build-release  SKIP_BUILD=1 (use the binary already built)  PORT=8095
#   BIN=path (with SKIP_BUILD=1: measure that binary, e.g. an older build, in the same conditions)
#   PHASES="restart pages creates"   (a subset, e.g. PHASES=restart SIZE=1000000)
# Every server this script starts is stopped by its PID on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SIZE="${SIZE:-100000}"
SMALL="${SMALL:-2000}"
PAGE_SECONDS="${PAGE_SECONDS:-4}"
ROUNDS="${ROUNDS:-2}"
CONNS="${CONNS:-32}"
CREATE_SECONDS="${CREATE_SECONDS:-3}"
SCRATCH_PATH="${SCRATCH_PATH:-.build-release}"
PORT="${PORT:-8095}"
PHASES="${PHASES:-restart pages creates}"
for tool in curl wrk awk; do
    command -v "$tool" >/dev/null || { echo "bench-shelf: $tool not found (apt-get install -y wrk curl)" >&2; exit 2; }
done

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$ROOT" && swift build -c release --product waypoint --scratch-path "$SCRATCH_PATH" >&2)
fi
BIN="${BIN:-$(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH_PATH" --show-bin-path)/waypoint}"
[ -x "$BIN" ] || { echo "bench-shelf: no binary at $BIN" >&2; exit 2; }

WORK="$(mktemp -d /tmp/waypoint-bench-shelf.XXXXXX)"
PID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
BASE="http://127.0.0.1:$PORT"
has_phase() { case " $PHASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
now() { date +%s.%N; }

start_server() { # data-dir set
    "$BIN" --port "$PORT" --data "$1" --public "$ROOT/Public" --templates "$ROOT/Templates" \
        --log-level warning --password-iterations 1000 --shutdown-grace 0 --demo-data "$2" >>"$WORK/server.log" 2>&1 &
    PID=$!
}
wait_healthz() { # seconds
    local deadline=$(( $(date +%s) + $1 ))
    until curl -fsS -o /dev/null --max-time 1 "$BASE/healthz" 2>/dev/null; do
        kill -0 "$PID" 2>/dev/null || { tail -20 "$WORK/server.log" >&2; echo "bench-shelf: the server exited" >&2; exit 1; }
        [ "$(date +%s)" -gt "$deadline" ] && { echo "bench-shelf: no /healthz" >&2; exit 1; }
        sleep 0.005
    done
}
stop_server() {
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    PID=""
}
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$PID/status"; }
# Seeds a data folder (not measured), then restarts on it: sets RESTART_SECONDS and RSS_KB, and
# leaves the server running (in this shell, so that stop_server knows its PID).
seeded_restart() { # data-dir set
    start_server "$1" "$2"
    wait_healthz 600
    stop_server
    local started
    started=$(now)
    start_server "$1" "$2"
    wait_healthz 60
    local elapsed
    elapsed=$(awk -v a="$started" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
    curl -fsS -o /dev/null "$BASE/library/category-3"
    RESTART_SECONDS=$elapsed
    RSS_KB=$(rss_kb)
}
# Signs in as the demo user in a fresh cookie jar; prints the session cookie.
sign_in() { # jar
    local token
    rm -f "$1"
    token="$(curl -fsS -c "$1" -b "$1" "$BASE/login" | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
    curl -fsS -o /dev/null -c "$1" -b "$1" --data-urlencode "csrfToken=$token" \
        --data-urlencode "username=demo" --data-urlencode "password=demo-password" "$BASE/login"
    awk '$6 == "waypoint_session" { print $6 "=" $7 }' "$1" | tail -n 1
}
requests_per_second() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.0f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

if curl -fsS -o /dev/null --max-time 1 "$BASE/healthz" 2>/dev/null; then
    echo "bench-shelf: something already answers on port $PORT; set PORT" >&2
    exit 1
fi
echo "bench-shelf: shelf of $SIZE items against 50-item shelves (and creates against a shelf of $SMALL)"

# --- Restart and memory -----------------------------------------------------------------------------
if has_phase restart; then
    seeded_restart "$WORK/data-bench" benchmark
    small_seconds=$RESTART_SECONDS small_rss=$RSS_KB
    stop_server
    seeded_restart "$WORK/data-big" "shelf$SIZE"
    big_seconds=$RESTART_SECONDS big_rss=$RSS_KB
    stop_server
    snapshot_bytes=$(stat -c %s "$WORK/data-big/store/snapshot" 2>/dev/null || echo 0)
    journal_bytes=$(stat -c %s "$WORK/data-big/store/journal" 2>/dev/null || echo 0)
    printf '%-44s %10s %12s\n' "restart to /healthz" "${small_seconds} s" "${big_seconds} s"
    printf '%-44s %10s %12s\n' "RSS after restart" "$((small_rss / 1024)) MB" "$((big_rss / 1024)) MB"
    echo "bytes of RSS per item: $(( (big_rss - small_rss) * 1024 / SIZE )) (store: snapshot $((snapshot_bytes / 1024)) kB, journal $((journal_bytes / 1024)) kB)"
fi

# --- Pages -------------------------------------------------------------------------------------------
if has_phase pages; then
    [ -d "$WORK/data-big" ] || { start_server "$WORK/data-big" "shelf$SIZE"; wait_healthz 600; stop_server; }
    start_server "$WORK/data-big" "shelf$SIZE"
    wait_healthz 60
    COOKIE="$(sign_in "$WORK/jar-pages")"
    middle_page=$(( (SIZE / 50 + 1) / 2 ))
    middle_id=$(( 400 + (middle_page - 1) * 50 + 1 ))
    NAMES=(small-list shelf-first shelf-middle small-item shelf-item)
    declare -A URL=(
        [small-list]="$BASE/library/category-3"
        [shelf-first]="$BASE/library/shelf"
        [shelf-middle]="$BASE/library/shelf?page=$middle_page"
        [small-item]="$BASE/library/category-3/items/107"
        [shelf-item]="$BASE/library/shelf/items/$middle_id"
    )
    for name in "${NAMES[@]}"; do
        curl -fsS -o "$WORK/$name.html" -H "Cookie: $COOKIE" "${URL[$name]}"
        grep -qF "Signed in as" "$WORK/$name.html" || { echo "bench-shelf: $name is not signed in" >&2; exit 1; }
    done
    grep -qF "items/$middle_id\"" "$WORK/shelf-middle.html" || { echo "bench-shelf: page $middle_page does not list item $middle_id" >&2; exit 1; }
    declare -A RATES=()
    for round in $(seq 1 "$ROUNDS"); do
        for name in "${NAMES[@]}"; do
            wrk -t2 -c"$CONNS" -d"${PAGE_SECONDS}s" -H "Cookie: $COOKIE" "${URL[$name]}" >"$WORK/wrk-$name-$round.txt"
            RATES[$name]="${RATES[$name]:-} $(requests_per_second "$WORK/wrk-$name-$round.txt")"
        done
    done
    stop_server
    declare -A MEDIAN=()
    for name in "${NAMES[@]}"; do MEDIAN[$name]=$(echo "${RATES[$name]}" | median); done
    printf '%-44s %10s %12s %7s\n' "page (req/s, median of $ROUNDS)" "50 items" "$SIZE items" "ratio"
    printf '%-44s %10s %12s %7s\n' "list, first page" "${MEDIAN[small-list]}" "${MEDIAN[shelf-first]}" "$(ratio "${MEDIAN[shelf-first]}" "${MEDIAN[small-list]}")"
    printf '%-44s %10s %12s %7s\n' "list, middle page ($middle_page)" "${MEDIAN[small-list]}" "${MEDIAN[shelf-middle]}" "$(ratio "${MEDIAN[shelf-middle]}" "${MEDIAN[small-list]}")"
    printf '%-44s %10s %12s %7s\n' "an item's page (item $middle_id)" "${MEDIAN[small-item]}" "${MEDIAN[shelf-item]}" "$(ratio "${MEDIAN[shelf-item]}" "${MEDIAN[small-item]}")"
fi

# --- Instructions per page (callgrind) ------------------------------------------------------------------
if has_phase instructions; then
    command -v valgrind >/dev/null || { echo "bench-shelf: valgrind not found (apt-get install -y valgrind)" >&2; exit 2; }
    [ -d "$WORK/data-big" ] || { start_server "$WORK/data-big" "shelf$SIZE"; wait_healthz 600; stop_server; }
    valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" "$BIN" --port "$PORT" --data "$WORK/data-big" \
        --public "$ROOT/Public" --templates "$ROOT/Templates" --log-level warning --password-iterations 1000 \
        --shutdown-grace 0 >>"$WORK/server.log" 2>&1 &
    PID=$!
    wait_healthz 600
    COOKIE="$(sign_in "$WORK/jar-instructions")"
    middle_page=$(( (SIZE / 50 + 1) / 2 ))
    middle_id=$(( 400 + (middle_page - 1) * 50 + 1 ))
    count_page() { # url -> instructions per request over 200 requests on one connection
        local args=() dump total
        for _ in $(seq 1 20); do args+=(-o /dev/null "$1"); done
        curl -fsS -H "Cookie: $COOKIE" "${args[@]}"
        callgrind_control -z "$PID" >/dev/null 2>&1
        args=()
        for _ in $(seq 1 200); do args+=(-o /dev/null "$1"); done
        curl -fsS -H "Cookie: $COOKIE" "${args[@]}"
        callgrind_control -d "$PID" >/dev/null 2>&1
        dump="$(ls -t "$WORK"/callgrind.out.* | head -n 1)"
        total="$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$dump" | head -n 1)"
        [ -n "$total" ] || total="$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$dump" | head -n 1)"
        rm -f "$dump"
        echo $((total / 200))
    }
    small_list=$(count_page "$BASE/library/category-3")
    shelf_first=$(count_page "$BASE/library/shelf")
    shelf_middle=$(count_page "$BASE/library/shelf?page=$middle_page")
    small_item=$(count_page "$BASE/library/category-3/items/107")
    shelf_item=$(count_page "$BASE/library/shelf/items/$middle_id")
    stop_server
    printf '%-44s %10s %12s %7s\n' "instructions per page (callgrind)" "50 items" "$SIZE items" "ratio"
    printf '%-44s %10s %12s %7s\n' "list, first page" "$small_list" "$shelf_first" "$(ratio "$small_list" "$shelf_first")"
    printf '%-44s %10s %12s %7s\n' "list, middle page ($middle_page)" "$small_list" "$shelf_middle" "$(ratio "$small_list" "$shelf_middle")"
    printf '%-44s %10s %12s %7s\n' "an item's page (item $middle_id)" "$small_item" "$shelf_item" "$(ratio "$small_item" "$shelf_item")"
    echo "(ratio: 50-item shelf's instructions / long shelf's, so that like req/s above 1 is better)"
fi

# --- Creates -----------------------------------------------------------------------------------------
# One wrk thread per client, each with its own signed-in session and CSRF token, POSTing the form.
cat >"$WORK/create.lua" <<'EOF'
local sessions = {}
for line in io.lines(os.getenv("SESSIONS_FILE")) do
    local cookie, token = line:match("^(%S+) (%S+)$")
    sessions[#sessions + 1] = { cookie = cookie, token = token }
end
local next_session = 1
function setup(thread)
    local s = sessions[next_session]
    next_session = next_session + 1
    thread:set("cookie", s.cookie)
    thread:set("token", s.token)
end
local count = 0
function init(args)
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
    wrk.headers["Cookie"] = cookie
end
function request()
    count = count + 1
    local body = "csrfToken=" .. token .. "&title=New+item+" .. count .. "&subtitle=Added+by+wrk"
    return wrk.format(nil, nil, nil, body)
end
EOF
create_rate() { # clients category -> req/s (only 303s counted)
    : >"$WORK/sessions"
    for i in $(seq 1 "$1"); do
        local cookie token
        cookie="$(sign_in "$WORK/jar-create-$i")"
        token="$(curl -fsS -H "Cookie: $cookie" "$BASE/library/$2/items/new" | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -n 1)"
        echo "$cookie $token" >>"$WORK/sessions"
    done
    local before after
    before=$(curl -fsS -H "Cookie: $cookie" "$BASE/library/$2" | grep -o 'of [0-9][0-9,]*' | head -n 1)
    SESSIONS_FILE="$WORK/sessions" wrk -t"$1" -c"$1" -d"${CREATE_SECONDS}s" -s "$WORK/create.lua" "$BASE/library/$2/items/new" \
        >"$WORK/wrk-create.txt"
    grep -q "Non-2xx or 3xx" "$WORK/wrk-create.txt" && { echo "bench-shelf: failed creates" >&2; cat "$WORK/wrk-create.txt" >&2; exit 1; }
    after=$(curl -fsS -H "Cookie: $cookie" "$BASE/library/$2" | grep -o 'of [0-9][0-9,]*' | head -n 1)
    echo "$(requests_per_second "$WORK/wrk-create.txt") (${before:-?} before, ${after:-?} after)"
}
if has_phase creates; then
    declare -A CREATES=()
    for set in "$SMALL" "$SIZE"; do
        rm -rf "$WORK/data-create"
        start_server "$WORK/data-create" "shelf$set"
        wait_healthz 600
        for clients in 1 4; do CREATES[$set-$clients]="$(create_rate "$clients" shelf)"; done
        stop_server
    done
    printf '%-28s %-34s %-34s %7s\n' "creates per s" "shelf of $SMALL" "shelf of $SIZE" "ratio"
    for clients in 1 4; do
        small="${CREATES[$SMALL-$clients]}"
        big="${CREATES[$SIZE-$clients]}"
        printf '%-28s %-34s %-34s %7s\n' "$clients client(s)" "$small" "$big" "$(ratio "${big%% *}" "${small%% *}")"
    done
fi
