#!/usr/bin/env bash
# Builds Waypoint's image from the Dockerfile with podman and runs it as a container would be run:
#   1. Lints the Dockerfile: a non-root USER, STOPSIGNAL SIGTERM, a HEALTHCHECK on /healthz, an exec-form
#      ENTRYPOINT, base images pinned to a version tag.
#   2. Makes the base images locally when they are missing (.ci/make-base-images.sh: no registry is
#      reachable from CI) and builds the image (--format docker, which keeps the HEALTHCHECK) within its
#      size budgets.
#   3. Runs it as the image's user on a fresh named volume with a free PORT (host network): /healthz, a page,
#      a static file byte for byte, the HEALTHCHECK itself, `id` inside is uid 10001; registers an account.
#   4. `podman stop`: exit code 0, within STOP_TIMEOUT. A new container on the same volume: not seeded again,
#      the session cookie from before is still signed in, the account signs in (and a wrong password does not).
#   5. With --copy-binary PATH: copies the image's /app/waypoint out to PATH for the later CI steps (the
#      image is built on this Debian 12 with this Swift, and the binary needs only libssl3).
# Always removes its containers and volume; keeps the images, so a second run reuses the build cache.
#
# Usage: .ci/check-container.sh [--prepare | --copy-binary PATH]
#        --prepare: steps 1 and 2 up to the base images only (CI makes them while the tests run).
# Environment: IMAGE (default waypoint:ci), STARTUP_TIMEOUT (s, default 120: the first start seeds the
#              demo data, hashing its password), STOP_TIMEOUT (s, default 15: more than the 5 s drain),
#              MAX_LAYERS_MB (default 40: what the image adds over its base), MAX_BINARY_MB (default 25).
# Needs root for podman (and installs podman, runc, debootstrap and curl with apt when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-waypoint:ci}
STARTUP_TIMEOUT=${STARTUP_TIMEOUT:-120}
STOP_TIMEOUT=${STOP_TIMEOUT:-15}
MAX_LAYERS_MB=${MAX_LAYERS_MB:-40}
MAX_BINARY_MB=${MAX_BINARY_MB:-25}
COPY_BINARY=""
PREPARE_ONLY=0
case "${1:-}" in
    --copy-binary) COPY_BINARY=${2:?"--copy-binary needs a path"} ;;
    --prepare) PREPARE_ONLY=1 ;;
    "") ;;
    *) echo "usage: $0 [--prepare | --copy-binary PATH]" >&2; exit 2 ;;
esac

# crun refuses this kernel's hybrid cgroups; podman's default ulimits exceed the sandbox's hard limits.
P=(podman --runtime runc)
LIMITS=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
NAME=waypoint-check-$$
VOLUME=waypoint-check-data-$$
WORK=$(mktemp -d /tmp/waypoint-container.XXXXXX)
# podman's own complaints go here (without systemd it logs that it cannot time the HEALTHCHECK itself).
PODMAN_LOG=$WORK/podman.log
started=$(date +%s)
failures=0
pass() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*"; failures=$((failures + 1)); }
section() { printf '\n== %s (%ds)\n' "$*" $(($(date +%s) - started)); }
# A failure after which nothing further can be checked: the container's log, then out.
abort() {
    fail "$*"
    "${P[@]}" logs "$NAME" 2>&1 | tail -30 | sed 's/^/        /' || true
    tail -10 "$PODMAN_LOG" | sed 's/^/        /'
    exit 1
}
cleanup() {
    "${P[@]}" rm -f -v -t 0 "$NAME" "$NAME-copy" >/dev/null 2>&1 || true
    "${P[@]}" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------------------------------
section "Dockerfile lint"
# Instructions on one line each: comments dropped, continuation lines joined.
instructions=$(awk '/^[[:space:]]*#/ { next } { if (sub(/\\[[:space:]]*$/, "")) { buf = buf $0 " "; next } print buf $0; buf = "" }' Dockerfile)
check_line() { # description, extended regex over the joined instructions
    if grep -Eq "$2" <<<"$instructions"; then pass "$1"; else fail "$1"; fi
}
last_user=$(grep -E '^USER[[:space:]]' <<<"$instructions" | tail -1 | awk '{print $2}')
if [ -n "$last_user" ] && ! grep -Eq '^(root|0)(:|$)' <<<"$last_user"; then pass "runs as USER $last_user, not root"; else fail "the last USER is missing or root ('$last_user')"; fi
check_line "STOPSIGNAL SIGTERM" '^STOPSIGNAL[[:space:]]+SIGTERM$'
check_line "a HEALTHCHECK probing /healthz" '^HEALTHCHECK[[:space:]].*CMD.*/healthz'
check_line "ENTRYPOINT in exec form" '^ENTRYPOINT[[:space:]]+\["'
# A tag that moves (none, latest, stable…) would change the image under an unchanged Dockerfile.
unpinned=$(grep -E '^FROM[[:space:]]' <<<"$instructions" | awk '{print $2}' \
    | grep -Ev ':[0-9][0-9.]*(-[a-z]+)*$|:(bookworm|trixie)(-slim)?$' || true)
if [ -z "$unpinned" ]; then pass "base images pinned to a tag: $(grep -E '^FROM' <<<"$instructions" | awk '{print $2}' | paste -sd' ')"; else fail "base images without a version tag: $unpinned"; fi
[ "$failures" = 0 ] || exit 1

# ---------------------------------------------------------------------------------------------------
section "Tools and base images"
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v curl >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo "podman, runc and curl are needed (run as root to install them)" >&2; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends podman runc debootstrap curl ca-certificates >/dev/null
fi
tags=$(grep -E '^FROM[[:space:]]' <<<"$instructions" | awk '{print $2}')
missing=""
for tag in $tags; do "${P[@]}" image exists "localhost/$tag" || missing="$missing $tag"; done
if [ -n "$missing" ]; then
    echo "  making the base images:$missing"
    images_started=$(date +%s)
    bash .ci/make-base-images.sh
    pass "made the base images in $(($(date +%s) - images_started))s"
else
    pass "base images present: $(paste -sd' ' <<<"$tags")"
fi
[ "$PREPARE_ONLY" = 0 ] || exit 0

# ---------------------------------------------------------------------------------------------------
section "Build"
build_started=$(date +%s)
if "${P[@]}" build --pull=never --network host "${LIMITS[@]}" --format docker -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
    pass "built $IMAGE in $(($(date +%s) - build_started))s"
else
    tail -40 "$WORK/build.log"; fail "podman build failed"; exit 1
fi
healthcheck=$("${P[@]}" image inspect "$IMAGE" --format '{{json .Config.Healthcheck}}' 2>/dev/null || true)
if grep -q healthz <<<"$healthcheck"; then pass "the image keeps its HEALTHCHECK"; else fail "the image has no HEALTHCHECK ($healthcheck)"; fi
# What the image adds over its runtime base: the binaries, libssl3, the user, Public/ and Templates/.
image_bytes() { "${P[@]}" image inspect "$1" --format '{{.Size}}'; }
over=$(($(image_bytes "$IMAGE") - $(image_bytes "localhost/$(tail -1 <<<"$tags")")))
binary=$("${P[@]}" run --rm --network host "${LIMITS[@]}" --no-healthcheck --entrypoint stat "$IMAGE" -c %s /app/waypoint)
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }
# Budgets: an `import Foundation` anywhere in Sources brings ICU back (a binary over 50 MB).
if [ "$over" -le $((MAX_LAYERS_MB * 1000000)) ]; then pass "layers over the base: $(mb "$over") MB (budget $MAX_LAYERS_MB MB)"
else fail "layers over the base: $(mb "$over") MB, over the budget of $MAX_LAYERS_MB MB"; fi
if [ "$binary" -le $((MAX_BINARY_MB * 1000000)) ]; then pass "/app/waypoint: $(mb "$binary") MB (budget $MAX_BINARY_MB MB)"
else fail "/app/waypoint: $(mb "$binary") MB, over the budget of $MAX_BINARY_MB MB (is Foundation imported somewhere?)"; fi

# ---------------------------------------------------------------------------------------------------
section "First start"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE=http://127.0.0.1:$PORT
start_container() {
    "${P[@]}" run -d --name "$NAME" --network host "${LIMITS[@]}" -e PORT="$PORT" -v "$VOLUME:/data" "$IMAGE" >/dev/null 2>>"$PODMAN_LOG" \
        || abort "podman run failed"
    local deadline=$(($(date +%s) + STARTUP_TIMEOUT))
    until curl -fsS --max-time 2 -o /dev/null "$BASE/healthz" 2>/dev/null; do
        [ "$("${P[@]}" inspect "$NAME" --format '{{.State.Running}}')" = true ] || abort "the container exited while starting"
        [ "$(date +%s)" -lt "$deadline" ] || abort "no /healthz answer within ${STARTUP_TIMEOUT}s"
        sleep 0.2
    done
}
start_container
pass "/healthz answers on port $PORT"
user=$("${P[@]}" exec "$NAME" id)
if grep -q '^uid=10001(waypoint) gid=10001(waypoint)' <<<"$user"; then pass "runs as $user"; else fail "runs as '$user', expected uid 10001"; fi
# /library answers 308 to the first (or remembered) category, whose page is the app's front page.
answer=$(curl -sS -L -o "$WORK/library.html" -w '%{http_code} %{num_redirects} %{url_effective}' "$BASE/library")
if [ "${answer%% *}" = 200 ] && grep -q '<html' "$WORK/library.html"; then pass "GET /library: $answer, an HTML page"; else fail "GET /library answered $answer"; fi
if curl -fsS -o "$WORK/styles.css" "$BASE/styles.css" && cmp -s "$WORK/styles.css" Public/styles.css; then pass "GET /styles.css is Public/styles.css byte for byte"; else fail "GET /styles.css differs from Public/styles.css"; fi
if "${P[@]}" healthcheck run "$NAME" >/dev/null 2>>"$PODMAN_LOG"; then pass "the image's HEALTHCHECK passes"; else fail "the image's HEALTHCHECK fails"; fi

# An account registered through the form, signed in by the answer's cookie.
JAR=$WORK/cookies
USERNAME=container-check
PASSWORD=container-check-password
csrf() { curl -sS -c "$JAR" -b "$JAR" "$BASE$1" | sed -n 's/.*name="csrfToken" value="\([^"]*\)".*/\1/p' | head -1; }
post() { # path, then curl --data-urlencode arguments; prints the status
    local path=$1; shift
    curl -sS -o /dev/null -w '%{http_code}' -c "$JAR" -b "$JAR" -H "Origin: $BASE" "$@" "$BASE$path"
}
# The page is read whole before it is searched: `curl | grep -q` under pipefail fails whenever grep
# stops at the match while curl still writes (curl exits 23), which depends on how the body arrives.
signed_in() {
    local page
    page=$(curl -sS -L -c "$JAR" -b "$JAR" "$BASE/library") || return 1
    grep -q "Signed in as <strong>$USERNAME</strong>" <<<"$page"
}
token=$(csrf /register)
status=$(post /register --data-urlencode "csrfToken=$token" --data-urlencode "email=$USERNAME@example.com" \
    --data-urlencode "username=$USERNAME" --data-urlencode "password=$PASSWORD")
if [ "$status" = 303 ] && signed_in; then pass "registered $USERNAME through the form, signed in"; else fail "registration answered $status"; fi

# ---------------------------------------------------------------------------------------------------
section "Stop"
stop_started=$(date +%s%N)
"${P[@]}" stop -t "$STOP_TIMEOUT" "$NAME" >/dev/null 2>>"$PODMAN_LOG"
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
code=$("${P[@]}" inspect "$NAME" --format '{{.State.ExitCode}}')
if [ "$code" = 0 ] && [ "$stop_ms" -lt $((STOP_TIMEOUT * 1000)) ]; then pass "podman stop: exit code 0 after ${stop_ms} ms (grace ${STOP_TIMEOUT}s)"
else fail "podman stop: exit code $code after ${stop_ms} ms (grace ${STOP_TIMEOUT}s)"; fi
first_log=$("${P[@]}" logs "$NAME" 2>&1)
grep -q 'seeded the .* demo catalog' <<<"$first_log" && pass "the first start seeded the demo data" || fail "the first start did not seed the demo data"
"${P[@]}" rm -v "$NAME" >/dev/null 2>>"$PODMAN_LOG"

# ---------------------------------------------------------------------------------------------------
section "A new container on the same volume"
start_container
second_log=$("${P[@]}" logs "$NAME" 2>&1)
if grep -q 'seeded the .* demo catalog' <<<"$second_log"; then fail "the data was seeded again"; else pass "the data was not seeded again"; fi
if signed_in; then pass "the session from before the restart is still signed in"; else fail "the session from before the restart is gone"; fi
rm -f "$JAR"
token=$(csrf /login)
status=$(post /login --data-urlencode "csrfToken=$token" --data-urlencode "username=$USERNAME" --data-urlencode "password=wrong-$PASSWORD")
if [ "$status" = 422 ]; then pass "a wrong password is refused (422)"; else fail "a wrong password answered $status"; fi
token=$(csrf /login)
status=$(post /login --data-urlencode "csrfToken=$token" --data-urlencode "username=$USERNAME" --data-urlencode "password=$PASSWORD")
if [ "$status" = 303 ] && signed_in; then pass "$USERNAME signs in again"; else fail "signing in as $USERNAME answered $status"; fi
"${P[@]}" stop -t "$STOP_TIMEOUT" "$NAME" >/dev/null 2>>"$PODMAN_LOG"
code=$("${P[@]}" inspect "$NAME" --format '{{.State.ExitCode}}')
if [ "$code" = 0 ]; then pass "stopped again with exit code 0"; else fail "the second stop: exit code $code"; fi

# ---------------------------------------------------------------------------------------------------
if [ -n "$COPY_BINARY" ]; then
    section "Copy the binary out"
    mkdir -p "$(dirname "$COPY_BINARY")"
    "${P[@]}" create --name "$NAME-copy" "$IMAGE" >/dev/null
    "${P[@]}" cp "$NAME-copy:/app/waypoint" "$COPY_BINARY"
    if "$COPY_BINARY" --help >/dev/null; then pass "copied /app/waypoint to $COPY_BINARY; it runs here"; else fail "the copied binary does not run here"; fi
fi

printf '\n'
if [ "$failures" -gt 0 ]; then printf '%d check(s) failed (%ds).\n' "$failures" $(($(date +%s) - started)); exit 1; fi
printf 'container check passed in %ds\n' $(($(date +%s) - started))
