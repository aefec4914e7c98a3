import Testing
@testable import ValuegenRuntime

/// ADT values read in one pass when the discriminator comes first give exactly what the two
/// passes give (find the discriminator anywhere, then read the object again): the same value,
/// the same error, whatever the order of the members, repeated discriminators, malformed
/// members after wrong ones, unknown cases, nesting.
@Suite("JSON variants in one pass")
struct JSONVariantTests {
    @Test func onePassGivesWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 2_024)
        var onePass = 0
        var values = 0
        for _ in 0..<40_000 {
            let document = Array(Self.shapeDocument(&generator, depth: 0).utf8)
            let read = readOutcome(document) { reader throws(JSONError) in try Shape(from: &reader) }
            let reference = readOutcome(document) { reader throws(JSONError) in try Shape(twoPassesFrom: &reader) }
            #expect(read == reference, "\(String(decoding: document, as: UTF8.self))")
            if case .value = read { values += 1 }
            if case .value(true, _) = readOutcome(document, { reader throws(JSONError) in
                reader.skipWhitespace()
                return reader.openVariantInOnePass("type") != nil
            }) {
                onePass += 1
            }
        }
        // Every kind of outcome is well represented (7,498 values since a repeated
        // discriminator is an error).
        #expect(values > 6_000 && values < 32_000, "\(values) of 40000 read a value")
        #expect(onePass > 15_000 && onePass < 35_000, "\(onePass) of 40000 opened in one pass")
    }

    @Test func arraysOfVariantsGiveWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 5)
            let document = "[" + (0..<count).map { _ in Self.shapeDocument(&generator, depth: 1) }.joined(separator: ",") + "]"
            let read = readOutcome(document) { reader throws(JSONError) in try [Shape](from: &reader) }
            let reference = readOutcome(document) { reader throws(JSONError) in
                var shapes: [Shape] = []
                try reader.readArray { reader throws(JSONError) in shapes.append(try Shape(twoPassesFrom: &reader)) }
                return shapes
            }
            #expect(read == reference, "\(document)")
        }
    }

    @Test func errorsAreThoseOfTwoPasses() throws {
        // A wrong member before a malformed one: the malformed one is reported, as the first
        // pass finds it before the members are read.
        let malformed = #"{"type":"circle","radius":"big","x":[1,}"#
        expectError(Shape.self, malformed, "expected a value, found '}'", at: offset(of: "}", in: malformed), path: [.key("x"), .index(1)])
        // An unknown case is reported at the object, after the whole object was checked.
        expectError(Shape.self, #"{"type":"hexagon","x":1}"#, "unknown Shape type 'hexagon'", at: 0)
        expectError(Shape.self, #" {"type":"hexagon","x":tru}"#, "expected true or false, found 'tru'", at: 23, path: [.key("x")])
        // A repeated discriminator is an error (issue 37: the last one won, silently), at its
        // second value, whatever that value is.
        let repeated = #"the member "type" appears twice in an ADT value; it names the value's one case"#
        expectError(Shape.self, #"{"type":"point","type":"circle","radius":1}"#, repeated, at: 23, path: [.key("type")])
        expectError(Shape.self, #"{"type":"circle","radius":1,"type":"circle"}"#, repeated, at: 35, path: [.key("type")])
        expectError(Shape.self, #"{"radius":1,"type":"circle","type":"circle"}"#, repeated, at: 35, path: [.key("type")])
        expectError(Shape.self, #"{"type":"point","type":7}"#, repeated, at: 23, path: [.key("type")])
        expectError(Shape.self, #"{"type":7,"type":"point"}"#, "expected a string, found a number", at: 8, path: [.key("type")])
        expectError(Shape.self, #"{"radius":1}"#, #"missing member "type" naming the case of Shape"#, at: 0)
        expectError(Shape.self, #"{"type":"circle"}"#, #"missing member "radius""#, at: 17)
        expectError(Shape.self, #"{"type":"circle","radius":"1"}"#, "expected a number, found a string", at: 26, path: [.key("radius")])
    }

    @Test func nestedVariantsAreReadAtMostTwiceMore() {
        // Forty variants one inside the other, each failing after its nested one, or naming its
        // case again after it: read again at every level, this would take 2^40 readings of the
        // innermost one. The same outcome as two passes, at once.
        func nested(_ depth: Int, tail: String) -> String {
            depth == 0 ? #"{"type":"circle","radius":1}"# : #"{"type":"group","value":"# + nested(depth - 1, tail: tail) + tail + "}"
        }
        for tail in [#","type":"group""#, #","type":"point""#, #","x":tru"#, #","value":5"#, ""] {
            let document = nested(40, tail: tail)
            let read = readOutcome(document) { reader throws(JSONError) in try Shape(from: &reader) }
            let reference = readOutcome(document) { reader throws(JSONError) in try Shape(twoPassesFrom: &reader) }
            #expect(read == reference, "\(tail)")
        }
    }

    // MARK: - Support

    /// A Shape's object, or something close to one: members in any order, the discriminator
    /// first or not, repeated, missing, escaped, not a string; values of the wrong type,
    /// malformed values, nested shapes.
    static func shapeDocument(_ generator: inout SeededGenerator, depth: Int) -> String {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        func pick(_ choices: [String]) -> String { choices[Int(generator.next() % UInt64(choices.count))] }
        if oneIn(60) {
            return pick(["1", "null", "[]", "\"circle\"", "{", ""])
        }
        var members: [String] = []
        let caseName = pick(["circle", "rect", "point", "label", "group", "circle", "rect", "hexagon"])
        let discriminator = oneIn(25) ? pick([#""type":7"#, #""type":"circ\u006ce""#, #""type":"\q""#]) : #""type":"\#(caseName)""#
        if !oneIn(20) {
            members.append(discriminator)
        }
        switch caseName {
        case "circle":
            if !oneIn(10) { members.append(#""radius":"# + pick(["1.5", "2", "-0.25e3", "\"1\"", "1e999", "null"])) }
        case "rect":
            if !oneIn(10) { members.append(#""width":"# + pick(["3", "40", "2.5", "99999999999999999999"])) }
            if !oneIn(10) { members.append(#""height":"# + pick(["7", "-1", "true"])) }
        case "label":
            if !oneIn(10) { members.append(#""value":"# + pick(["\"hi\"", "\"caf\\u00e9\"", "3"])) }
        case "group":
            if !oneIn(10) { members.append(#""value":"# + (depth < 2 ? shapeDocument(&generator, depth: depth + 1) : "{\"type\":\"point\"}")) }
        default:
            break
        }
        if oneIn(3) {
            members.append(#""extra":"# + pick(["[1,2,{\"type\":\"circle\"}]", "{\"a\":null}", "\"x\"", "tru", "[1,", "\"\\q\"", "{\"type\":\"rect\"}"]))
        }
        if oneIn(12) {
            // A second discriminator, the same or another case.
            members.append(#""type":"# + pick(["\"circle\"", "\"point\"", "\"\(caseName)\"", "5"]))
        }
        // The discriminator first most of the time, as the writer writes it.
        if oneIn(3) {
            members.shuffle(using: &generator)
        }
        let separator = pick([",", ", ", " ,\n"])
        let open = pick(["{", "{ ", "\n{"])
        return open + members.joined(separator: separator) + pick(["}", " }", ""])
    }
}

/// An ADT read as generated code reads it, and as it read it before: two passes.
enum Shape: JSONDecodable, Equatable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case point
    case label(String)
    indirect case group(Shape)

    init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("type", ifMissing: "missing member \"type\" naming the case of Shape") { reader, type throws(JSONError) in
            try Shape(reader: &reader, type: type, twoPasses: false) { reader, body throws(JSONError) in try reader.readCaseMembers(body) }
        }
    }

    init(twoPassesFrom reader: inout JSONReader) throws(JSONError) {
        guard let type = try reader.peekDiscriminator("type") else {
            throw reader.error("missing member \"type\" naming the case of Shape")
        }
        self = try Shape(reader: &reader, type: type, twoPasses: true) { reader, body throws(JSONError) in try reader.readObject(body) }
    }

    /// The case's members through `members` (one of the reader's methods); nested shapes and
    /// cases without members as generated code read them before when `twoPasses`.
    private init(
        reader: inout JSONReader, type: String, twoPasses: Bool,
        members: (inout JSONReader, (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) -> Void
    ) throws(JSONError) {
        switch type {
        case "circle":
            var radius: Double?
            try members(&reader) { reader, member throws(JSONError) in
                if member.matches("radius") { radius = try reader.decodeNull() ? nil : Double(from: &reader) }
            }
            guard let radius else { throw reader.error("missing member \"radius\"") }
            self = .circle(radius: radius)
        case "rect":
            var width: Int?
            var height: Int?
            try members(&reader) { reader, member throws(JSONError) in
                switch member {
                case "width": width = try Int(from: &reader)
                case "height": height = try Int(from: &reader)
                default: break
                }
            }
            guard let width else { throw reader.error("missing member \"width\"") }
            guard let height else { throw reader.error("missing member \"height\"") }
            self = .rect(width: width, height: height)
        case "point":
            if twoPasses {
                try reader.skipValue()
            } else {
                try members(&reader) { _, _ throws(JSONError) in }
            }
            self = .point
        case "label", "group":
            var label: String?
            var shape: Shape?
            try members(&reader) { reader, member throws(JSONError) in
                guard member.matches("value") else { return }
                if type == "label" {
                    label = try String(from: &reader)
                } else {
                    shape = try twoPasses ? Shape(twoPassesFrom: &reader) : Shape(from: &reader)
                }
            }
            if let label {
                self = .label(label)
            } else if let shape {
                self = .group(shape)
            } else {
                throw reader.error("missing member \"value\"")
            }
        default:
            throw reader.error("unknown Shape type '\(type)'")
        }
    }
}

extension Shape {
    /// As generated code reads it now: a first member only one case has names the case until
    /// the discriminator comes (issue 38). Nested shapes are read as `init(from:)` reads them.
    init(guessingFrom reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("type", ifMissing: "missing member \"type\" naming the case of Shape", guessingFrom: { member in
            switch member {
            case "radius": return "circle"
            case "width", "height": return "rect"
            default: return nil
            }
        }) { reader, type throws(JSONError) in
            try Shape(reader: &reader, type: type, twoPasses: false) { reader, body throws(JSONError) in try reader.readCaseMembers(body) }
        }
    }
}

/// Guessed reading gives what two passes give, on the same random documents.
@Suite struct JSONVariantGuessDifferentialTests {
    @Test func guessingGivesWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 2_024)
        var guesses = 0
        for _ in 0..<40_000 {
            let document = Array(JSONVariantTests.shapeDocument(&generator, depth: 0).utf8)
            let reference = readOutcome(document) { reader throws(JSONError) in try Shape(twoPassesFrom: &reader) }
            let guessed = readOutcome(document) { reader throws(JSONError) in try Shape(guessingFrom: &reader) }
            #expect(guessed == reference, "guessing: \(String(decoding: document, as: UTF8.self))")
            if case .value(true, _) = readOutcome(document, { reader throws(JSONError) in
                reader.skipWhitespace()
                return reader.openVariantInOnePass("type") == nil && reader.openVariantByGuess("type", { $0.matches("radius") ? "circle" : nil }) != nil
            }) {
                guesses += 1
            }
        }
        #expect(guesses > 500, "\(guesses) of 40000 opened by a guess")
    }
}

@Suite struct JSONVariantGuessTests {
    /// A member only one case has names the case (or the discriminator does, when it comes
    /// first): the object is read once, after a look at the members before it; a wrong guess
    /// is read again in two passes (the whole object read ahead).
    @Test func aMemberOnlyOneCaseHasReadsTheObjectOnce() throws {
        for (json, expected, readsAgain) in [
            (#"{"radius":1.5,"type":"circle"}"#, Shape.circle(radius: 1.5), false),
            (#"{"width":2,"height":3,"type":"rect"}"#, Shape.rect(width: 2, height: 3), false),
            (#" { "height" : 3 , "width":2 ,"type" : "rect" } "#, Shape.rect(width: 2, height: 3), false),
            (#"{"radius":1,"type":"point"}"#, Shape.point, true),
            (#"{"value":"x","type":"label"}"#, Shape.label("x"), false),
        ] as [(String, Shape, Bool)] {
            let (shape, readAhead) = try Self.read(json)
            #expect(shape == expected, "\(json)")
            #expect((readAhead >= json.utf8.count) == readsAgain, "\(json): \(readAhead) bytes read ahead")
        }
    }

    /// The shape read with guesses, and how many bytes its reader read ahead.
    private static func read(_ json: String) throws -> (Shape, Int) {
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { buffer in
            var reader = JSONReader(bytes: buffer)
            let shape = try Shape(guessingFrom: &reader)
            return (shape, reader.bytesReadAhead)
        }
    }
}
