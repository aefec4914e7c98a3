import Foundation
import Testing
@testable import ValuegenRuntime

/// `attemptCase(_:_:_:)`: an untagged ADT value is read as the first case whose payload reads,
/// each case from the value's start, a failed one leaving nothing behind; when none fits, one
/// error names them all; and nested untagged values cannot make a document cost exponential
/// time, nor hide from an ADT value read in one pass that it must be read again in two.
@Suite("JSON untagged values")
struct JSONUntaggedTests {
    @Test func theFirstCaseThatReadsWins() throws {
        #expect(try decode(Expandable.self, #""cus_1""#) == .id("cus_1"))
        #expect(try decode(Expandable.self, #" {"type":"point"}"#) == .shape(.point))
        // `shape` fails (no "type"), then `box` reads the object from its start.
        #expect(try decode(Expandable.self, #"{"count":2,"inner":{"type":"circle","radius":1}}"#) == .box(inner: .circle(radius: 1), count: 2))
        #expect(try decode([Expandable].self, #"[ "a" ,{"inner":{"type":"point"},"count":1}, {"type":"label","value":"b"}]"#)
            == [.id("a"), .box(inner: .point, count: 1), .shape(.label("b"))])
    }

    @Test func aCaseThatFailsLeavesTheReaderWhereTheValueStarts() {
        // `strict` reads into the object (its depth, its members) before it refuses "extra": the
        // reader is back at the value, which `any` reads whole, and the array goes on.
        let document = #"[ {"inner":{"type":"point"},"count":1,"extra":[1]},"next"]"#
        let outcome = readOutcome(document) { reader throws(JSONError) in
            var read: [String] = []
            try reader.readArray { reader throws(JSONError) in
                var attempts = UntaggedAttempts()
                let strict = try reader.attemptCase("strict", &attempts) { reader throws(JSONError) -> String in
                    try reader.readObject { reader, member throws(JSONError) in
                        guard !member.matches("extra") else { throw reader.error("no extras") }
                        try reader.skipValue()
                    }
                    return "strict"
                }
                let start = reader.offset
                let any = try reader.attemptCase("any", &attempts) { reader throws(JSONError) in try reader.readRawValue().description }
                read.append("\(strict ?? "-") \(start) \(any ?? "-")")
            }
            return read
        }
        #expect(outcome == .value([#"- 2 {"inner":{"type":"point"},"count":1,"extra":[1]}"#, #"- 51 "next""#], end: document.utf8.count))
    }

    @Test func noCaseFittingIsOneErrorNamingEachCase() {
        let document = #"{"a":[1, {"inner":{"type":"circle"},"count":"2"}]}"#
        expectError(Wrapper.self, document,
                    #"no case of Expandable fits the value; tried shape (missing member "type" naming the case of Shape), id (expected a string, found an object), box (at .inner: missing member "radius")"#,
                    at: offset(of: #"{"inner""#, in: document), path: [.key("a"), .index(1)])
        expectError(Expandable.self, "7",
                    #"no case of Expandable fits the value; tried shape (expected an object, found a number), id (expected a string, found a number), box (expected an object, found a number)"#,
                    at: 0)
        // A malformed document is malformed whichever case reads it.
        expectError(Expandable.self, #""abc"#, #"no case of Expandable fits the value; tried shape (expected an object, found a string), id (unterminated string), box (expected an object, found a string)"#, at: 0)
    }

    @Test func nestedValuesWhoseCasesFailDeepInsideSpendTheBudget() throws {
        // Each level tries `left` (which reads the whole subtree, then misses "l") before
        // `right`: level n reads the 1 MB leaf 2^n times. Failed cases count against the budget
        // of look-aheads, 16 times the document and 16 MB more: 3 levels are read, 40 refused
        // once about 32 MB have been read again, not after 2^40 MB.
        let leaf = String(repeating: "x", count: 1_000_000)
        func nested(_ depth: Int) -> String {
            depth == 0 ? "\"" + leaf + "\"" : #"{"node":"# + nested(depth - 1) + #","r":1}"#
        }
        #expect(try decode(Tree.self, nested(3)) == (0..<3).reduce(Tree.leaf(leaf)) { tree, _ in .right(node: tree, r: 1) })
        let outcome = readOutcome(nested(40)) { reader throws(JSONError) in try Tree(from: &reader) }
        guard case .error(let error) = outcome else {
            Issue.record("read \(outcome)")
            return
        }
        #expect(error.message == "untagged values nested in one another whose cases fail deep inside: trying them would read the document too many times over")
    }

    @Test func anUntaggedValueInAVariantReadInOnePassGivesWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 23)
        var values = 0
        for _ in 0..<10_000 {
            let document = Array(Self.holderDocument(&generator).utf8)
            let read = readOutcome(document) { reader throws(JSONError) in try Holder(from: &reader, twoPasses: false) }
            let reference = readOutcome(document) { reader throws(JSONError) in try Holder(from: &reader, twoPasses: true) }
            #expect(read == reference, "\(String(decoding: document, as: UTF8.self))")
            if case .value = read { values += 1 }
        }
        #expect(values > 2_000 && values < 8_000, "\(values) of 10000 read a value")
    }

    /// `{"type":"hold","item":…}` with an item of every case or none, the discriminator repeated
    /// now and then (which sends the holder to two passes).
    static func holderDocument(_ generator: inout SeededGenerator) -> String {
        func pick(_ choices: [String]) -> String { choices[Int(generator.next() % UInt64(choices.count))] }
        let shape = JSONVariantTests.shapeDocument(&generator, depth: 1)
        let item = pick([shape, #""cus_1""#, #"{"inner":"# + shape + #","count":3}"#, #"{"count":3,"inner":"# + shape + "}", #"{"inner":"# + shape + "}", "5"])
        let members = [#""type":"hold""#, #""item":"# + item] + (generator.next() % 8 == 0 ? [#""type":"hold""#] : [])
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// An untagged ADT read as generated code reads one: an internally tagged `Shape`, an id, or
/// a box of a shape and a count. `twoPasses` reads the shapes in two passes, as the reference.
enum Expandable: JSONDecodable, Equatable {
    case shape(Shape)
    case id(String)
    case box(inner: Shape, count: Int)

    init(from reader: inout JSONReader) throws(JSONError) {
        try self.init(from: &reader, twoPasses: false)
    }

    init(from reader: inout JSONReader, twoPasses: Bool) throws(JSONError) {
        func shape(_ reader: inout JSONReader) throws(JSONError) -> Shape {
            try twoPasses ? Shape(twoPassesFrom: &reader) : Shape(from: &reader)
        }
        var attempts = UntaggedAttempts()
        if let value = try reader.attemptCase("shape", &attempts, { reader throws(JSONError) -> Self in
            .shape(try shape(&reader))
        }) {
            self = value
        } else if let value = try reader.attemptCase("id", &attempts, { reader throws(JSONError) -> Self in
            .id(try String(from: &reader))
        }) {
            self = value
        } else if let value = try reader.attemptCase("box", &attempts, { reader throws(JSONError) -> Self in
            var inner: Shape?
            var count: Int?
            try reader.readObject { reader, member throws(JSONError) in
                switch member {
                case "inner": inner = try shape(&reader)
                case "count": count = try Int(from: &reader)
                default: try reader.skipValue()
                }
            }
            guard let inner else { throw reader.error("missing member \"inner\"") }
            guard let count else { throw reader.error("missing member \"count\"") }
            return .box(inner: inner, count: count)
        }) {
            self = value
        } else {
            throw attempts.noCaseFits("Expandable", at: reader)
        }
    }
}

/// `{"a": [1, <Expandable>]}`, for the path of an error.
struct Wrapper: JSONDecodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        try reader.readObject { reader, _ throws(JSONError) in
            var index = 0
            try reader.readArray { reader throws(JSONError) in
                if index == 1 {
                    _ = try Expandable(from: &reader)
                } else {
                    try reader.skipValue()
                }
                index += 1
            }
        }
    }
}

/// An internally tagged ADT holding an untagged one, read in one pass (generated code) or two.
struct Holder: Equatable {
    var item: Expandable

    init(from reader: inout JSONReader, twoPasses: Bool) throws(JSONError) {
        func hold(_ reader: inout JSONReader, _ type: String, _ members: (inout JSONReader, (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) -> Void) throws(JSONError) -> Holder {
            guard type == "hold" else { throw reader.error("unknown Holder type '\(type)'") }
            var item: Expandable?
            try members(&reader) { reader, member throws(JSONError) in
                if member.matches("item") { item = try Expandable(from: &reader, twoPasses: twoPasses) }
            }
            guard let item else { throw reader.error("missing member \"item\"") }
            return Holder(item: item)
        }
        if twoPasses {
            guard let type = try reader.peekDiscriminator("type") else { throw reader.error("missing member \"type\"") }
            self = try hold(&reader, type) { reader, body throws(JSONError) in try reader.readObject(body) }
        } else {
            self = try reader.readVariant("type", ifMissing: "missing member \"type\"") { reader, type throws(JSONError) in
                try hold(&reader, type) { reader, body throws(JSONError) in try reader.readCaseMembers(body) }
            }
        }
    }

    init(item: Expandable) {
        self.item = item
    }
}

/// Untagged and recursive: a leaf, or a node with "l" (`left`) or "r" (`right`), tried in that
/// order.
indirect enum Tree: JSONDecodable, Equatable {
    case leaf(String)
    case left(node: Tree, l: Int)
    case right(node: Tree, r: Int)

    init(from reader: inout JSONReader) throws(JSONError) {
        var attempts = UntaggedAttempts()
        if let value = try reader.attemptCase("leaf", &attempts, { reader throws(JSONError) -> Self in .leaf(try String(from: &reader)) }) {
            self = value
        } else if let value = try reader.attemptCase("left", &attempts, { reader throws(JSONError) -> Self in try Self.node(&reader, "l") }) {
            self = value
        } else if let value = try reader.attemptCase("right", &attempts, { reader throws(JSONError) -> Self in try Self.node(&reader, "r") }) {
            self = value
        } else {
            throw attempts.noCaseFits("Tree", at: reader)
        }
    }

    private static func node(_ reader: inout JSONReader, _ side: StaticString) throws(JSONError) -> Tree {
        var node: Tree?
        var number: Int?
        try reader.readObject { reader, member throws(JSONError) in
            if member.matches("node") {
                node = try Tree(from: &reader)
            } else if member.matches(side) {
                number = try Int(from: &reader)
            } else {
                try reader.skipValue()
            }
        }
        guard let node, let number else { throw reader.error("missing member") }
        return side.description == "l" ? .left(node: node, l: number) : .right(node: node, r: number)
    }
}
