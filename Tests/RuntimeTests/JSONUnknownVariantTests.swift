import Foundation
import Testing
@testable import ValuegenRuntime

/// `readUnknownVariant()`: a case the body of `readVariant` does not know gives the whole
/// object's bytes without white space, discriminator included, read in one pass or two with the
/// same bytes and the same errors, and writing them back gives the document that was read,
/// compactly.
@Suite("JSON unknown variants")
struct JSONUnknownVariantTests {
    @Test func anUnknownCaseKeepsTheWholeObjectAndWritesItBack() throws {
        for (document, written) in [
            (#"{"type":"video","url":"v.mp4","size":[1, 2], "meta":{"type":"image"}}"#, #"{"type":"video","url":"v.mp4","size":[1,2],"meta":{"type":"image"}}"#),
            (#"{"url":"v.mp4","type":"video"}"#, #"{"url":"v.mp4","type":"video"}"#),
            (#"{ "type" : "video" }"#, #"{"type":"video"}"#),
            ("{\n  \"type\": \"video\",\n  \"title\": \"a b\"\n}", #"{"type":"video","title":"a b"}"#),
            (#"{"type":"vid\u0065o"}"#, #"{"type":"vid\u0065o"}"#),
        ] {
            let media = try decode(Media.self, document)
            let tag = try #require(try JSONReaderTestValue.discriminator(document))
            #expect(media == .unknown(UnknownCase(tag: tag, json: try RawJSON(written))), "\(document)")
            #expect(encoded(media) == written)
        }
    }

    @Test func anUnknownCaseInsideAnArrayOrAKnownCaseIsJustItsObject() throws {
        let document = #"[ {"type":"video","n":1} , {"type":"box","value":  {"type":"audio"} }, {"type":"note"}]"#
        let media = try decode([Media].self, document)
        #expect(media == [
            .unknown(UnknownCase(tag: "video", json: try RawJSON(#"{"type":"video","n":1}"#))),
            .box(.unknown(UnknownCase(tag: "audio", json: try RawJSON(#"{"type":"audio"}"#)))),
            .note,
        ])
        #expect(encoded(media) == #"[{"type":"video","n":1},{"type":"box","value":{"type":"audio"}},{"type":"note"}]"#)
    }

    @Test func aRepeatedDiscriminatorIsAnErrorEvenWhenOneNamesAnUnknownCase() throws {
        let repeated = #"the member "type" appears twice in an ADT value; it names the value's one case"#
        expectError(Media.self, #"{"type":"video","x":1,"type":"image","url":"u"}"#, repeated, at: 29, path: [.key("type")])
        expectError(Media.self, #"{"type":"image","type":"video","url":"u"}"#, repeated, at: 23, path: [.key("type")])
    }

    @Test func errorsInsideAnUnknownCaseHaveTheirOffsetAndPath() {
        expectError(Media.self, #"{"type":"video","x":[1,tru]}"#, "expected true or false, found 'tru'", at: 23, path: [.key("x"), .index(1)])
        expectError(Media.self, #"{"x":[1,tru],"type":"video"}"#, "expected true or false, found 'tru'", at: 8, path: [.key("x"), .index(1)])
        expectError(Media.self, #"{"type":"video","x":1"#, "unexpected end of the document in an object", at: 21)
        expectError(Media.self, #"{"type":"video","x":1}x"#, "expected the end of the document, found 'x'", at: 22)
        expectError(Media.self, #"{"x":1}"#, #"missing member "type" naming the case of Media"#, at: 0)
    }

    @Test func onePassGivesWhatTwoPassesGive() throws {
        var generator = SeededGenerator(seed: 14)
        var unknown = 0
        for _ in 0..<20_000 {
            let document = Array(JSONVariantTests.shapeDocument(&generator, depth: 0).utf8)
            let read = readOutcome(document) { reader throws(JSONError) in try OpenShape(from: &reader, twoPasses: false) }
            let reference = readOutcome(document) { reader throws(JSONError) in try OpenShape(from: &reader, twoPasses: true) }
            #expect(read == reference, "\(String(decoding: document, as: UTF8.self))")
            if case .value(.unknown(let found), _) = read {
                unknown += 1
                // The object's bytes, as they are in the document without white space.
                #expect(try RawJSON(validating: document).description.contains(found.json?.description ?? "-"))
            }
        }
        #expect(unknown > 2_000, "\(unknown) of 20000 read an unknown case")
    }

    @Test func knownCasesDoNotChangeHowTheyAreRead() throws {
        // The object is opened in one pass, its members read; no look-ahead was needed.
        let document = Array(#"{"type":"image","url":"u"}"#.utf8)
        let outcome = readOutcome(document) { reader throws(JSONError) in
            let media = try Media(from: &reader)
            return "\(media) \(reader.bytesReadAhead)"
        }
        #expect(outcome == .value("image(url: \"u\") 0", end: document.count))
    }
}

/// The discriminator's value of a document, as the two passes find it.
enum JSONReaderTestValue {
    static func discriminator(_ text: String) throws(JSONError) -> String? {
        let bytes = Array(text.utf8)
        let result: Result<String?, JSONError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                return try reader.peekDiscriminator("type")
            }
        }
        return try result.get()
    }
}

/// `Shape` of JSONVariantTests with an unknown case: circle, point and group are known; any
/// other case (rect, label, hexagon) is kept raw. Read with `readVariant` and
/// `readUnknownVariant`, or in two passes with `readObject` and `readRawValue`.
enum OpenShape: Equatable {
    case circle(radius: Double)
    case point
    indirect case group(OpenShape)
    case unknown(UnknownCase)

    init(from reader: inout JSONReader, twoPasses: Bool) throws(JSONError) {
        if twoPasses {
            guard let type = try reader.peekDiscriminator("type") else { throw reader.error("missing member \"type\"") }
            self = try OpenShape(reader: &reader, type: type, twoPasses: true)
        } else {
            self = try reader.readVariant("type", ifMissing: "missing member \"type\"") { reader, type throws(JSONError) in
                try OpenShape(reader: &reader, type: type, twoPasses: false)
            }
        }
    }

    private init(reader: inout JSONReader, type: String, twoPasses: Bool) throws(JSONError) {
        switch type {
        case "circle":
            var radius: Double?
            try Self.members(&reader, twoPasses) { reader, member throws(JSONError) in
                if member.matches("radius") { radius = try reader.decodeNull() ? nil : Double(from: &reader) }
            }
            guard let radius else { throw reader.error("missing member \"radius\"") }
            self = .circle(radius: radius)
        case "point":
            try Self.members(&reader, twoPasses) { _, _ throws(JSONError) in }
            self = .point
        case "group":
            var shape: OpenShape?
            try Self.members(&reader, twoPasses) { reader, member throws(JSONError) in
                if member.matches("value") { shape = try OpenShape(from: &reader, twoPasses: twoPasses) }
            }
            guard let shape else { throw reader.error("missing member \"value\"") }
            self = .group(shape)
        default:
            self = .unknown(UnknownCase(tag: type, json: try twoPasses ? reader.readRawValue() : reader.readUnknownVariant()))
        }
    }

    private static func members(
        _ reader: inout JSONReader, _ twoPasses: Bool, _ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void
    ) throws(JSONError) {
        if twoPasses {
            try reader.readObject(body)
        } else {
            try reader.readCaseMembers(body)
        }
    }
}
