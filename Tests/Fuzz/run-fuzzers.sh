#!/usr/bin/env bash
# Builds every libFuzzer target in Tests/Fuzz (*Fuzzer.swift) with AddressSanitizer and runs
# each for a while, printing how many inputs it executed.
#
#     Tests/Fuzz/run-fuzzers.sh [seconds per fuzzer, default 60] [name filter]
#     Tests/Fuzz/run-fuzzers.sh 180 Binary
#     Tests/Fuzz/run-fuzzers.sh pipeline 300
#
# The arguments may come in either order: a number is the seconds, anything else filters the
# fuzzers by name, ignoring case.
#
# A runtime fuzzer is compiled together with the runtime's sources into one module, so it uses
# the runtime without importing it:
#     swiftc -sanitize=fuzzer,address -parse-as-library -O <Sources/ValuegenRuntime/**/*.swift> <fuzzer>
# A fuzzer that imports ValuegenCore (PipelineFuzzer) is linked instead against ValuegenPluginSDK,
# ValuegenPluginHost and ValuegenCore, each built once per run as an instrumented static library
# the way SwiftPM would build the module (PluginSDK/include supplies the C module
# CValuegenPlugin); its corpus is seeded with every schema under Fixtures, each file alone and
# each folder's files together, in the fuzzer's input format.
# Tests/Fuzz is no SwiftPM target's folder; `swift build` never sees these files.
# A fuzzer's dictionary of tokens, when there is one, is Tests/Fuzz/<name>.dict. A runtime
# fuzzer that needs a file of the tests too (a reference implementation) names it on a line
# `// fuzz-support: Tests/RuntimeTests/<File>.swift`; it is compiled into the fuzzer's module.
#
# Work files go to $VALUEGEN_FUZZ_DIR (default /tmp/valuegen-fuzz): per fuzzer its binary, the
# corpus it grows (kept between runs), log.txt, and crash-*/timeout-*/oom-* inputs when one
# fails. Reproduce a failure with `<binary> <input file>`. $SWIFTC picks the compiler.
# The exit status is 1 when a fuzzer failed to build or found a failure.
set -euo pipefail
shopt -s nullglob

seconds=60
filter=""
for argument in "$@"; do
    if [[ "$argument" =~ ^[0-9]+$ ]]; then seconds="$argument"; else filter="$argument"; fi
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${VALUEGEN_FUZZ_DIR:-/tmp/valuegen-fuzz}"
swiftc="${SWIFTC:-swiftc}"

if [[ $# -gt 2 ]]; then
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
done < <(cd "$root" && find Sources/ValuegenRuntime Sources/ValuegenCore Sources/ValuegenPluginHost PluginSDK Tests/Fuzz Tests/RuntimeTests Fixtures \
    -name '*.swift' -o -name '*.h' -o -name '*.modulemap' -o -name '*.dict' -o -name '*.value' -o -name '*.adtValue' -o -name '*.object')
runtime=()
while IFS= read -r file; do runtime+=("$file"); done < <(find "$snapshot/Sources/ValuegenRuntime" -name '*.swift' | sort)

# The generator's modules, for the fuzzers that import ValuegenCore: built when the first one
# needs them, into $work/modules.
modules="$work/modules"
modules_built=""
build_module() { # module name, source folder
    local name="$1" folder="$2"
    local sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find "$folder" -name '*.swift' | sort)
    # Swift 6 as SwiftPM builds them; their warnings are the package build's business.
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -wmo -swift-version 6 -suppress-warnings -module-name "$name" \
        -I "$modules" -I "$snapshot/PluginSDK/include" -emit-library -static -emit-module \
        -emit-module-path "$modules/$name.swiftmodule" -o "$modules/lib$name.a" "${sources[@]}"
}
build_generator_modules() {
    if [[ -n "$modules_built" ]]; then return "$modules_built"; fi
    rm -rf "$modules"
    mkdir -p "$modules"
    echo "== building ValuegenPluginSDK, ValuegenPluginHost and ValuegenCore for the pipeline fuzzers"
    if build_module ValuegenPluginSDK "$snapshot/PluginSDK/Sources/ValuegenPluginSDK" &&
        build_module ValuegenPluginHost "$snapshot/Sources/ValuegenPluginHost" &&
        build_module ValuegenCore "$snapshot/Sources/ValuegenCore"; then
        modules_built=0
    else
        modules_built=1
    fi
    return "$modules_built"
}

# Seeds in PipelineFuzzer's input format: files separated by the byte FF, each led by '0', '1'
# or '2' for .value, .adtValue or .object.
kind_byte() {
    case "$1" in
        *.value) printf '0' ;;
        *.adtValue) printf '1' ;;
        *.object) printf '2' ;;
    esac
}
seed_with_schemas() { # seed folder
    local seeds="$1" folder file first label
    rm -rf "$seeds"
    mkdir -p "$seeds"
    while IFS= read -r folder; do
        label="$(echo "${folder#"$snapshot/"}" | tr '/' '-')"
        local schemas=()
        while IFS= read -r file; do schemas+=("$file"); done < <(find "$folder" -maxdepth 1 -type f \( -name '*.value' -o -name '*.adtValue' -o -name '*.object' \) | sort)
        [[ ${#schemas[@]} -gt 0 ]] || continue
        first=1
        for file in "${schemas[@]}"; do
            { kind_byte "$file"; cat "$file"; } >"$seeds/$label-$(basename "$file")"
            if [[ $first -eq 0 ]]; then printf '\xff'; fi
            first=0
            kind_byte "$file"
            cat "$file"
        done >"$seeds/$label"
    done < <(find "$snapshot/Fixtures" -type d | sort)
}

status=0
ran=0
for fuzzer in "$snapshot"/Tests/Fuzz/*Fuzzer.swift; do
    name="$(basename "$fuzzer" .swift)"
    if [[ -n "$filter" && "${name,,}" != *"${filter,,}"* ]]; then continue; fi
    ran=$((ran + 1))
    folder="$work/$name"
    mkdir -p "$folder/corpus"
    corpora=("$folder/corpus")
    options=()
    if [[ -f "$snapshot/Tests/Fuzz/$name.dict" ]]; then options+=(-dict="$snapshot/Tests/Fuzz/$name.dict"); fi
    echo "== $name: building"
    if grep -q '^import ValuegenCore' "$fuzzer"; then
        built=0
        build_generator_modules &&
            "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -module-name "$name" ${linker[@]+"${linker[@]}"} \
                -I "$modules" -I "$snapshot/PluginSDK/include" -L "$modules" \
                -lValuegenCore -lValuegenPluginHost -lValuegenPluginSDK "$fuzzer" -o "$folder/$name" || built=1
        seed_with_schemas "$folder/seeds"
        corpora+=("$folder/seeds")
    else
        built=0
        support=()
        while IFS= read -r file; do support+=("$snapshot/$file"); done < <(sed -n 's|^// fuzz-support: *||p' "$fuzzer")
        "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -module-name "$name" ${linker[@]+"${linker[@]}"} \
            "${runtime[@]}" ${support[@]+"${support[@]}"} "$fuzzer" -o "$folder/$name" || built=1
    fi
    if [[ $built -ne 0 ]]; then
        echo "== $name: BUILD FAILED"
        status=1
        continue
    fi
    echo "== $name: running for ${seconds}s"
    log="$folder/log.txt"
    result="no failures"
    if ! "$folder/$name" "${corpora[@]}" ${options[@]+"${options[@]}"} -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
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
    rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1 || true)"
    corpus="$(find "$folder/corpus" -type f | wc -l | tr -d ' ')"
    echo "== $name: ${executions:-?} executions in ${seconds}s (${rate:-?}/s), corpus of $corpus inputs: $result"
done

if [[ $ran -eq 0 ]]; then
    echo "no fuzzer matches '$filter' in $root/Tests/Fuzz" >&2
    exit 2
fi
exit $status
