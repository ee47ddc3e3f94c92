# Sourced by the scripts that start servers of their own (scale-out.sh, bench-redis.sh,
# bench-sync.sh): a work folder, the processes they start stopped by PID on exit, and the small
# waits they share. Usage: `source .ci/processes.sh NAME [SIGNAL]` sets WORK and PID (an associative
# array: PID[name]=pid of each process started), and on exit kills each with SIGNAL (TERM by
# default), waits for it, prints the tails of "$WORK"/*.log if the script failed, removes WORK.
WORK="$(mktemp -d "/tmp/waypoint-$1.XXXXXX")"
STOP_SIGNAL="${2:-TERM}"
declare -A PID=()
stop_processes() {
    local status=$?
    for name in "${!PID[@]}"; do kill "-$STOP_SIGNAL" "${PID[$name]}" 2>/dev/null || true; done
    for name in "${!PID[@]}"; do wait "${PID[$name]}" 2>/dev/null || true; done
    if [ "$status" != 0 ]; then
        for log in "$WORK"/*.log; do [ -f "$log" ] && { echo "--- $(basename "$log") (last lines)"; tail -n 15 "$log"; }; done
    fi
    rm -rf "$WORK"
}
trap stop_processes EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Polls until a command succeeds, for at most $1 seconds.
until_true() {
    local deadline=$(( $(date +%s) + $1 ))
    shift
    until "$@"; do
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}
answers() { curl -fsS -o /dev/null --max-time 1 "$1" 2>/dev/null; }
