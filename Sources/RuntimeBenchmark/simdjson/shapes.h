// The readers of the world-shaped documents, one a file, each filling the C++ structs that
// hold what its Swift model (Sources/RuntimeBenchmark/World/Schemas) holds.
#pragma once

#include "reader.h"

namespace world {

int read_tweets(const simdjson::padded_string& json, int rounds);
int read_catalog(const simdjson::padded_string& json, int rounds);
int read_geojson(const simdjson::padded_string& json, int rounds);
int read_payments(const simdjson::padded_string& json, int rounds);
int read_issues(const simdjson::padded_string& json, int rounds);

}  // namespace world
