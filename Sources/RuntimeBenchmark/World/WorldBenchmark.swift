// World-shaped JSON (issue 23): documents shaped like those servers send — indented, escaped,
// non-ASCII, mostly unread, numeric-keyed maps, float arrays, tags after payloads, fields that
// are an id or the whole object — generated with a fixed seed, decoded and encoded by the
// generated JSON against Foundation's coders with the generated Codable, and read by
// simdjson's On-Demand API into C++ structs when --simdjson names its readers
// (simdjson/run-benchmark.sh builds them and passes it).
import Foundation

enum WorldBenchmark {
    /// Rounds taking turns, as measureInRounds runs them; the documents are small, so twice the
    /// records' five.
    static let rounds = 10

    static var shapes: [WorldShape] { [
        WorldShape("tweets", TweetSearch.self, summary: TweetDocument.summary, style: TweetDocument.style, document: TweetDocument.document),
        WorldShape("catalog", Catalog.self, summary: CatalogDocument.summary, style: CatalogDocument.style, document: CatalogDocument.document),
        WorldShape("geojson", FeatureCollection.self, summary: GeoJSONDocument.summary, style: GeoJSONDocument.style, document: GeoJSONDocument.document),
        WorldShape("payments", ChargeList.self, summary: PaymentsDocument.summary, style: PaymentsDocument.style, document: PaymentsDocument.document),
        WorldShape("issues", [Issue].self, summary: IssuesDocument.summary, style: IssuesDocument.style, document: IssuesDocument.document),
    ] }

    /// Decodes one document again and again with the generated JSON, for a profiler.
    static func profile(_ name: String, rounds: Int, encoding: Bool, scale: Double) throws {
        let all = shapes + RecordedPayloads.shapes
        guard let shape = all.first(where: { $0.name == name }) else {
            print("error: --profile \(name): no such document; the documents are \(all.map { $0.name }.joined(separator: ", "))")
            exit(2)
        }
        if encoding {
            try shape.encodeRepeatedly(shape.document(scale), rounds)
        } else {
            try shape.decodeRepeatedly(shape.document(scale), rounds)
        }
    }

    static func run(_ arguments: BenchmarkArguments) throws {
        let simdjson = arguments.simdjsonReader.map(SimdjsonReaders.init)
        if let simdjson, !FileManager.default.isExecutableFile(atPath: simdjson.path) {
            print("error: --simdjson \(simdjson.path): no such program; Sources/RuntimeBenchmark/simdjson/run-benchmark.sh builds it")
            exit(1)
        }
        print("  world-shaped documents (issue 23), scale \(arguments.worldScale), best of \(rounds) rounds taking turns:")
        for shape in shapes {
            try report(shape, arguments, simdjson: simdjson)
        }
        if simdjson == nil {
            print("    simdjson On-Demand: not compared; Sources/RuntimeBenchmark/simdjson/run-benchmark.sh builds its readers and passes --simdjson PATH")
        }
        try runRecorded(arguments)
    }

    /// The recorded payloads (Recorded/): list pages of real APIs' recorded objects, varied.
    static func runRecorded(_ arguments: BenchmarkArguments) throws {
        print("  recorded REST payloads (issue 38; Recorded/), scale \(arguments.worldScale), best of \(rounds) rounds taking turns:")
        for shape in RecordedPayloads.shapes {
            try report(shape, arguments, simdjson: nil)
        }
    }

    /// Measures one document and prints its lines.
    static func report(_ shape: WorldShape, _ arguments: BenchmarkArguments, simdjson: SimdjsonReaders?) throws {
        let json = shape.document(arguments.worldScale)
        if let folder = arguments.worldDocumentsFolder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(json).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(shape.name).json"))
        }
        let figures = try shape.measure(json, rounds)
        let megabytes = Double(json.count) / 1e6
        print("    \(shape.name): \(format(megabytes, 2)) MB, \(shape.summary)")
        print("      generated JSON           decode \(milliseconds(figures.generatedDecode))  \(format(megabytes / figures.generatedDecode, 1)) MB/s   \(format(figures.foundationDecode / figures.generatedDecode, 1))x Foundation (\(milliseconds(figures.foundationDecode))) (goal: at least 10x)")
        print("      generated JSON           encode \(milliseconds(figures.generatedEncode))  \(format(Double(figures.encodedBytes) / 1e6 / figures.generatedEncode, 1)) MB/s   \(format(figures.foundationEncode / figures.generatedEncode, 1))x Foundation (\(milliseconds(figures.foundationEncode))) (goal: at least 20x)")
        // A list page's own URL alone sets no floor worth a line.
        if let floor = try figures.urlFloor(), floor.urls >= 100 {
            print("      URLs: \(floor.urls), \(floor.distinct) different; making those alone takes \(milliseconds(floor.distinctSeconds)), \(format(100 * floor.distinctSeconds / figures.generatedDecode, 0)) % of the generated decode, a ceiling of \(format(figures.foundationDecode / floor.distinctSeconds, 1))x Foundation (all \(floor.urls) made with URL(string:), as JSONDecoder makes them: \(milliseconds(floor.everySeconds)))")
        }
        if let simdjson {
            let reading = try simdjson.read(shape.name, json, rounds: rounds)
            let checksum = figures.checksum()
            guard reading.checksum == checksum.description else {
                print("error: \(shape.name): the simdjson reader read other values than the generated decoder:\n  simdjson  \(reading.checksum)\n  generated \(checksum)")
                exit(1)
            }
            print("      generated decode \(format(reading.seconds / figures.generatedDecode, 2))x simdjson On-Demand (\(milliseconds(reading.seconds)), \(format(megabytes / reading.seconds, 1)) MB/s; both read \(checksum.counts))")
        }
    }

    /// The documents take milliseconds to code: "12.34 ms".
    static func milliseconds(_ seconds: Double) -> String {
        "\(format(seconds * 1000, 2)) ms"
    }
}
