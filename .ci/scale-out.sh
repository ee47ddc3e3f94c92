#!/usr/bin/env bash
# Scale-out check: one redis-server (AOF, appendfsync always); a single server's data folder
# copied into it with `waypoint migrate` (twice: the second run writes nothing); three Waypoints
# sharing it (--redis-url) and haproxy round-robin in front with health checks on /readyz, all on
# free loopback ports in a temporary folder. Then, with .ci/scale-out.py:
#   - every write the single server acknowledged is served by the instances;
#   - one signed-in session walked across the instances sees the same navigation everywhere;
#   - signed in on one instance and out on another, the old session is refused on all three;
#   - two registrations of one username at once on two instances: exactly one wins;
#   - an item edited on one instance while deleted on another stays deleted everywhere;
#   - SIGKILL of an instance during a stream of writes: every write acknowledged with 303 is there;
#   - SIGKILL and restart of Redis (same AOF folder) during writes: the same, pages answer 503 with
#     Retry-After while it is down, and the instances recover without a restart.
# Bounded: about 15 s here, each step has its own limit; every request has a timeout; every process it starts is stopped by
# its PID on exit.
#
# Usage: .ci/scale-out.sh BINARY      (e.g. .build-release/release/waypoint)
# Needs redis-server, haproxy, curl and python3 (.ci/run installs them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINARY="$(realpath "${1:?usage: .ci/scale-out.sh BINARY}")"
CHECKS="$ROOT/.ci/scale-out.py"
started=$(date +%s)

for tool in redis-server redis-cli haproxy curl python3; do
    command -v "$tool" >/dev/null || { echo "scale-out: $tool not found (apt-get install redis-server haproxy curl python3)" >&2; exit 2; }
done

source "$ROOT/.ci/processes.sh" scale-out 9

step() { echo "== scale-out: $*"; }
fail() { echo "scale-out: FAIL: $*" >&2; exit 1; }
redis_up() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" --no-auth-warning ping 2>/dev/null)" = PONG ]; }
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }
at_least() { [ "$(lines "$1")" -ge "$2" ]; }

REDIS_PORT=$(free_port)
mkdir -p "$WORK/redis"
start_redis() {
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$WORK/redis" --appendonly yes --appendfsync always \
        --save "" --maxmemory-policy noeviction --daemonize no --logfile "" >> "$WORK/redis.log" 2>&1 &
    PID[redis]=$!
    until_true 20 redis_up || fail "redis-server did not start"
}

PORTS=()
start_instance() { # index
    local index=$1 port=${PORTS[$1]}
    "$BINARY" --host 127.0.0.1 --port "$port" --data "$WORK/data$index" --redis-url "redis://127.0.0.1:$REDIS_PORT" \
        --password-iterations 1000 --templates "$ROOT/Templates" --public "$ROOT/Public" --shutdown-grace 0 \
        --log-level warning >> "$WORK/waypoint$index.log" 2>&1 &
    PID[waypoint$index]=$!
    until_true 30 answers "http://127.0.0.1:$port/readyz" || fail "instance $index did not become ready on :$port"
}

step "deploy/haproxy.cfg is a valid haproxy configuration"
haproxy -c -q -f "$ROOT/deploy/haproxy.cfg" || fail "deploy/haproxy.cfg does not parse"

step "a single server's data folder migrated into Redis"
start_redis
for index in 0 1 2 3; do PORTS[$index]=$(free_port); done
# Instance 0 runs on the embedded store: a few items written, then stopped and migrated.
"$BINARY" --host 127.0.0.1 --port "${PORTS[0]}" --data "$WORK/single" --password-iterations 1000 \
    --templates "$ROOT/Templates" --public "$ROOT/Public" --shutdown-grace 0 --log-level warning >> "$WORK/single.log" 2>&1 &
PID[single]=$!
until_true 30 answers "http://127.0.0.1:${PORTS[0]}/readyz" || fail "the single server did not start"
rm -f "$WORK/stop"
timeout --kill-after=5 60 python3 "$CHECKS" writes "${PORTS[0]}" "$WORK/acks-single" "$WORK/stop" > "$WORK/writes.out" 2>&1 &
PID[writes]=$!
until_true 30 at_least "$WORK/acks-single" 5 || fail "no writes on the single server"
touch "$WORK/stop"
wait "${PID[writes]}" || { cat "$WORK/writes.out"; fail "the writes on the single server failed"; }
unset 'PID[writes]'
kill "${PID[single]}"
wait "${PID[single]}" || fail "the single server did not stop cleanly"
unset 'PID[single]'
"$BINARY" migrate --data "$WORK/single" --redis-url "redis://127.0.0.1:$REDIS_PORT" > "$WORK/migrate.out" 2>&1 \
    || { cat "$WORK/migrate.out"; fail "migrate failed"; }
grep -q "^catalog.items: [1-9][0-9]* copied" "$WORK/migrate.out" || { cat "$WORK/migrate.out"; fail "migrate copied no items"; }
tail -n 1 "$WORK/migrate.out"
"$BINARY" migrate --data "$WORK/single" --redis-url "redis://127.0.0.1:$REDIS_PORT" > "$WORK/migrate.out" 2>&1 \
    || { cat "$WORK/migrate.out"; fail "migrate failed the second time"; }
grep -q "^nothing to copy" "$WORK/migrate.out" || { cat "$WORK/migrate.out"; fail "a second migrate wrote something"; }
tail -n 1 "$WORK/migrate.out"

step "three instances on that Redis and haproxy on loopback"
for index in 1 2 3; do start_instance "$index"; done
BALANCER=$(free_port)
cat > "$WORK/haproxy.cfg" <<EOF
global
    maxconn 512
defaults
    mode http
    timeout connect 1s
    timeout client 10s
    timeout server 10s
    retries 2
    option redispatch
frontend web
    bind 127.0.0.1:$BALANCER
    default_backend waypoint
    # With every instance out (Redis down), haproxy answers itself: say when to come back.
    http-error status 503 content-type text/plain string "unavailable, retry shortly" hdr Retry-After 2
backend waypoint
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server check inter 250ms fall 2 rise 1
    http-response set-header X-Waypoint-Backend %s
    server w1 127.0.0.1:${PORTS[1]}
    server w2 127.0.0.1:${PORTS[2]}
    server w3 127.0.0.1:${PORTS[3]}
EOF
haproxy -f "$WORK/haproxy.cfg" -db >> "$WORK/haproxy.log" 2>&1 &
PID[haproxy]=$!
until_true 20 answers "http://127.0.0.1:$BALANCER/readyz" || fail "haproxy did not answer on :$BALANCER"
# All three in rotation: three requests in a row reach three backends.
all_up() {
    local seen
    seen=$(for _ in 1 2 3; do curl -sS -o /dev/null -D - --max-time 2 "http://127.0.0.1:$BALANCER/healthz" | tr -d '\r' \
        | sed -n 's/^X-Waypoint-Backend: //Ip'; done | sort -u | wc -l)
    [ "$seen" = 3 ]
}
until_true 20 all_up || fail "haproxy does not have all three instances up"

run_check() { timeout --kill-after=5 60 python3 "$CHECKS" "$@"; }

run_check verify "$BALANCER" "$WORK/acks-single"

step "one session across the instances"
run_check walk "$BALANCER" "${PORTS[1]}" "${PORTS[2]}" "${PORTS[3]}"

step "sign in on one instance, out on another"
run_check signout "${PORTS[1]}" "${PORTS[2]}" "${PORTS[3]}"

step "two registrations of one username at once"
run_check race "${PORTS[1]}" "${PORTS[2]}"

step "an edit racing a deletion on two instances"
run_check editdelete "${PORTS[1]}" "${PORTS[2]}"

# A stream of writes through haproxy until the STOP file appears; returns at once.
start_writes() { # acks stop
    rm -f "$2"
    timeout --kill-after=5 100 python3 "$CHECKS" writes "$BALANCER" "$1" "$2" > "$WORK/writes.out" 2>&1 &
    PID[writes]=$!
}
stop_writes() { # stop
    touch "$1"
    wait "${PID[writes]}" || { cat "$WORK/writes.out"; fail "the writes stopped with an error"; }
    unset 'PID[writes]'
    cat "$WORK/writes.out"
}

step "SIGKILL one instance during writes"
acks="$WORK/acks-instance"
start_writes "$acks" "$WORK/stop"
until_true 30 at_least "$acks" 20 || fail "the writes did not get going"
kill -9 "${PID[waypoint2]}"
wait "${PID[waypoint2]}" 2>/dev/null || true
unset 'PID[waypoint2]'
before=$(lines "$acks")
until_true 30 at_least "$acks" $(( before + 40 )) || fail "writes did not go on after an instance died"
stop_writes "$WORK/stop"
run_check verify "$BALANCER" "$acks"
start_instance 2
until_true 20 all_up || fail "the restarted instance did not rejoin"

step "SIGKILL and restart Redis during writes"
acks="$WORK/acks-redis"
start_writes "$acks" "$WORK/stop"
until_true 30 at_least "$acks" 20 || fail "the writes did not get going"
kill -9 "${PID[redis]}"
wait "${PID[redis]}" 2>/dev/null || true
unset 'PID[redis]'
for index in 1 2 3; do run_check unavailable "${PORTS[$index]}"; done
down=$(lines "$acks")
start_redis
until_true 30 at_least "$acks" $(( down + 40 )) || fail "writes did not resume after Redis came back"
stop_writes "$WORK/stop"
run_check verify "$BALANCER" "$acks"
for index in 1 2 3; do
    kill -0 "${PID[waypoint$index]}" 2>/dev/null || fail "instance $index is gone"
    until_true 10 answers "http://127.0.0.1:${PORTS[$index]}/readyz" || fail "instance $index is not ready again after Redis returned"
done
until_true 20 all_up || fail "haproxy does not have all three instances back"
echo "scale-out: the instances recovered without a restart"

echo "scale-out: PASS, 7 checks in $(( $(date +%s) - started )) s"
