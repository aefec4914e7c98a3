// world-simdjson SHAPE FILE ROUNDS: reads a world-shaped document written by
// valuegen-runtime-benchmark with simdjson's On-Demand API into C++ structs, ROUNDS times, and
// prints the best time ("seconds S") and the checksum of what it read ("checksum …").
// run-benchmark.sh builds it; valuegen-runtime-benchmark --simdjson PATH runs it.
#include "shapes.h"

#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: world-simdjson tweets|catalog|geojson|payments|issues FILE ROUNDS\n";
        return 2;
    }
    const std::string shape = argv[1];
    const int rounds = std::atoi(argv[3]);
    try {
        simdjson::padded_string json = simdjson::padded_string::load(argv[2]);
        if (shape == "tweets") return world::read_tweets(json, rounds);
        if (shape == "catalog") return world::read_catalog(json, rounds);
        if (shape == "geojson") return world::read_geojson(json, rounds);
        if (shape == "payments") return world::read_payments(json, rounds);
        if (shape == "issues") return world::read_issues(json, rounds);
        std::cerr << "error: unknown shape '" << shape << "'\n";
        return 2;
    } catch (const simdjson::simdjson_error& error) {
        std::cerr << "error: " << shape << ": " << error.what() << "\n";
        return 1;
    }
}
