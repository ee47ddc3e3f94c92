#!/bin/sh
# Fuzzes HTTPRequestParser with libFuzzer for SECONDS (default 60).
# Usage: Tests/Fuzz/run-parser-fuzz.sh [SECONDS]   (from anywhere; builds into .build-fuzz/)
set -eu
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mkdir -p .build-fuzz
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name HTTPCore \
    Sources/HTTPCore/*.swift Tests/Fuzz/HTTPParserFuzz.swift -o .build-fuzz/fuzz-parser

corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
seed() { printf "$2" > "$corpus/$1"; }
seed get 'GET / HTTP/1.1\r\nHost: a\r\n\r\n'
seed query 'GET /a/b?x=1&y=%%20+z HTTP/1.1\r\nHost: a:8080\r\nCookie: s=1; t="2"\r\nConnection: close\r\n\r\n'
seed http10 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'
seed post 'POST /login HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello'
seed chunked 'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nT: v\r\n\r\n'
seed expect 'PUT / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi'
seed pipelined 'GET /1 HTTP/1.1\r\nHost: a\r\n\r\nHEAD /2 HTTP/1.1\r\nHost: a\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n'
seed absolute 'GET http://a/b?c HTTP/1.1\r\nHost: a\r\n\r\n'
seed te 'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n'
seed version 'GET / HTTP/2.0\r\n\r\n'
seed form 'a=1&b=%%41+c&d'

.build-fuzz/fuzz-parser -max_total_time="$seconds" -max_len=1024 -timeout=5 -print_final_stats=1 \
    -dict=Tests/Fuzz/http.dict \
    -artifact_prefix=.build-fuzz/ "$corpus"
