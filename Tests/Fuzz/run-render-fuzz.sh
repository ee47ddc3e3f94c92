#!/bin/sh
# Fuzzes the template engine against the reference renderer of TemplateRenderFuzz.swift with
# libFuzzer for SECONDS (default 60): random templates and data from the fuzzer's bytes, rendered
# by the engine and by the reference; a difference or a crash stops the run and leaves the input
# in .build-fuzz/. The engine is built as its own module, so the fuzz file sees only its public API,
# as TemplateEngineTests (which runs the same comparison on seeded cases) does.
# Usage: Tests/Fuzz/run-render-fuzz.sh [SECONDS]   (from anywhere; builds into .build-fuzz/)
set -eu
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mkdir -p .build-fuzz/render
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name TemplateEngine \
    -emit-module -emit-module-path .build-fuzz/render/TemplateEngine.swiftmodule \
    -emit-library -static -o .build-fuzz/render/libTemplateEngine.a Sources/TemplateEngine/*.swift
swiftc -O -sanitize=fuzzer,address -parse-as-library -D RENDER_FUZZER -module-name TemplateRenderFuzz \
    -I .build-fuzz/render -L .build-fuzz/render -lTemplateEngine \
    Tests/Fuzz/TemplateRenderFuzz.swift -o .build-fuzz/fuzz-render

corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
# A few seeds of every length class; the generator reads any bytes.
head -c 64 /dev/urandom > "$corpus/short"
head -c 400 /dev/urandom > "$corpus/medium"
head -c 2000 /dev/urandom > "$corpus/long"
printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' > "$corpus/high"

.build-fuzz/fuzz-render -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
    -artifact_prefix=.build-fuzz/ "$corpus"
