// geojson: a FeatureCollection of polygons (simdjson's canada.json): compact, rings of
// [longitude, latitude] pairs on a micro-degree grid printed with %.17g (15 to 17 significant
// digits: -65.613616999999977), polygons and multipolygons tagged by "type" first.
import Foundation

enum GeoJSONDocument {
    static let style = JSONStyle(layout: .compact, doubles: .seventeenDigits)
    static let summary = "compact, [longitude, latitude] pairs of 15-17 significant digits, tagged geometries"

    /// About 4 MB at scale 1.
    static func document(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 2303)
        let features: [JSONNode] = (0..<max(1, Int(40 * scale))).map { index in
            let name = regionNames[index % regionNames.count]
            let center = (longitude: random.double(-140...(-55)), latitude: random.double(42...75))
            let geometry: JSONNode
            if random.chance(30) {
                geometry = [
                    "type": "MultiPolygon",
                    "coordinates": .array((0..<random.int(2...5)).map { _ in
                        let offset = (longitude: center.longitude + random.double(-3...3), latitude: center.latitude + random.double(-2...2))
                        return polygon(&random, around: offset, points: random.int(200...900))
                    }),
                ]
            } else {
                geometry = ["type": "Polygon", "coordinates": polygon(&random, around: center, points: random.int(1000...4000))]
            }
            return [
                "type": "Feature",
                "properties": [
                    "name": .string(name),
                    "admin_level": .integer(4),
                    "population": .integer(random.int(10_000...14_000_000)),
                    "source": "Statistics Canada, boundary files",
                ],
                "geometry": geometry,
            ]
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    static let regionNames = [
        "Canada", "Québec", "Ontario", "Nova Scotia", "New Brunswick", "Manitoba", "British Columbia",
        "Île-du-Prince-Édouard", "Saskatchewan", "Alberta", "Terre-Neuve-et-Labrador", "Northwest Territories",
        "Yukon", "Nunavut ᓄᓇᕗᑦ", "Nunavik", "Haida Gwaii",
    ]

    /// An outer ring and up to three holes, each closed (its last position is its first).
    static func polygon(_ random: inout WorldRandom, around center: (longitude: Double, latitude: Double), points: Int) -> JSONNode {
        let radius = random.double(0.5...4)
        var rings = [ring(&random, around: center, radius: radius, points: points)]
        for _ in 0..<random.int(0...3) {
            let hole = (longitude: center.longitude + random.double(-0.2...0.2) * radius, latitude: center.latitude + random.double(-0.2...0.2) * radius)
            rings.append(ring(&random, around: hole, radius: radius * random.double(0.02...0.1), points: random.int(20...200)))
        }
        return .array(rings)
    }

    static func ring(_ random: inout WorldRandom, around center: (longitude: Double, latitude: Double), radius: Double, points: Int) -> JSONNode {
        var positions: [JSONNode] = (0..<points).map { index in
            let angle = Double(index) / Double(points) * 2 * Double.pi
            let wobble = radius * (1 + random.double(-0.15...0.15))
            // On a micro-degree grid, as surveyed boundaries are: the nearest double prints with
            // up to 17 significant digits (43.420273000000009).
            let longitude = ((center.longitude + wobble * cos(angle)) * 1e6).rounded() / 1e6
            let latitude = ((center.latitude + wobble * sin(angle)) * 1e6).rounded() / 1e6
            return [.double(longitude), .double(latitude)]
        }
        positions.append(positions[0])
        return .array(positions)
    }
}
