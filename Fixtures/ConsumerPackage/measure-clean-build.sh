#!/usr/bin/env bash
# Measures a clean build of Fixtures/ConsumerPackage and the share of it that is Valuegen:
# building the valuegen tool from source and running it on the package's schemas.
# Usage: Fixtures/ConsumerPackage/measure-clean-build.sh   (prints the figures of docs/Performance.md)
set -euo pipefail

repository=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# SwiftPM names a path dependency after its folder, so the copy is named valuegen.
copy() {
    rm -rf "$scratch/valuegen"
    mkdir -p "$scratch/valuegen"
    for entry in Package.swift Sources Plugins PluginSDK Tests Fixtures; do
        cp -a "$repository/$entry" "$scratch/valuegen/"
    done
    rm -rf "$scratch/valuegen/Fixtures/ConsumerPackage/.build" "$scratch/valuegen/.build"
}

seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > "$scratch/log.txt" 2>&1 || { cat "$scratch/log.txt"; exit 1; }
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

copy
consumer="$scratch/valuegen/Fixtures/ConsumerPackage"
total=$(seconds swift build --package-path "$consumer")
commands=$(grep -c "Valuegen: generating" "$scratch/log.txt" || true)

# The tool alone, clean, as the consumer's build compiles it (debug).
copy
tool=$(seconds swift build --package-path "$scratch/valuegen" --product valuegen)

# Running it: the consumer's generator commands, one after another.
schemas=("$consumer"/Sources/Models/*.value "$consumer"/Sources/Models/*.adtValue "$consumer"/Sources/Models/*.object)
swift build --package-path "$consumer" > /dev/null 2>&1
valuegen=$(find "$consumer/.build" -name valuegen-tool -type f -perm -u+x | head -n 1)
products=$(dirname "$valuegen")
run=$(seconds bash -c "for schema in ${schemas[*]}; do '$valuegen' generate \"\$schema\" --output '$scratch/out' --config '$consumer/Sources/Models/valuegen.json' --product-directory '$products' --no-extra-files --quiet; done")

share=$(echo "scale=1; 100 * ($tool + $run) / $total" | bc)
printf 'consumer package clean build (swift build, debug): %6.1f s  (%s generator commands)\n' "$total" "$commands"
printf 'valuegen tool alone, clean build (debug):          %6.1f s\n' "$tool"
printf 'running valuegen on the %d schema files:            %6.2f s\n' "${#schemas[@]}" "$run"
printf "Valuegen's share of the clean build, at most:      %6s %%  (the tool builds in parallel with the package's own targets)\n" "$share"
