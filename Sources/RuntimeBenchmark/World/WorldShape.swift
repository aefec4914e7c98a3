// One world-shaped document: how it is written, the model it decodes to, and what coding it
// costs, generated JSON against Foundation's coders with the generated Codable, on the same bytes.
import Foundation
import ValuegenRuntime

struct WorldShape {
    let name: String
    let summary: String
    /// The document's bytes at a scale.
    let document: (Double) -> [UInt8]
    /// Checks both decoders read the document alike and times the four coders.
    let measure: (_ json: [UInt8], _ rounds: Int) throws -> WorldFigures
    /// Decodes the document `rounds` times with the generated JSON alone (for a profiler).
    let decodeRepeatedly: (_ json: [UInt8], _ rounds: Int) throws -> Void
    /// Decodes the document once and encodes the value `rounds` times.
    let encodeRepeatedly: (_ json: [UInt8], _ rounds: Int) throws -> Void

    init<Model: JSONCodable & Codable & Equatable>(
        _ name: String, _ model: Model.Type, summary: String, style: JSONStyle, document: @escaping (Double) -> JSONNode
    ) {
        self.name = name
        self.summary = summary
        self.document = { scale in JSONPrinter.print(document(scale), style) }
        self.measure = { json, rounds in try WorldShape.measure(Model.self, name, json, rounds) }
        self.decodeRepeatedly = { json, rounds in
            for _ in 0..<rounds { _ = try Model(jsonBytes: json) }
        }
        self.encodeRepeatedly = { json, rounds in
            let value = try Model(jsonBytes: json)
            for _ in 0..<rounds { _ = value.jsonBytes() }
        }
    }

    static func measure<Model: JSONCodable & Codable & Equatable>(
        _: Model.Type, _ name: String, _ json: [UInt8], _ rounds: Int
    ) throws -> WorldFigures {
        let data = Data(json)
        let decoded = try Model(jsonBytes: json)
        let foundationDecoded = try JSONDecoder().decode(Model.self, from: data)
        try check(decoded == foundationDecoded, name, "the generated decoder and JSONDecoder decoded different values", decoded, foundationDecoded)
        let encoded = decoded.jsonBytes()
        let reread = try Model(jsonBytes: encoded)
        try check(reread == decoded, name, "the generated encoder's output did not decode to the same value", decoded, reread)

        let generatedDecode = Measurement(timing: { try Model(jsonBytes: json) })
        let foundationDecode = Measurement(timing: { try JSONDecoder().decode(Model.self, from: data) })
        let generatedEncode = Measurement(timing: { decoded.jsonBytes() })
        let foundationEncode = Measurement(timing: { try JSONEncoder().encode(decoded) })
        try measureInRounds(rounds, [generatedDecode, foundationDecode, generatedEncode, foundationEncode])
        return WorldFigures(
            bytes: json.count, encodedBytes: encoded.count,
            generatedDecode: generatedDecode.best, foundationDecode: foundationDecode.best,
            generatedEncode: generatedEncode.best, foundationEncode: foundationEncode.best,
            checksum: { ModelChecksum(of: decoded) },
            urlFloor: { try URLFloor(of: decoded, rounds: rounds) }
        )
    }

    /// Stops the benchmark when two values that must be equal are not, leaving both descriptions
    /// in the temporary folder to compare.
    static func check<Model>(_ equal: Bool, _ name: String, _ problem: String, _ expected: Model, _ actual: Model) throws {
        guard !equal else { return }
        let folder = FileManager.default.temporaryDirectory
        let files = ["expected", "actual"].map { folder.appendingPathComponent("valuegen-world-\(name)-\($0).txt") }
        try String(describing: expected).write(to: files[0], atomically: true, encoding: .utf8)
        try String(describing: actual).write(to: files[1], atomically: true, encoding: .utf8)
        print("error: \(name): \(problem); compare \(files[0].path) and \(files[1].path)")
        exit(1)
    }
}

struct WorldFigures {
    let bytes: Int
    /// The generated encoder's output for the decoded model (compact).
    let encodedBytes: Int
    let generatedDecode: Double
    let foundationDecode: Double
    let generatedEncode: Double
    let foundationEncode: Double
    /// What the decoded model holds, summed (computed when asked: reflection is slow).
    let checksum: () -> ModelChecksum
    /// What making the model's URLs costs the toolchain alone; nil without URLs.
    let urlFloor: () throws -> URLFloor?
}
