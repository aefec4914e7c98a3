import Foundation
import Testing
@testable import ValuegenRuntime

/// What `save` refuses so that `load` reads back whatever it saved (issue 37, items 7 and 8):
/// in JSON, a Double or Float that is infinite or NaN; in every format, nesting deeper than the
/// readers' 512 levels. Refused before anything is written, so the old file stays. And the
/// stack: saving and loading 512 levels works on a thread with a 512 KB stack, and a property
/// list too deep for `PropertyListDecoder` is refused instead of crashing it.
@Suite struct PersistenceLimitsTests {
    // MARK: - Infinity and NaN

    static let nonFinite: [Double] = [.infinity, -.infinity, .nan]

    static func nonFiniteRefusal(_ type: String) -> String {
        "cannot save \(type) as JSON: a Double or Float is infinite or NaN, which JSON cannot hold (it would be written as null, which does not load as a number); give it a finite value, or save as .binary or .propertyList, which keep infinity, NaN and -0.0 exactly"
    }

    /// Refused in JSON, with the old file kept; `jsonBytes()`, the JSON for APIs, still writes
    /// `null` as JavaScript's `JSON.stringify` does; and the formats the error offers keep the
    /// value exactly.
    @Test(arguments: nonFinite)
    func savingAnInfiniteOrNaNDoubleAsJSONIsRefusedAndTheOldFileStays(value: Double) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("reading.json")
        try Reading(value: 1.5, ratio: 2).save(to: url)
        let before = try Data(contentsOf: url)
        do {
            try Reading(value: value, ratio: 2).save(to: url)
            Issue.record("\(value) was saved as JSON")
        } catch let error as PersistenceError {
            #expect(error.message == Self.nonFiniteRefusal("Reading"))
            #expect(error.url == url)
        }
        #expect(try Data(contentsOf: url) == before, "the old file is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["reading.json"], "no temporary file")
        #expect(String(decoding: Reading(value: value, ratio: 2).jsonBytes(), as: UTF8.self) == #"{"value":null,"ratio":2.0}"#)
        for format in [PersistenceFormat.binary, .propertyList] {
            let other = folder.appendingPathComponent("reading.\(format)")
            try Reading(value: value, ratio: -.infinity).save(to: other, format: format)
            let loaded = try Reading.load(from: other)
            #expect(loaded.value.bitPattern == value.bitPattern && loaded.ratio == -.infinity, "\(format): \(loaded)")
        }
    }

    /// A Float too; and -0.0 and the extremes are not refused, and read back exactly in
    /// every format.
    @Test(arguments: [Float.infinity, -.infinity, .nan])
    func anInfiniteOrNaNFloatIsRefusedButNegativeZeroAndTheExtremesAreSaved(ratio: Float) throws {
        do {
            _ = try Reading(value: 1, ratio: ratio).encoded(as: .json)
            Issue.record("\(ratio) was encoded as JSON")
        } catch {
            #expect("\(error)" == Self.nonFiniteRefusal("Reading"))
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("reading")
        let values: [(Double, Float)] = [(-0.0, -0.0), (.greatestFiniteMagnitude, .greatestFiniteMagnitude), (.leastNonzeroMagnitude, .leastNonzeroMagnitude)]
        for format in PersistenceFormat.allCases {
            for (value, ratio) in values {
                try Reading(value: value, ratio: ratio).save(to: url, format: format)
                let loaded = try Reading.load(from: url)
                #expect(loaded.value.bitPattern == value.bitPattern && loaded.ratio.bitPattern == ratio.bitPattern, "\(format): \(loaded)")
            }
        }
    }

    // MARK: - Nesting

    static func depthRefusal(_ format: String) -> String {
        "cannot save Nest as \(format): nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)"
    }

    static let formatNames: [PersistenceFormat: String] = [.json: "JSON", .binary: "binary", .propertyList: "a property list"]

    @Test(arguments: PersistenceFormat.allCases)
    func nestingOf512LevelsIsSavedButDeeperIsRefusedAndTheOldFileStays(format: PersistenceFormat) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nest")
        try Nest(levels: 512).save(to: url, format: format)
        #expect(try Nest.load(from: url) == Nest(levels: 512))
        for levels in [514, 2_000] {
            do {
                try Nest(levels: levels).save(to: url, format: format)
                Issue.record("\(levels) levels were saved as \(format)")
            } catch let error as PersistenceError {
                #expect(error.message == Self.depthRefusal(Self.formatNames[format]!))
            }
            #expect(try Nest.load(from: url) == Nest(levels: 512), "the old file stays")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["nest"], "no temporary file")
    }

    /// Unknown content kept as raw JSON is nested too: 512 levels of it inside a model's
    /// object make 513.
    @Test func rawJSONCountsItsOwnLevels() throws {
        let deep = try RawJSON(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        do {
            _ = try Kept(raw: deep).encoded(as: .json)
            Issue.record("513 levels were encoded")
        } catch {
            #expect("\(error)".hasPrefix("cannot save Kept as JSON: nesting deeper than 512 levels, which"), "\(error)")
        }
        let brackets = try RawJSON(#"[{"a":"[[[\"]]]\\"},"]"]"#)
        #expect(brackets.nestingDepth == 2)
        let saved = try Kept(raw: try RawJSON(String(repeating: "[", count: 511) + String(repeating: "]", count: 511))).encoded(as: .json)
        #expect(String(decoding: saved, as: UTF8.self).hasPrefix(#"{"raw":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + #","$valuegen":"#))
    }

    // MARK: - Deeper than any stack holds

    static let linkRefusals: [PersistenceFormat: String] = [
        .json: "cannot save Link as JSON: nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)",
        .binary: "cannot save Link as binary: nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)",
        .propertyList: "cannot save Link as a property list: nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)",
    ]

    /// Past 512 levels Persistence's writers stop the encoders, which look at
    /// `skipsNestedValues` first as the generated ones do, so a chain of 100,000 levels is
    /// refused, not a stack overflow (JSON overflowed Linux's main thread at 100,000 levels,
    /// Binary at 30,000), here and on a 512 KB thread.
    @Test(arguments: PersistenceFormat.allCases)
    func aChainOf100000LevelsIsRefusedRatherThanOverflowingTheStack(format: PersistenceFormat) throws {
        let chain = Link.chain(levels: 100_000)
        let expected = Self.linkRefusals[format]!
        #expect(Self.refusal(encoding: chain, as: format) == expected)
        #expect(onThread(stackSize: 512 * 1024) { Self.refusal(encoding: chain, as: format) } == expected)
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("chain")
        #expect(throws: PersistenceError.self) { try chain.save(to: url, format: format) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing is written")
    }

    private static func refusal(encoding link: Link, as format: PersistenceFormat) -> String {
        do {
            return "encoded \(try link.encoded(as: format).count) bytes"
        } catch {
            return "\(error)"
        }
    }

    /// Only Persistence's writers stop: the JSON for APIs and the binary data of 600 levels are
    /// whole, and a writer of Persistence's skips nested values only once it is past 512.
    @Test func apiJSONAndBinaryDataOf600LevelsAreWhole() throws {
        var expected = #"{"text":"1"}"#
        for level in 2...600 {
            expected = #"{"text":"\#(level)","next":"# + expected + "}"
        }
        #expect(String(decoding: Link.chain(levels: 600).jsonBytes(), as: UTF8.self) == expected)
        // Cut off past 512, 600 levels and 599 would be as long (513 levels, texts as wide).
        #expect(Link.chain(levels: 600).binaryBytes().count > Link.chain(levels: 599).binaryBytes().count)

        var saving = JSONWriter()
        saving.stopsPastMaximumDepth = true
        var binary = BinaryWriter()
        binary.stopsPastMaximumDepth = true
        for level in 1...513 {
            #expect(!saving.skipsNestedValues && !binary.skipsNestedValues, "level \(level)")
            saving.beginObject()
            _ = binary.beginMessage()
        }
        #expect(saving.skipsNestedValues && binary.skipsNestedValues)
        var api = JSONWriter()
        var data = BinaryWriter()
        for _ in 1...600 {
            api.beginObject()
            _ = data.beginMessage()
        }
        #expect(api.isNestedTooDeep && !api.skipsNestedValues && data.isNestedTooDeep && !data.skipsNestedValues)
    }

    // MARK: - The stack

    /// Saving and loading run on a stack with room for 512 levels: on a 512 KB thread the
    /// readers refused such files and `PropertyListEncoder` and `PropertyListDecoder` crashed.
    @Test(arguments: PersistenceFormat.allCases)
    func on512KBThreads512LevelsAreSavedAndLoaded(format: PersistenceFormat) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nest")
        let outcome = onThread(stackSize: 512 * 1024) { () -> String in
            do {
                try Nest(levels: 512).save(to: url, format: format)
                return try Nest.load(from: url) == Nest(levels: 512) ? "equal" : "different"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "equal")
    }

    /// A property list deeper than 512 levels (not saved by Persistence: damaged, or made
    /// elsewhere) is refused before `PropertyListDecoder` follows it off the end of the stack.
    @Test(arguments: ["binary", "xml"])
    func propertyListsTooDeepForTheDecoderAreRefusedAtLoad(kind: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("deep.plist")
        for (levels, loads) in [(512, true), (514, false), (20_000, false)] {
            try Data(kind == "xml" ? Self.xmlPropertyList(levels: levels) : Self.binaryPropertyList(levels: levels)).write(to: url)
            do {
                let nest = try Nest.load(from: url)
                #expect(loads && nest == Nest(levels: levels), "\(levels) levels loaded")
            } catch let error as PersistenceError {
                #expect(!loads && error.message == "cannot load Nest: nesting deeper than 512 levels (in a property list)", "\(levels): \(error.message)")
            }
        }
    }

    /// A binary property list of `Nest`s, `levels` dictionaries and arrays deep: object 0 is
    /// the key "children", then a dictionary and its array of children for each level.
    static func binaryPropertyList(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func reference(_ object: Int) -> [UInt8] {
            withUnsafeBytes(of: UInt32(object).bigEndian) { Array($0) }
        }
        offsets.append(bytes.count)
        bytes += [0x58] + Array("children".utf8)
        for pair in 0..<(levels / 2) {
            let dictionary = 1 + 2 * pair
            offsets.append(bytes.count)
            bytes += [0xD1] + reference(0) + reference(dictionary + 1)
            offsets.append(bytes.count)
            bytes += pair == levels / 2 - 1 ? [0xA0] : [0xA1] + reference(dictionary + 2)
        }
        let table = bytes.count
        for offset in offsets {
            bytes += reference(offset)
        }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        bytes += withUnsafeBytes(of: UInt64(offsets.count).bigEndian) { Array($0) }
        bytes += withUnsafeBytes(of: UInt64(1).bigEndian) { Array($0) }
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian) { Array($0) }
        return bytes
    }

    static func xmlPropertyList(levels: Int) -> [UInt8] {
        let level = "<dict><key>children</key><array>"
        let end = "</array></dict>"
        let pairs = levels / 2
        return Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#.utf8)
            + Array(String(repeating: level, count: pairs).utf8) + Array(String(repeating: end, count: pairs).utf8) + Array("</plist>".utf8)
    }

    private func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A model with a Double and a Float, written by hand as the generated features write it.
private struct Reading: PersistableModel {
    var value: Double
    var ratio: Float

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Reading = 1 value Double; 2 ratio Float") }

    init(value: Double, ratio: Float) {
        self.value = value
        self.ratio = ratio
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var value: Double?
        var ratio: Float?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "value": value = try Double(from: &reader)
            case "ratio": ratio = try Float(from: &reader)
            default: break
            }
        }
        guard let value, let ratio else { throw reader.error("missing member") }
        self.init(value: value, ratio: ratio)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"value\":")
        value.encode(to: &writer)
        writer.writeRawKey("\"ratio\":")
        ratio.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, value)
            writer.writeField(2, ratio)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var value: Double?
        var ratio: Float?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: value = try reader.read(Double.self)
            case 2: ratio = try reader.read(Float.self)
            default: break
            }
        }
        guard let value, let ratio else { throw reader.error("missing field") }
        self.init(value: value, ratio: ratio)
    }
}

/// A model that holds models of its own type: each adds two levels (its object and the array
/// of its children in JSON and property lists; its message and the collection in binary).
/// Written as the generated code was before its encoders looked at `skipsNestedValues`, which
/// still compiles and is refused as before.
private struct Nest: PersistableModel, Equatable {
    var children: [Nest]

    /// A chain `levels` deep (an even number), built without recursion.
    init(levels: Int) {
        var nest = Nest(children: [])
        for _ in 1..<(levels / 2) {
            nest = Nest(children: [nest])
        }
        self = nest
    }

    init(children: [Nest]) {
        self.children = children
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Nest = 1 children [Nest]") }

    init(from reader: inout JSONReader) throws(JSONError) {
        var children: [Nest] = []
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "children": children = try [Nest](from: &reader)
            default: break
            }
        }
        self.init(children: children)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"children\":")
        children.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, children)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var children: [Nest] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 {
                children = try reader.read([Nest].self)
            }
        }
        self.init(children: children)
    }
}

/// A chain of links, written as the generated code of a `%storage indirect` value with an
/// optional attribute of its own type is: each encoder returns at once when the writer skips
/// nested values, and `deinit` takes a long chain apart one link at a time.
private final class Link: PersistableModel, Sendable {
    let text: String
    nonisolated(unsafe) var next: Link?

    init(text: String, next: Link?) {
        self.text = text
        self.next = next
    }

    /// A chain `levels` deep, whose innermost link is "1".
    static func chain(levels: Int) -> Link {
        var link = Link(text: "1", next: nil)
        for level in stride(from: 2, through: levels, by: 1) {
            link = Link(text: "\(level)", next: link)
        }
        return link
    }

    deinit {
        guard var link = next else { return }
        next = nil
        while isKnownUniquelyReferenced(&link), let following = link.next {
            link.next = nil
            link = following
        }
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Link = 1 text String; 2 next Link?") }

    convenience init(from reader: inout JSONReader) throws(JSONError) {
        var text: String?
        var next: Link?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "text": text = try String(from: &reader)
            case "next": next = try Link(from: &reader)
            default: break
            }
        }
        guard let text else { throw reader.error("missing member") }
        self.init(text: text, next: next)
    }

    func encode(to writer: inout JSONWriter) {
        if writer.skipsNestedValues { return }
        writer.beginObject()
        writer.writeRawKey("\"text\":")
        text.encode(to: &writer)
        if let next {
            writer.writeRawKey("\"next\":")
            next.encode(to: &writer)
        }
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        if writer.skipsNestedValues { return }
        let message = writer.beginMessage()
        writer.writeField(1, text)
        if let next { writer.writeField(2, next) }
        writer.endMessage(message)
    }

    convenience init(from reader: inout BinaryReader) throws(BinaryError) {
        var text: String?
        var next: Link?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: text = try reader.read(String.self)
            case 2: next = try reader.read(Link.self)
            default: break
            }
        }
        guard let text else { throw reader.error("missing field") }
        self.init(text: text, next: next)
    }
}

/// A model that keeps a JSON value as it was read.
private struct Kept: PersistableModel {
    var raw: RawJSON

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Kept = 1 raw RawJSON") }

    init(raw: RawJSON) {
        self.raw = raw
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var raw: RawJSON?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "raw": raw = try RawJSON(from: &reader)
            default: break
            }
        }
        guard let raw else { throw reader.error("missing member") }
        self.init(raw: raw)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"raw\":")
        raw.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, raw)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var raw: RawJSON?
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 {
                raw = try reader.read(RawJSON.self)
            }
        }
        guard let raw else { throw reader.error("missing field") }
        self.init(raw: raw)
    }
}
