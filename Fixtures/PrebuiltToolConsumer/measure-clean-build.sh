#!/usr/bin/env bash
# Measures a consumer's clean build with Valuegen's tool built from source against the same
# package with the prebuilt tool (docs/Performance.md, "A consumer's clean build").
#
# Usage: Fixtures/PrebuiltToolConsumer/measure-clean-build.sh [--runs R] [--bundle DIR] [--keep DIR]
#
#   --runs R      clean builds of each kind in each configuration, taking turns (default 3)
#   --bundle DIR  an output folder of .ci/build-artifact-bundle.sh to use; without it the
#                 script builds the release tool first (minutes, not counted)
#   --keep DIR    set the packages up in DIR and keep them (DIR/valuegen/Fixtures/...), e.g. to
#                 time the same builds with another tool; with --runs 0 nothing is timed
#
# Both packages are this fixture: "prebuilt" as committed (ValuegenPrebuiltBuildPlugin from the
# valuegen-plugin package the script writes), "source" with ValuegenBuildPlugin from the
# valuegen package instead. Both take ValuegenRuntime from source.
set -euo pipefail

repository=$(cd "$(dirname "$0")/../.." && pwd)
runs=3
bundle=""
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --bundle) bundle=$(cd "$2" && pwd); shift 2 ;;
        --keep) keep=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
        *) echo "error: unknown argument '$1'; see the usage at the top of $0" >&2; exit 1 ;;
    esac
done
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

if [ -n "$keep" ]; then
    scratch="$keep"
else
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
fi
if [ -z "$bundle" ]; then
    bundle="$scratch/bundle"
    "$repository/.ci/build-artifact-bundle.sh" --output "$bundle" > "$scratch/bundle.log" 2>&1 || { cat "$scratch/bundle.log"; exit 1; }
fi

# SwiftPM names a path dependency after its folder, so the copy is named valuegen.
rm -rf "$scratch/valuegen"
mkdir -p "$scratch/valuegen"
for entry in Package.swift Sources Plugins PluginSDK Tests Fixtures .ci; do
    cp -a "$repository/$entry" "$scratch/valuegen/"
done
prebuilt="$scratch/valuegen/Fixtures/PrebuiltToolConsumer"
source="$scratch/valuegen/Fixtures/SourceToolConsumer"
rm -rf "$prebuilt/.build" "$prebuilt/valuegen-plugin"
# The plugin package around the bundle's tool.
"$repository/.ci/build-artifact-bundle.sh" --tool "$(find "$bundle/valuegen.artifactbundle" -name valuegen -type f | head -n 1)" \
    --output "$scratch/repackaged" --plugin-package "$prebuilt/valuegen-plugin" > /dev/null
cp -a "$prebuilt" "$source"
sed -i.orig 's/.plugin(name: "ValuegenPrebuiltBuildPlugin", package: "valuegen-plugin")/.plugin(name: "ValuegenBuildPlugin", package: "valuegen")/' "$source/Package.swift"
rm -f "$source/Package.swift.orig"
grep -q 'plugin(name: "ValuegenBuildPlugin", package: "valuegen")' "$source/Package.swift"
echo "prebuilt: $prebuilt"
echo "source:   $source"

seconds() {
    local package=$1 configuration=$2 start end
    rm -rf "$package/.build"
    start=$(date +%s.%N)
    swift build --package-path "$package" -c "$configuration" > "$scratch/log.txt" 2>&1 || { cat "$scratch/log.txt"; exit 1; }
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

# The median of the numbers on standard input, one a line.
median() {
    sort -n | awk '{ value[NR] = $1 } END { if (NR % 2) print value[(NR + 1) / 2]; else printf "%.1f\n", (value[NR / 2] + value[NR / 2 + 1]) / 2 }'
}

[ "$runs" -gt 0 ] || exit 0
for configuration in debug release; do
    from_source=()
    with_prebuilt=()
    for run in $(seq 1 "$runs"); do
        if [ $((run % 2)) -eq 1 ]; then
            from_source+=("$(seconds "$source" "$configuration")")
            with_prebuilt+=("$(seconds "$prebuilt" "$configuration")")
        else
            with_prebuilt+=("$(seconds "$prebuilt" "$configuration")")
            from_source+=("$(seconds "$source" "$configuration")")
        fi
    done
    source_median=$(printf '%s\n' "${from_source[@]}" | median)
    prebuilt_median=$(printf '%s\n' "${with_prebuilt[@]}" | median)
    printf 'clean %-7s build, tool from source: median %6.1f s  (runs: %s)\n' "$configuration" "$source_median" "$(printf '%.1f ' "${from_source[@]}")"
    printf 'clean %-7s build, prebuilt tool:    median %6.1f s  (runs: %s)\n' "$configuration" "$prebuilt_median" "$(printf '%.1f ' "${with_prebuilt[@]}")"
done
