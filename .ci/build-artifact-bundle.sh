#!/usr/bin/env bash
# Builds valuegen.artifactbundle: the valuegen tool prebuilt, so that a package using the build
# plugin does not compile Valuegen's tool (debug) or compile it twice (release; see
# docs/Performance.md). SwiftLint's and SwiftGen's build plugins ship their tools the same way.
#
# Usage: .ci/build-artifact-bundle.sh [--output DIR] [--swift-sdk TRIPLE]... [--tool PATH]
#                                     [--plugin-package DIR] [--url URL]
#
#   --output DIR          where valuegen.artifactbundle and valuegen.artifactbundle.zip go
#                         (default .build-artifactbundle/out). A bundle already there keeps the
#                         variants this run does not build, so runs on several machines can be
#                         merged: build on Linux, copy the folder to the Mac, build there.
#   --swift-sdk TRIPLE    also build for TRIPLE with an installed Swift SDK (`swift sdk list`),
#                         e.g. aarch64-swift-linux-musl from the static Linux SDK; repeatable.
#   --tool PATH           package this valuegen executable as the host's variant instead of
#                         building one (the end-to-end test packages its debug build this way).
#   --plugin-package DIR  also write the package users depend on: the build plugin
#                         (ValuegenPrebuiltBuildPlugin, the same source as ValuegenBuildPlugin)
#                         with the bundle as its binary target, by path, or by --url.
#   --url URL             where the zip will be downloaded from; the plugin package's manifest
#                         then names it with its checksum instead of a path.
#
# On Linux the host's variant is linked with --static-swift-stdlib, so it runs on a machine
# without this toolchain's libraries. On macOS it is one universal binary (arm64 + x86_64),
# built with `swift build --arch arm64 --arch x86_64`; that branch has not been run yet (the
# project's machines are Linux), so check its output path on the release machine.
set -euo pipefail

repository=$(cd "$(dirname "$0")/.." && pwd)
output="$repository/.build-artifactbundle/out"
sdk_triples=()
tool=""
plugin_package=""
url=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
        --swift-sdk) sdk_triples+=("$2"); shift 2 ;;
        --tool) tool=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
        --plugin-package) plugin_package=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
        --url) url="$2"; shift 2 ;;
        *) echo "error: unknown argument '$1'; see the usage at the top of $0" >&2; exit 1 ;;
    esac
done

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$repository/PluginSDK/Sources/ValuegenPluginSDK/ValuegenVersion.swift")
bundle="$output/valuegen.artifactbundle"
scratch="$repository/.build-artifactbundle"
mkdir -p "$bundle"

# One variant: <bundle>/valuegen-<version>-<name>/bin/valuegen. The name says which triples it
# runs on (see triples_of), so info.json can be written again from the folders alone.
add_variant() {
    local name=$1 executable=$2
    local folder="$bundle/valuegen-$version-$name/bin"
    rm -rf "$bundle/valuegen-$version-$name"
    mkdir -p "$folder"
    cp "$executable" "$folder/valuegen"
    chmod 755 "$folder/valuegen"
    # Without its debug information: 77 MB → 60 MB on Linux (most of the rest is Foundation's
    # ICU data, linked in with the static standard library).
    local flags=()
    [ "$name" = macos ] && flags=(-S)
    if command -v strip >/dev/null 2>&1; then
        strip "${flags[@]+"${flags[@]}"}" "$folder/valuegen" 2>/dev/null \
            || echo "note: this strip cannot read the $name binary, which keeps its debug information"
    fi
    echo "added $name: $(du -h "$folder/valuegen" | cut -f1) $folder/valuegen"
}

triples_of() {
    case "$1" in
        macos) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
        *) echo "\"$1\"" ;;
    esac
}

host_triple=$(swiftc -print-target-info | sed -n 's/^ *"unversionedTriple": "\(.*\)",*$/\1/p' | head -n 1)
if [ -n "$tool" ]; then
    case "$(uname -s)" in Darwin) add_variant macos "$tool" ;; *) add_variant "$host_triple" "$tool" ;; esac
elif [ "$(uname -s)" = Darwin ]; then
    swift build --package-path "$repository" --scratch-path "$scratch/macos" -c release --product valuegen --arch arm64 --arch x86_64
    add_variant macos "$scratch/macos/apple/Products/Release/valuegen"
else
    swift build --package-path "$repository" --scratch-path "$scratch/$host_triple" -c release --product valuegen --static-swift-stdlib
    add_variant "$host_triple" "$(swift build --package-path "$repository" --scratch-path "$scratch/$host_triple" -c release --product valuegen --static-swift-stdlib --show-bin-path)/valuegen"
fi
for triple in "${sdk_triples[@]+"${sdk_triples[@]}"}"; do
    swift build --package-path "$repository" --scratch-path "$scratch/$triple" -c release --product valuegen --swift-sdk "$triple" --static-swift-stdlib
    add_variant "$triple" "$(swift build --package-path "$repository" --scratch-path "$scratch/$triple" -c release --product valuegen --swift-sdk "$triple" --static-swift-stdlib --show-bin-path)/valuegen"
done

# info.json (SE-0305): one executable artifact named valuegen, the name the build plugin asks
# for with context.tool(named: "valuegen"), with every variant the bundle holds.
variants=""
for folder in "$bundle"/valuegen-"$version"-*/; do
    name=$(basename "$folder")
    name=${name#valuegen-"$version"-}
    [ -n "$variants" ] && variants+=","
    variants+=$'\n'"                {\"path\": \"valuegen-$version-$name/bin/valuegen\", \"supportedTriples\": [$(triples_of "$name")]}"
done
cat > "$bundle/info.json" <<EOF
{
    "schemaVersion": "1.0",
    "artifacts": {
        "valuegen": {
            "version": "$version",
            "type": "executable",
            "variants": [$variants
            ]
        }
    }
}
EOF

echo "wrote $bundle"

# The zip a manifest names by URL, and its checksum (the manifest's checksum:).
checksum=""
rm -f "$output/valuegen.artifactbundle.zip" "$output/valuegen.artifactbundle.zip.checksum"
if command -v zip >/dev/null 2>&1; then
    (cd "$output" && zip -qry valuegen.artifactbundle.zip valuegen.artifactbundle)
    checksum=$(cd "$output" && swift package compute-checksum valuegen.artifactbundle.zip)
    echo "$checksum" > "$output/valuegen.artifactbundle.zip.checksum"
    echo "wrote $output/valuegen.artifactbundle.zip (checksum $checksum)"
elif [ -n "$url" ]; then
    echo "error: --url needs the zip, and zip is not installed" >&2
    exit 1
else
    echo "note: zip is not installed, so no valuegen.artifactbundle.zip was written (a path binary target needs none)"
fi

# The package users add instead of building the tool: the same build plugin source, with the
# bundle as the binary target it runs.
if [ -n "$plugin_package" ]; then
    rm -rf "$plugin_package/Plugins" "$plugin_package/valuegen.artifactbundle"
    mkdir -p "$plugin_package/Plugins"
    cp -RL "$repository/Plugins/ValuegenBuildPlugin" "$plugin_package/Plugins/ValuegenPrebuiltBuildPlugin"
    if [ -n "$url" ]; then
        binary_target=".binaryTarget(name: \"ValuegenBinary\", url: \"$url\", checksum: \"$checksum\")"
    else
        cp -R "$bundle" "$plugin_package/valuegen.artifactbundle"
        binary_target=".binaryTarget(name: \"ValuegenBinary\", path: \"valuegen.artifactbundle\")"
    fi
    cat > "$plugin_package/Package.swift" <<EOF
// swift-tools-version:6.1
// Valuegen's build plugin with a prebuilt valuegen $version (written by .ci/build-artifact-bundle.sh).
// Use ValuegenPrebuiltBuildPlugin where ValuegenBuildPlugin would be; ValuegenRuntime still
// comes from the valuegen package.
import PackageDescription

let package = Package(
    name: "valuegen-plugin",
    products: [
        .plugin(name: "ValuegenPrebuiltBuildPlugin", targets: ["ValuegenPrebuiltBuildPlugin"]),
    ],
    targets: [
        $binary_target,
        .plugin(
            name: "ValuegenPrebuiltBuildPlugin",
            capability: .buildTool(),
            dependencies: ["ValuegenBinary"],
            path: "Plugins/ValuegenPrebuiltBuildPlugin"
        ),
    ]
)
EOF
    echo "wrote $plugin_package/Package.swift"
fi
