#!/bin/sh
# Fuzzes the gzip encoder (both match finders, a kept encoder against fresh ones) and the inflater
# with libFuzzer for SECONDS (default 60).
# Usage: Tests/Fuzz/run-gzip-fuzz.sh [SECONDS]   (from anywhere; builds into .build-fuzz/)
set -eu
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mkdir -p .build-fuzz
# Deflate imports ByteCoding (CRC-32): built first, as a static library beside its module.
swiftc -O -sanitize=address -parse-as-library -module-name ByteCoding -I Sources/CCRC32/include Sources/ByteCoding/*.swift \
    -emit-module -emit-module-path .build-fuzz/ByteCoding.swiftmodule -emit-library -static -o .build-fuzz/libByteCoding.a
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name Deflate -I .build-fuzz -I Sources/CCRC32/include \
    -L .build-fuzz -lByteCoding Sources/Deflate/*.swift Tests/Fuzz/GzipFuzz.swift -o .build-fuzz/fuzz-gzip

corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
printf '' > "$corpus/empty"
printf 'a' > "$corpus/one"
printf 'abcabcabcabcabcabcabcabcabcabcabcabcabc' > "$corpus/repeat"
printf '<li class="item"><a href="/library/category-3/items/7">Item 7 &lt;3&gt;</a></li>\n<li class="item"><a href="/library/category-3/items/8">Item 8 &lt;3&gt;</a></li>\n' > "$corpus/html"
printf '\037\213\010\000\000\000\000\000\000\003\313\110\315\311\311\007\000\206\246\020\066\005\000\000\000' > "$corpus/gzip"
head -c 3000 /dev/urandom > "$corpus/noise"

.build-fuzz/fuzz-gzip -max_total_time="$seconds" -max_len=70000 -timeout=10 -print_final_stats=1 \
    -artifact_prefix=.build-fuzz/ "$corpus"
