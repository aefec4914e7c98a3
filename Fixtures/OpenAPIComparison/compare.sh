#!/usr/bin/env bash
# Side by side with swift-openapi-generator 1.14.3 (Types only), on Adyen's largest documents
# with their `paths` emptied (valuegen imports components only): generation time, the clean
# release build of the generated types (wall, CPU and peak memory, /usr/bin/time -v), the debug
# rebuild after one component changes, and reading the recorded responses of Adyen's Java SDK
# (its types + JSONDecoder against valuegen's fast reader). Prints a table; docs/Performance.md
# quotes it.
#
#   Fixtures/OpenAPIComparison/compare.sh [DOCUMENT...]     (default: CheckoutService-v71 ManagementService-v3)
#
# Reads the documents from ADYEN_OPENAPI (default /work/.mirror/Adyen+adyen-openapi/repo, a git
# directory) and the mocks from ADYEN_JAVA (default /work/.mirror/Adyen+adyen-java-api-library/repo).
# Everything it builds and writes stays under Fixtures/OpenAPIComparison/.build-comparison
# (gitignored): the anchor's tool (this folder's Package.swift), and a package `work/` with a
# target per document and side (AnchorX depends on OpenAPIRuntime, ValuegenX on the root
# package's ValuegenRuntime) and a DecodeBenchX executable. Needs python3 (map-mocks.py),
# jq, farm-bench and /usr/bin/time. About an hour on 2 loaded cores, most of it the builds.
# VALUEGEN names a valuegen binary to use instead of building one in release (its generation
# time is then that binary's). VALUEGEN_CONFIG is the valuegen.json written beside the imported
# schemas, default {"optimizeFor": "codeSize", "defaultExcludes": ["Description", "Equality"]}:
# JSON models (and Sendable) in the shape that compiles fastest, as a user who wants API models
# chooses; '{}' measures the imported schemas' own includes in the default shape.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="$here/.build-comparison"
work="$scratch/work"
documentsMirror="${ADYEN_OPENAPI:-/work/.mirror/Adyen+adyen-openapi/repo}"
mocksMirror="${ADYEN_JAVA:-/work/.mirror/Adyen+adyen-java-api-library/repo}"
runs="${RUNS:-5}"
config="${VALUEGEN_CONFIG:-{\"optimizeFor\": \"codeSize\", \"defaultExcludes\": [\"Description\", \"Equality\"]\}}"
documents=("$@")
if [ ${#documents[@]} -eq 0 ]; then documents=(CheckoutService-v71 ManagementService-v3); fi
log() { echo "== $*" >&2; }

log "building swift-openapi-generator 1.14.3 and valuegen (release)"
swift build -c release --package-path "$here" --scratch-path "$scratch" --product swift-openapi-generator >&2
anchor="$scratch/release/swift-openapi-generator"
if [ -n "${VALUEGEN:-}" ]; then
    valuegen="$VALUEGEN"
else
    (cd "$root" && swift build -c release --product valuegen >&2)
    valuegen="$root/.build/release/valuegen"
fi

mkdir -p "$work/Sources" "$scratch/documents" "$scratch/generation" "$scratch/logs"
ln -sfn "$root" "$work/valuegen"
rm -rf "$scratch/mocks" && mkdir -p "$scratch/mocks"
git --git-dir "$mocksMirror" archive HEAD src/test/resources/mocks | tar -x -C "$scratch/mocks" --strip-components=4

module() { echo "$1" | tr -c 'A-Za-z0-9\n' '_'; }

# The package measured: every target of every document, written before the first build.
targets=""
for name in "${documents[@]}"; do
    m="$(module "$name")"
    targets+="        .target(name: \"Anchor$m\", dependencies: [.product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\")]),
        .target(name: \"Valuegen$m\", dependencies: [.product(name: \"ValuegenRuntime\", package: \"valuegen\")]),
        .executableTarget(name: \"DecodeBench$m\", dependencies: [\"Anchor$m\", \"Valuegen$m\", .product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\")], swiftSettings: [.swiftLanguageMode(.v5)]),
"
done
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
// Written by Fixtures/OpenAPIComparison/compare.sh.
import PackageDescription

let package = Package(
    name: "Compared",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(path: "valuegen"),
    ],
    targets: [
$targets    ]
)
EOF

# Generation: both tools from the same document into empty folders, RUNS runs each (farm-bench,
# default 5).
generation=()
for name in "${documents[@]}"; do
    m="$(module "$name")"
    git --git-dir "$documentsMirror" show "HEAD:json/$name.json" | jq '.paths = {} | del(.webhooks)' > "$scratch/documents/$name.json"
    document="$scratch/documents/$name.json"
    out="$scratch/generation/$m"
    log "generating $name with both tools"
    farm-bench -n "$runs" --timeout 600 -- sh -c "rm -rf '$out/anchor' && mkdir -p '$out/anchor' && exec '$anchor' generate --mode types --access-modifier public --output-directory '$out/anchor' '$document'" > "$scratch/logs/generate-anchor-$m.txt" 2>&1
    printf '%s\n' "$config" > "$scratch/valuegen.json"
    farm-bench -n "$runs" --timeout 600 -- sh -c "rm -rf '$out/valuegen' && '$valuegen' import openapi '$document' --output '$out/valuegen/schemas' --quiet && cp '$scratch/valuegen.json' '$out/valuegen/schemas/' && exec '$valuegen' generate '$out/valuegen/schemas' --output '$out/valuegen/swift' --quiet" > "$scratch/logs/generate-valuegen-$m.txt" 2>&1
    rm -rf "$work/Sources/Anchor$m" "$work/Sources/Valuegen$m" "$work/Sources/DecodeBench$m"
    mkdir -p "$work/Sources/Anchor$m" "$work/Sources/DecodeBench$m"
    cp "$out/anchor/"*.swift "$work/Sources/Anchor$m/"
    "$valuegen" import openapi "$document" --output "$scratch/schemas/$m" --quiet
    cp "$scratch/valuegen.json" "$scratch/schemas/$m/"
    "$valuegen" generate "$scratch/schemas/$m" --output "$work/Sources/Valuegen$m" --quiet
    generation+=("$m $(cat "$work/Sources/Anchor$m"/*.swift | wc -l) $(ls "$work/Sources/Anchor$m" | wc -l) $(cat "$work/Sources/Valuegen$m"/*.swift | wc -l) $(ls "$work/Sources/Valuegen$m" | wc -l)")

    # The decoding benchmark: each mock the document's components answer, read by both.
    python3 "$root/Fixtures/Import/Adyen/map-mocks.py" "$scratch/documents" "$scratch/mocks" "$name.json" \
        | awk -F'\t' '$2 != "-"' > "$scratch/logs/mocks-$m.tsv"
    cases=""
    while IFS=$'\t' read -r mock _ component _ _; do
        if [ -f "$scratch/schemas/$m/$component.value" ] || [ -f "$scratch/schemas/$m/$component.adtValue" ]; then
            cases+="    Case(mock: \"$mock\", anchor: { _ = try decoder.decode(Components.Schemas.$component.self, from: \$0) }, valuegen: { _ = try Valuegen$m.$component(jsonData: \$0) }),
"
        fi
    done < "$scratch/logs/mocks-$m.tsv"
    sed -e "s/MODULE/$m/g" "$here/DecodeBench.swift.template" > "$work/Sources/DecodeBench$m/main.swift"
    printf 'import Foundation\nimport Anchor%s\nimport Valuegen%s\n\nlet cases: [Case] = [\n%s]\n' "$m" "$m" "$cases" > "$work/Sources/DecodeBench$m/Cases.swift"
done

log "resolving and building the runtimes (not measured)"
swift build -c release --package-path "$work" --target OpenAPIRuntime >&2
swift build -c release --package-path "$work" --target ValuegenRuntime >&2
swift build --package-path "$work" --target OpenAPIRuntime >&2
swift build --package-path "$work" --target ValuegenRuntime >&2

# `/usr/bin/time -v` of one build: wall seconds, CPU seconds (user + system) and peak memory (MB)
# of the largest process.
timed() {
    local output="$1"; shift
    /usr/bin/time -v "$@" > "$output" 2>&1 || { cat "$output" >&2; return 1; }
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = (n == 3) ? p[1] * 3600 + p[2] * 60 + p[3] : p[1] * 60 + p[2] }
        /User time/ { user = $2 } /System time/ { sys = $2 } /Maximum resident set size/ { rss = $2 }
        END { printf "%.1f %.1f %.0f\n", wall, user + sys, rss / 1024 }' "$output"
}

# A clean build of a target: every source touched and its object files removed, so that the
# whole module is compiled again, machine code included (its dependencies are built already).
# Touching alone is not enough: swift-frontend keeps an object file whose LLVM module hashes as
# before and skips LLVM's work for it, which roughly halved both tools' figures before
# 2026-12-05. Removing the target's build folder instead makes SwiftPM fail on the output file
# map it expects there. Built twice, the second measured (the first stays in OUTPUT.first).
cleanBuild() {
    local configuration="$1" target="$2" output="$3"
    touch "$work/Sources/$target"/*.swift
    rm -f "$work/.build/$configuration/$target.build"/*.o
    timed "$output.first" swift build -c "$configuration" --package-path "$work" --target "$target" > /dev/null
    touch "$work/Sources/$target"/*.swift
    rm -f "$work/.build/$configuration/$target.build"/*.o
    timed "$output" swift build -c "$configuration" --package-path "$work" --target "$target"
}

builds=()
for name in "${documents[@]}"; do
    m="$(module "$name")"
    for side in Anchor Valuegen; do
        log "clean release build of $side$m"
        builds+=("$m $side release $(cleanBuild release "$side$m" "$scratch/logs/build-release-$side$m.txt")")
    done
done

decoding=()
for name in "${documents[@]}"; do
    m="$(module "$name")"
    log "decoding benchmark of $name"
    swift build -c release --package-path "$work" --product "DecodeBench$m" >&2
    "$work/.build/release/DecodeBench$m" "$scratch/mocks" > "$scratch/logs/decode-$m.txt"
    cat "$scratch/logs/decode-$m.txt" >&2
    decoding+=("$m $(tail -n 1 "$scratch/logs/decode-$m.txt")")
done

for name in "${documents[@]}"; do
    m="$(module "$name")"
    for side in Anchor Valuegen; do
        log "clean debug build of $side$m, then the rebuild after one component changes"
        builds+=("$m $side debug $(cleanBuild debug "$side$m" "$scratch/logs/build-debug-$side$m.txt")")
    done
    # One component changes: a property added to the first component of the document that is
    # an object; both tools generate again from the changed document, then the debug build.
    component="$(jq -r '.components.schemas | to_entries | map(select(.value.properties != null)) | .[0].key' "$scratch/documents/$name.json")"
    jq --arg c "$component" '.components.schemas[$c].properties.comparisonNote = {"type": "string", "description": "Added by compare.sh."}' \
        "$scratch/documents/$name.json" > "$scratch/documents/$name-changed.json"
    "$anchor" generate --mode types --access-modifier public --output-directory "$work/Sources/Anchor$m" "$scratch/documents/$name-changed.json" > /dev/null 2>&1
    "$valuegen" import openapi "$scratch/documents/$name-changed.json" --output "$scratch/schemas/$m" --quiet
    "$valuegen" generate "$scratch/schemas/$m" --output "$work/Sources/Valuegen$m" --quiet
    for side in Anchor Valuegen; do
        log "debug rebuild of $side$m after $component changed"
        builds+=("$m $side rebuild $(timed "$scratch/logs/rebuild-$side$m.txt" swift build --package-path "$work" --target "$side$m") $component")
    done
done

# The median of farm-bench's line `A cpu s  MIN MEDIAN MAX`.
median() { awk -v kind="$1" '$1 == "A" && $2 == kind && $3 == "s" { print $5; exit }' "$2"; }
echo
echo "OpenAPI comparison, $(date -u +%Y-%m-%d), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "swift-openapi-generator 1.14.3 (Types, public) against valuegen import openapi + generate; paths emptied"
echo "valuegen.json beside the imported schemas: $config"
echo
printf '%-22s %-9s %10s %10s %12s %9s\n' document tool "gen cpu s" "gen wall s" "Swift lines" "files"
for row in "${generation[@]}"; do
    read -r m anchorLines anchorFiles valuegenLines valuegenFiles <<< "$row"
    printf '%-22s %-9s %10s %10s %12s %9s\n' "$m" anchor "$(median cpu "$scratch/logs/generate-anchor-$m.txt")" "$(median wall "$scratch/logs/generate-anchor-$m.txt")" "$anchorLines" "$anchorFiles"
    printf '%-22s %-9s %10s %10s %12s %9s\n' "$m" valuegen "$(median cpu "$scratch/logs/generate-valuegen-$m.txt")" "$(median wall "$scratch/logs/generate-valuegen-$m.txt")" "$valuegenLines" "$valuegenFiles"
done
echo
printf '%-22s %-9s %-8s %9s %9s %11s\n' document tool build "wall s" "cpu s" "peak MB"
for row in "${builds[@]}"; do
    read -r m side kind wall cpu peak changed <<< "$row"
    printf '%-22s %-9s %-8s %9s %9s %11s %s\n' "$m" "$side" "$kind" "$wall" "$cpu" "$peak" "${changed:+(after $changed changed)}"
done
echo
echo "decoding the recorded responses (thread CPU time per pass over all mocks, median of 7 rounds)"
for row in "${decoding[@]}"; do
    echo "$row"
done
