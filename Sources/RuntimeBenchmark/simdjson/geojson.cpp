// geojson: GeoJSON.value's and Geometry.adtValue's models in C++: positions as vectors of
// doubles, as the Swift model's [[[Double]]] holds them.
#include "shapes.h"

#include <variant>

namespace world {
namespace {

using Ring = std::vector<std::vector<double>>;
using Polygon = std::vector<Ring>;

struct Geometry {
    std::variant<Polygon, std::vector<Polygon>> coordinates;
};

struct Feature {
    std::string type;
    std::string name;  // FeatureProperties
    Geometry geometry;
};

struct FeatureCollection {
    std::string type;
    std::vector<Feature> features;
};

void checksum_fields(Checksum& c, const Geometry& g) {
    std::visit([&](const auto& coordinates) { c.add(coordinates); }, g.coordinates);
}
void checksum_fields(Checksum& c, const Feature& f) { c.all(f.type, f.name, f.geometry); }
void checksum_fields(Checksum& c, const FeatureCollection& f) { c.all(f.type, f.features); }

std::vector<double> read_position(value v) { return read_array(v, read_double); }
Ring read_ring(value v) { return read_array(v, read_position); }
Polygon read_polygon(value v) { return read_array(v, read_ring); }

Geometry read_geometry(value v) {
    object o = v.get_object();
    std::string_view tag = find_tag(o, "type");
    Geometry g;
    read_object(o, [&](std::string_view key, value field) {
        if (key != "coordinates") return;
        if (tag == "Polygon") g.coordinates = read_polygon(field);
        else if (tag == "MultiPolygon") g.coordinates = read_array(field, read_polygon);
        else throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
    });
    return g;
}

Feature read_feature(value v) {
    Feature f;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "type") f.type = read_string(field);
        else if (key == "properties") {
            read_object(field, [&](std::string_view key, value field) {
                if (key == "name") f.name = read_string(field);
            });
        } else if (key == "geometry") f.geometry = read_geometry(field);
    });
    return f;
}

}  // namespace

int read_geojson(const simdjson::padded_string& json, int rounds) {
    return measure(json, rounds, [](simdjson::ondemand::document& document) {
        FeatureCollection collection;
        read_object(object(document.get_object()), [&](std::string_view key, value field) {
            if (key == "type") collection.type = read_string(field);
            else if (key == "features") collection.features = read_array(field, read_feature);
        });
        return collection;
    });
}

}  // namespace world
