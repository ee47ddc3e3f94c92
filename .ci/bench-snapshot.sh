#!/usr/bin/env bash
# Start-up's share of the store: opening a store whose snapshot holds ENTRIES values of VALUE_BYTES,
# this build against the build of BASE (default main) in the same run, both release builds of the
# Storage module alone (StorageCrashWriter's bench-open mode, public API only).
# Prints each build's best-of-five open time and the ratio this/base.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BASE=${BASE:-main}
ENTRIES=${ENTRIES:-100000}
VALUE_BYTES=${VALUE_BYTES:-300}
WORK=$(mktemp -d)
trap 'git -C "$ROOT" worktree remove --force "$WORK/base" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT

git -C "$ROOT" worktree add --detach "$WORK/base" "$BASE" >/dev/null 2>&1
# The base build runs this build's measurement: it uses only the public API both have.
cp "$ROOT/Tests/StorageCrashWriter/main.swift" "$WORK/base/Tests/StorageCrashWriter/main.swift"
(cd "$ROOT" && swift build -c release --product StorageCrashWriter >/dev/null)
(cd "$WORK/base" && swift build -c release --product StorageCrashWriter >/dev/null)

run() { "$1/.build/release/StorageCrashWriter" bench-open "$2" "$ENTRIES" "$VALUE_BYTES" | awk '/open-ms/ {print $2}'; }
this=$(run "$ROOT" "$WORK/this")
base=$(run "$WORK/base" "$WORK/old")
echo "entries $ENTRIES of $VALUE_BYTES bytes: snapshot $(du -k "$WORK/this/snapshot" | cut -f1) KiB (base $(du -k "$WORK/old/snapshot" | cut -f1) KiB)"
echo "open: this build ${this} ms, $BASE ${base} ms, ratio $(awk -v a="$this" -v b="$base" 'BEGIN {printf "%.2f", a / b}')"
