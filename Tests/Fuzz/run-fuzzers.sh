#!/usr/bin/env bash
# Builds every libFuzzer target in Tests/Fuzz (*Fuzzer.swift) with AddressSanitizer and runs
# each for a while, printing how many inputs it executed.
#
#     Tests/Fuzz/run-fuzzers.sh [seconds per fuzzer, default 60] [name filter]
#     Tests/Fuzz/run-fuzzers.sh 180 Binary
#
# A fuzzer is compiled together with the runtime's sources into one module, so it uses the
# runtime without importing it:
#     swiftc -sanitize=fuzzer,address -parse-as-library -O <Sources/ValuegenRuntime/**/*.swift> <fuzzer>
# Tests/Fuzz is no SwiftPM target's folder; `swift build` never sees these files.
#
# Work files go to $VALUEGEN_FUZZ_DIR (default /tmp/valuegen-fuzz): per fuzzer its binary, the
# corpus it grows (kept between runs), log.txt, and crash-*/timeout-*/oom-* inputs when one
# fails. Reproduce a failure with `<binary> <input file>`. $SWIFTC picks the compiler.
# The exit status is 1 when a fuzzer failed to build or found a failure.
set -euo pipefail
shopt -s nullglob

seconds="${1:-60}"
filter="${2:-}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${VALUEGEN_FUZZ_DIR:-/tmp/valuegen-fuzz}"
swiftc="${SWIFTC:-swiftc}"

if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 [seconds per fuzzer] [name filter]" >&2
    exit 2
fi

# lld links the sanitizer runtimes quietly; gold warns about every ASan symbol.
linker=()
swiftc_path="$(command -v "$swiftc" || true)"
if command -v ld.lld >/dev/null 2>&1 || [[ -n "$swiftc_path" && -x "$(dirname "$swiftc_path")/ld.lld" ]]; then
    linker=(-use-ld=lld)
fi

# A snapshot of the sources, so that an edit in the working tree during the build (the
# compiler refuses a file that changes under it) does not matter.
snapshot="$work/sources"
rm -rf "$snapshot"
mkdir -p "$snapshot"
while IFS= read -r file; do
    mkdir -p "$snapshot/$(dirname "$file")"
    cp "$root/$file" "$snapshot/$file"
done < <(cd "$root" && find Sources/ValuegenRuntime Tests/Fuzz -name '*.swift')
runtime=()
while IFS= read -r file; do runtime+=("$file"); done < <(find "$snapshot/Sources/ValuegenRuntime" -name '*.swift' | sort)

status=0
ran=0
for fuzzer in "$snapshot"/Tests/Fuzz/*Fuzzer.swift; do
    name="$(basename "$fuzzer" .swift)"
    if [[ -n "$filter" && "$name" != *"$filter"* ]]; then continue; fi
    ran=$((ran + 1))
    folder="$work/$name"
    mkdir -p "$folder/corpus"
    echo "== $name: building"
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -module-name "$name" ${linker[@]+"${linker[@]}"} \
        "${runtime[@]}" "$fuzzer" -o "$folder/$name"; then
        echo "== $name: BUILD FAILED"
        status=1
        continue
    fi
    echo "== $name: running for ${seconds}s"
    log="$folder/log.txt"
    result="no failures"
    if ! "$folder/$name" "$folder/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$folder/" >"$log" 2>&1; then
        result="FAILED (see $log)"
        status=1
        tail -n 60 "$log"
    fi
    executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1 || true)"
    if [[ -z "$executions" ]]; then
        # A run that stopped on a failure prints no final stats; its last status line has "#N".
        executions="$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#' || true)"
    fi
    corpus="$(find "$folder/corpus" -type f | wc -l | tr -d ' ')"
    echo "== $name: ${executions:-?} executions in ${seconds}s, corpus of $corpus inputs: $result"
done

if [[ $ran -eq 0 ]]; then
    echo "no fuzzer matches '$filter' in $root/Tests/Fuzz" >&2
    exit 2
fi
exit $status
