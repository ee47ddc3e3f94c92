#!/usr/bin/env bash
# Whether sign-ins slow pages down: the signed-in benchmark page (the item-detail deep link over
# --demo-data benchmark, as .ci/bench-redis.sh measures it) under wrk, first alone, then while
# SIGNIN_CLIENTS (4) clients sign in without a pause at the DEFAULT password-hashing cost (no
# --password-iterations: the demo account is seeded, and every attempt hashed, at 600,000 PBKDF2
# iterations). Each instance is measured the same way in one run: the embedded store and Redis on
# loopback, each as built and with the extra VARIANT options (by default --hashing-niceness 10:
# the hashing lane 10 nicer than the event loops).
# Not run in CI; prints figures to quote as ratios (target: loaded p99 within 5x the unloaded p99).
#
# The sign-in clients are .ci/signin-load.py: a GET of /login for a session and CSRF token of its
# own, then a POST, a wrong password every fourth time; each attempt from a made-up address
# (X-Forwarded-For, the instances trust 127.0.0.1 as a proxy) so no throttle answers 429 before
# hashing. It prints the statuses it got: right passwords 303, wrong ones the form again.
#
# Usage: .ci/bench-signin.sh [BINARY]    (default .build-release/release/waypoint; build it first:
#        swift build -c release --product waypoint --scratch-path .build-release)
# Environment: DURATION=8 (s per wrk run) CONNS=16 THREADS=2 SIGNIN_CLIENTS=4 WARMUP=2 ROUNDS=1
#              (each round measures every instance again, in alternating order),
#              VARIANT="--hashing-niceness 10" (empty: measure only the instances as built).
# Figures of 2026-11-27 (2 cores shared with three other helpers' builds and benchmarks), four
# runs (then the default was 10: read "niced" as --hashing-niceness 10), each instance niced and at
# --hashing-niceness 0 alongside; loaded p99 / p99 alone:
#   load ~8-12: embedded 1.5 0.5 1.2 against 2.4 2.6 1.4, Redis 1.3 1.6 0.9 against 1.6 1.8 1.7
#   load ~3-6: embedded 4.9 2.2 0.4 4.6 2.4 against 0.7 1.9 0.9 0.9 1.1,
#              Redis 0.6 1.2 2.1 1.9 2.1 against 3.4 3.4 2.2 1.0 1.9
# Target <= 5 met in every run either way; the p99 alone swings 2.6-89 ms with the other helpers'
# load, so the p99 ratio's difference is within the noise. Consistent: page req/s under sign-ins
# higher niced in 13 of 14 pairs (1.05-1.8x). Sign-ins 2.0-5.7/s niced, 2.0-6.1/s at 0 (one hashing
# thread, ~0.2 s per hash); in the last two runs niced sign-ins were slower (2.0-4.6 against 3.5-6.1/s).
# Hence the default stays 0: the p99 target holds without it, and niceness costs sign-ins.
# Right passwords 303, wrong ones 422 (the form again); no 429 or 503 in any run.
# Needs wrk, curl, redis-server, redis-cli, python3. Every process it starts is stopped by PID.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINARY="$(realpath "${1:-$ROOT/.build-release/release/waypoint}")"
DURATION="${DURATION:-8}"
CONNS="${CONNS:-16}"
THREADS="${THREADS:-2}"
SIGNIN_CLIENTS="${SIGNIN_CLIENTS:-4}"
WARMUP="${WARMUP:-2}"
ROUNDS="${ROUNDS:-1}"
VARIANT="${VARIANT---hashing-niceness 10}"
for tool in wrk curl redis-server redis-cli python3; do
    command -v "$tool" >/dev/null || { echo "bench-signin: $tool not found (apt-get install wrk curl redis-server python3)" >&2; exit 2; }
done

source "$ROOT/.ci/processes.sh" bench-signin
PAGE="/library/category-3/items/107/details"   # the page .ci/bench-page.sh and bench-redis.sh measure

REDIS_PORT=$(free_port)
mkdir -p "$WORK/redis"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$WORK/redis" --appendonly yes --appendfsync always \
    --save "" --daemonize no --logfile "" > "$WORK/redis.log" 2>&1 &
PID[redis]=$!
until_true 20 sh -c "redis-cli -p $REDIS_PORT ping 2>/dev/null | grep -q PONG" || { echo "redis did not start" >&2; exit 1; }

start() { # name port [options...]
    local name=$1 port=$2
    shift 2
    "$BINARY" --host 127.0.0.1 --port "$port" --templates "$ROOT/Templates" --public "$ROOT/Public" \
        --demo-data benchmark --trusted-proxy 127.0.0.1/32 --shutdown-grace 0 --log-level warning "$@" \
        > "$WORK/$name.log" 2>&1 &
    PID[$name]=$!
    until_true 60 answers "http://127.0.0.1:$port/readyz" || { echo "$name did not start" >&2; exit 1; }
}
stop() { kill "${PID[$1]}"; wait "${PID[$1]}" || true; unset "PID[$1]"; }

sign_in() { # port: prints a signed-in session cookie's value
    python3 - "$1" <<'EOF'
import http.client, re, sys, urllib.parse
port = int(sys.argv[1])
def request(method, path, cookie=None, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Cookie": f"waypoint_session={cookie}"} if cookie else {}
    if body: headers["Content-Type"] = "application/x-www-form-urlencoded"
    c.request(method, path, body=body, headers=headers)
    r = c.getresponse(); text = r.read().decode()
    m = re.search(r"waypoint_session=([^;]+)", r.headers.get("Set-Cookie") or "")
    return r.status, (m.group(1) if m else cookie), text
_, cookie, text = request("GET", "/login")
token = re.search(r'name="csrfToken" value="([^"]+)"', text).group(1)
status, cookie, _ = request("POST", "/login", cookie, urllib.parse.urlencode(
    {"csrfToken": token, "username": "demo", "password": "demo-password"}))
assert status == 303, status
print(cookie)
EOF
}

# wrk --latency's 50% or 99% line, in ms.
percentile() { # file label
    awk -v label="$2" '$1 == label {
        value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
        factor = (unit == "us") ? 0.001 : (unit == "s") ? 1000 : (unit == "m") ? 60000 : 1
        printf "%.2f", value * factor; exit }' "$1"
}
rps() { awk '/^Requests\/sec/ { printf "%.0f", $2 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }

measure() { # name port: the page alone, then under sign-ins; one line of figures
    local name=$1 port=$2 cookie url
    cookie=$(sign_in "$port")
    url="http://127.0.0.1:$port$PAGE"
    case "$(curl -fsS --max-time 5 -H "Cookie: waypoint_session=$cookie" "$url")" in
        *"Signed in as"*) ;; *) echo "$name: not signed in on the page" >&2; exit 1 ;;
    esac
    local wrk_args=(-t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency -H "Cookie: waypoint_session=$cookie" "$url")
    timeout 30 wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -H "Cookie: waypoint_session=$cookie" "$url" > /dev/null
    timeout $(( DURATION + 20 )) wrk "${wrk_args[@]}" > "$WORK/$name-alone.out"
    # The clients start first, so every wrk second has sign-ins running; they stop with it.
    python3 "$ROOT/.ci/signin-load.py" "$port" $(( WARMUP + DURATION + 1 )) "$SIGNIN_CLIENTS" > "$WORK/$name-signins.out" &
    local loader=$!
    PID[loader]=$loader
    sleep "$WARMUP"
    timeout $(( DURATION + 20 )) wrk "${wrk_args[@]}" > "$WORK/$name-loaded.out"
    wait "$loader"
    unset "PID[loader]"
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    for file in "$WORK/$name-alone.out" "$WORK/$name-loaded.out"; do
        grep -q "Non-2xx\|Socket errors" "$file" && grep "Non-2xx\|Socket errors" "$file" | sed "s/^/  $name: /"
    done
    printf "%-22s %7s %7s | %7s %7s | %8s %8s | %7s %7s | %5s\n" "$name" \
        "$(percentile "$WORK/$name-alone.out" 50%)" "$(percentile "$WORK/$name-alone.out" 99%)" \
        "$(percentile "$WORK/$name-loaded.out" 50%)" "$(percentile "$WORK/$name-loaded.out" 99%)" \
        "$(ratio "$(percentile "$WORK/$name-loaded.out" 50%)" "$(percentile "$WORK/$name-alone.out" 50%)")x" \
        "$(ratio "$(percentile "$WORK/$name-loaded.out" 99%)" "$(percentile "$WORK/$name-alone.out" 99%)")x" \
        "$(rps "$WORK/$name-alone.out")" "$(rps "$WORK/$name-loaded.out")" "$load"
    echo "  $name sign-ins: $(cat "$WORK/$name-signins.out")"
}

INSTANCES=("embedded|" "redis|--redis-url redis://127.0.0.1:$REDIS_PORT")
echo "== the page ($PAGE), wrk -t$THREADS -c$CONNS -d${DURATION}s, alone and while $SIGNIN_CLIENTS clients sign in at the default cost"
echo "   variant: ${VARIANT:-none}; times in ms; load = 1-minute load average after the loaded run (2 cores)"
printf "%-22s %7s %7s | %7s %7s | %8s %8s | %7s %7s | %5s\n" instance "p50" "p99" "p50 ld" "p99 ld" "p50 x" "p99 x" "req/s" "req/s ld" load
variants=("")
[ -n "$VARIANT" ] && variants+=("$VARIANT")
run=0
for round in $(seq "$ROUNDS"); do
    for instance in "${INSTANCES[@]}"; do
        name=${instance%%|*}
        options=${instance#*|}
        ordered=("${variants[@]}")
        # Odd rounds measure the instance as built first, even ones the variant first.
        [ $(( round % 2 )) = 0 ] && [ ${#variants[@]} = 2 ] && ordered=("${variants[1]}" "${variants[0]}")
        for variant in "${ordered[@]}"; do
            run=$(( run + 1 ))
            label=$name
            [ -n "$variant" ] && label="$name ${variant#--}"
            port=$(free_port)
            # The Redis instances share one Redis: flush it so each seeds its own demo account afresh.
            [ "$name" = redis ] && redis-cli -p "$REDIS_PORT" flushall > /dev/null
            # shellcheck disable=SC2086  # the options are words
            start "$name" "$port" --data "$WORK/data$run" $options $variant
            measure "$label" "$port"
            stop "$name"
        done
    done
done
echo "target (issue 19): p99 under sign-ins within 5x the page's p99 alone, embedded and on Redis"
