#!/usr/bin/env bash
# Runs valuegen-runtime-benchmark with the simdjson On-Demand readers of the world-shaped
# documents beside it (docs/Performance.md, "World-shaped JSON (issue 23)"):
#
#     Sources/RuntimeBenchmark/simdjson/run-benchmark.sh [benchmark arguments, e.g. --world-only]
#
# Builds the Swift benchmark in release and the C++ readers (g++ -O3 -march=native, linked with
# -lsimdjson) into .build/simdjson, then runs the benchmark with --simdjson PATH. Installs
# nothing: simdjson must be installed (CXX, CXXFLAGS and LDFLAGS are passed on, e.g.
# CXXFLAGS=-I/opt/homebrew/include LDFLAGS=-L/opt/homebrew/lib on macOS). swift build and
# swift test never build the readers: Package.swift excludes this folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cxx="${CXX:-g++}"
read -r -a cxxflags <<< "${CXXFLAGS:-}"
read -r -a ldflags <<< "${LDFLAGS:-}"

if ! echo '#include <simdjson.h>' | "$cxx" -std=c++17 "${cxxflags[@]}" -E -x c++ - >/dev/null 2>&1; then
    echo "error: simdjson.h not found; install simdjson first (Debian, Ubuntu: sudo apt-get install libsimdjson-dev; macOS: brew install simdjson, then run with CXXFLAGS=-I\$(brew --prefix)/include LDFLAGS=-L\$(brew --prefix)/lib)" >&2
    exit 1
fi

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
cd "$root"
swift build -c release --product valuegen-runtime-benchmark

mkdir -p .build/simdjson
reader=.build/simdjson/world-simdjson
"$cxx" -O3 -march=native -std=c++17 "${cxxflags[@]}" -o "$reader" "$here"/*.cpp "${ldflags[@]}" -lsimdjson

exec "$(swift build -c release --show-bin-path)/valuegen-runtime-benchmark" "$@" --simdjson "$reader"
