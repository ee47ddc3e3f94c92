#!/bin/sh
# Times the gzip encoder on a page (default: the saved benchmark page) built with -O -wmo, as
# `swift build -c release` compiles, and compares its size with `gzip -6`.
# Usage: Tests/Bench/run-gzip-bench.sh [PAGE] [ITERATIONS]
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
page="${1:-$root/../shared/bench/nginx-root/page.html}"
cd "$root"
mkdir -p .build-bench
# Deflate imports ByteCoding (CRC-32): built first, as a static library beside its module.
swiftc -O -wmo -parse-as-library -module-name ByteCoding -I Sources/CCRC32/include Sources/ByteCoding/*.swift \
    -emit-module -emit-module-path .build-bench/ByteCoding.swiftmodule -emit-library -static -o .build-bench/libByteCoding.a
swiftc -O -wmo -parse-as-library -module-name Deflate -I .build-bench -I Sources/CCRC32/include -L .build-bench -lByteCoding \
    Sources/Deflate/*.swift Tests/Bench/GzipBench.swift -o .build-bench/gzip-bench
.build-bench/gzip-bench "$page" "${2:-2000}"
echo "gzip -6: $(gzip -6 -c "$page" | wc -c) B"
