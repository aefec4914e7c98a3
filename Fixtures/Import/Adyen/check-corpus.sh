#!/usr/bin/env bash
# Imports every Adyen OpenAPI document, generates Swift from each import and compiles each as a
# module of its own (one swiftc invocation per document, with -warnings-as-errors in the Swift 6
# language mode, linking ValuegenRuntime), all in one run; then prints the counts: documents,
# components, schema files, Swift files, warnings by kind, RawJSON fallbacks and attributes.
#
#   [MODE=compile|typecheck] [DOCUMENTS='NAME…'] Fixtures/Import/Adyen/check-corpus.sh [ADYEN_OPENAPI_GIT_DIR] [SCRATCH]
#
# ADYEN_OPENAPI_GIT_DIR is a clone (or a bare mirror) of github.com/Adyen/adyen-openapi, read with
# `git show HEAD:json/…` (default: /work/.mirror/Adyen+adyen-openapi/repo, where the `fetch` tool
# leaves it); SCRATCH (default .build-corpus, under the repository) keeps every import, generated
# file and log. VALUEGEN names the valuegen binary (default: built here in debug). JOBS compiles
# that many documents at once (default: the number of processors). DOCUMENTS names the documents
# to check (`CheckoutService-v71 ManagementService-v3`, the names of json/'s files without
# `.json`; default: all of them). 2.6 million lines of Swift to compile: hours on 2 loaded cores;
# not in CI, whose runs have no copy of the documents. Exits non-zero when any document fails to
# import, generate or compile, naming it and its log.
#
# CONFIG names a valuegen.json copied beside each document's imported schemas before they are
# generated (for example one holding {"optimizeFor": "codeSize"}); default: none, so the
# schemas generate with their own includes in the default shape.
#
# MODE=compile compiles each module in one frontend (`-whole-module-optimization`, without
# optimization: a debug build's errors at a fraction of the CPU time of one frontend per file).
# MODE=typecheck type-checks each document's Swift instead (`swiftc -typecheck`, one frontend for
# the whole module, the same -swift-version 6 -warnings-as-errors, against ValuegenRuntime's
# module alone): it finds every error of the type checker, which is nearly all of them, in a
# fraction of the time (no code generation, no optimizer), but not the few diagnosed later
# (SIL-stage ones, such as a value that holds itself inline); MODE=compile, the default,
# compiles as described above.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
mirror="${1:-/work/.mirror/Adyen+adyen-openapi/repo}"
scratch="${2:-$root/.build-corpus}"
jobs="${JOBS:-$(nproc)}"
mode="${MODE:-compile}"
case "$mode" in
    compile|typecheck) ;;
    *) echo "error: MODE='$mode' is not a mode of check-corpus.sh: use MODE=compile (the default) or MODE=typecheck" >&2; exit 2 ;;
esac
if [ -z "${VALUEGEN:-}" ]; then
    (cd "$root" && swift build --product valuegen >&2)
    VALUEGEN="$root/.build/debug/valuegen"
fi
rm -rf "$scratch"
mkdir -p "$scratch/documents" "$scratch/schemas" "$scratch/swift" "$scratch/logs" "$scratch/runtime" "$scratch/modules"

# ValuegenRuntime, once, as the tests build it (its module alone to type-check against).
if [ "$mode" = typecheck ]; then
    swiftc -emit-module -parse-as-library -module-name ValuegenRuntime \
        -emit-module-path "$scratch/runtime/ValuegenRuntime.swiftmodule" \
        $(find "$root/Sources/ValuegenRuntime" -name '*.swift' | sort)
else
    swiftc -emit-library -static -emit-module -parse-as-library -module-name ValuegenRuntime \
        -o "$scratch/runtime/libValuegenRuntime.a" -emit-module-path "$scratch/runtime/ValuegenRuntime.swiftmodule" \
        $(find "$root/Sources/ValuegenRuntime" -name '*.swift' | sort)
fi

documents=${DOCUMENTS:-$(git --git-dir "$mirror" ls-tree --name-only HEAD json/ | sed -n 's|^json/\(.*\)\.json$|\1|p')}
failed=0
for name in $documents; do
    git --git-dir "$mirror" show "HEAD:json/$name.json" > "$scratch/documents/$name.json"
    if ! "$VALUEGEN" import openapi "$scratch/documents/$name.json" --output "$scratch/schemas/$name" \
            > "$scratch/logs/$name.import" 2> "$scratch/logs/$name.warnings"; then
        echo "error: $name does not import: see $scratch/logs/$name.warnings" >&2
        failed=1
        continue
    fi
    if [ -n "${CONFIG:-}" ]; then
        cp "$CONFIG" "$scratch/schemas/$name/valuegen.json"
    fi
    if ! "$VALUEGEN" generate "$scratch/schemas/$name" --output "$scratch/swift/$name" --quiet > "$scratch/logs/$name.generate" 2>&1 \
            || [ -s "$scratch/logs/$name.generate" ]; then
        echo "error: $name does not generate without a diagnostic: see $scratch/logs/$name.generate" >&2
        failed=1
    fi
done

# One swiftc invocation per document, each a module of its own, JOBS at a time.
compile() {
    local name="$1" module
    module="$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
    [ -d "$scratch/swift/$name" ] || { echo "error: $name has no Swift to compile (see above)" >&2; return 1; }
    if [ "$mode" = typecheck ]; then
        swiftc -typecheck -whole-module-optimization -swift-version 6 -warnings-as-errors -parse-as-library \
            -module-name "$module" -I "$scratch/runtime" \
            "$scratch/swift/$name"/*.swift > "$scratch/logs/$name.compile" 2>&1
    else
        swiftc -whole-module-optimization -Onone -swift-version 6 -warnings-as-errors -parse-as-library -emit-library -static -emit-module \
            -module-name "$module" -I "$scratch/runtime" \
            -o "$scratch/modules/lib$module.a" -emit-module-path "$scratch/modules/$module.swiftmodule" \
            "$scratch/swift/$name"/*.swift > "$scratch/logs/$name.compile" 2>&1
    fi
    if [ $? -eq 0 ]; then
        echo "checked $name"
    else
        echo "error: $name does not $mode: see $scratch/logs/$name.compile" >&2
        return 1
    fi
}
export -f compile
export scratch mode
if ! printf '%s\n' $documents | xargs -P "$jobs" -I{} bash -c 'compile "$@"' _ {} > "$scratch/logs/compile.log"; then
    failed=1
fi

count() { cat "$@" 2>/dev/null | wc -l | tr -d ' '; }
components=$(sed -n 's/^Imported \([0-9]*\) components.*/\1/p' "$scratch"/logs/*.import | paste -sd+ | bc)
schemaFiles=$(find "$scratch/schemas" -type f \( -name '*.value' -o -name '*.adtValue' \) | wc -l | tr -d ' ')
swiftFiles=$(find "$scratch/swift" -name '*.swift' | wc -l | tr -d ' ')
checked=$(grep -c '^checked ' "$scratch/logs/compile.log" || true)
verb=$([ "$mode" = typecheck ] && echo type-checked || echo compiled)
imported=$(find "$scratch/schemas" -mindepth 1 -maxdepth 1 -type d | wc -l | tr -d ' ')
echo "documents: $(echo $documents | wc -w | tr -d ' '), $imported imported, $checked $verb as modules of their own"
echo "components: $components; schema files: $schemaFiles; Swift files: $swiftFiles"
echo "warnings: $(count "$scratch"/logs/*.warnings), by kind:"
# A warning's kind: its message without the document, the pointer, and what it quotes.
sed -e 's/^[^:]*: warning: [^ ]*: //' -e "s/'[^']*'/'…'/g" -e 's/([^)]*)/(…)/g' -e 's/[A-Za-z0-9_]*\.adtValue:[0-9:]*/….adtValue/g' -e 's/[A-Za-z0-9_]*\.value:[0-9:]*/….value/g' \
    "$scratch"/logs/*.warnings | sort | uniq -c | sort -rn | sed 's/^/  /'
echo "RawJSON fallbacks (a schema imported as RawJSON with a warning): $(cat "$scratch"/logs/*.warnings | grep -c 'as RawJSON' || true)"
echo "RawJSON attributes and cases in the schema files (fallbacks and the document's own any-value schemas): $(grep -rh 'RawJSON' "$scratch/schemas" | grep -vc '^%type' || true)"
if [ "$failed" -ne 0 ]; then
    echo "error: some documents failed (above)" >&2
    exit 1
fi
echo "all $checked documents import, generate and $mode"
