import Testing
@testable import ValuegenRuntime

/// `JSONMemberNames`, the table the `"optimizeFor": "codeSize"` readers match member names
/// with, gives a key the index of the first name with exactly its bytes (escapes decoded), or
/// none: whatever the names' lengths, whatever they share, however many there are. Its
/// `readObject(_:_:)` and `readCaseMembers(_:_:)` read what the key-based ones read, with the
/// same errors, offsets and paths.
@Suite("JSON member names matched in the runtime")
struct JSONMemberNamesTests {
    // MARK: - Finding a name

    @Test func eachNameFindsItsPositionInTheList() {
        let names = JSONMemberNames(["id", "name", "email", "createdAt"])
        #expect(names.count == 4)
        #expect((0..<4).map { names[$0] } == ["id", "name", "email", "createdAt"])
        #expect(["id", "name", "email", "createdAt"].map { Self.index(of: $0, in: names) } == [0, 1, 2, 3])
        for key in ["", "i", "Id", "ID", "names", "nam", "email ", " email", "createdat", "createdAtX", "xcreatedAt"] {
            #expect(Self.index(of: key, in: names) == nil, "\(key)")
        }
    }

    @Test func aNameListedTwiceFindsItsFirstIndex() {
        let names = JSONMemberNames(["name", "id", "name", "id", "other"])
        #expect(names.count == 5)
        #expect(Self.index(of: "name", in: names) == 0)
        #expect(Self.index(of: "id", in: names) == 1)
        #expect(Self.index(of: "other", in: names) == 4)
        #expect(names[2] == "name")
    }

    @Test func theEmptyNameIsANameLikeAnyOther() {
        #expect(Self.index(of: "", in: JSONMemberNames(["a", "", "b"])) == 1)
        #expect(Self.index(of: "", in: JSONMemberNames([""])) == 0)
        #expect(Self.index(of: "a", in: JSONMemberNames([""])) == nil)
        #expect(Self.index(of: "", in: JSONMemberNames(["a", "b"])) == nil)
        #expect(Self.index(of: "", in: JSONMemberNames(["", "", "x"])) == 0)
        let none = JSONMemberNames([])
        #expect(none.count == 0)
        #expect(Self.index(of: "", in: none) == nil)
        #expect(Self.index(of: "a", in: none) == nil)
        #expect(Self.members(JSONMemberNames(["a", ""]), #"{"":1,"a":2,"b":3,"":4}"#) == .value([1, 0, 1], end: 23))
    }

    /// The hash reads a name's first, middle and last byte (1 to 3 bytes), its first and last
    /// four (4 to 7), or its first and last eight (8 and more): names of each kind that share
    /// a length, a prefix or a suffix, or all of what the hash reads, are told apart.
    @Test func namesOfEveryLengthSharingPrefixesSuffixesAndLengthsAreToldApart() {
        let names = JSONMemberNames([
            "a", "b", "ab", "ba", "abc", "axc", "abd", // 1 to 3 bytes
            "abcd", "abce", "xbcd", "abcdefg", "abcdefh", "abcxefg", // 4 to 7
            "abcdefgh", "abcdefgx", "xbcdefgh", // 8
            "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnox", "xbcdefghijklmnop", // 9 to 16
            "amount_captured", "amount_refunded", "amount", // shared prefixes
            "profile_sidebar_border_color", "profile_sidebar_fill_color", "profile_text_color", // over 16
            "abcdefgh_1_ijklmnop", "abcdefgh_2_ijklmnop", "abcdefgh_3_ijklmnop", // first and last eight the same
        ])
        let listed = ["a", "b", "ab", "ba", "abc", "axc", "abd", "abcd", "abce", "xbcd", "abcdefg", "abcdefh", "abcxefg",
                      "abcdefgh", "abcdefgx", "xbcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnox", "xbcdefghijklmnop",
                      "amount_captured", "amount_refunded", "amount",
                      "profile_sidebar_border_color", "profile_sidebar_fill_color", "profile_text_color",
                      "abcdefgh_1_ijklmnop", "abcdefgh_2_ijklmnop", "abcdefgh_3_ijklmnop"]
        #expect(listed.map { Self.index(of: $0, in: names) } == listed.indices.map { $0 })
        for key in ["x", "aa", "abx", "abcx", "abcdef", "abcdefgy", "abcdefghij", "abcdefghijklmno", "abcdefghijklmnopq",
                    "amount_", "amount_capture", "amount_capturedd", "profile_sidebar_border_colour", "profile_sidebar_fill_colo",
                    "abcdefgh_4_ijklmnop", "abcdefgh__ijklmnop", "abcdefgh_11_ijklmnop", "Abcdefgh_1_ijklmnop"] {
            #expect(Self.index(of: key, in: names) == nil, "\(key)")
        }
    }

    /// Non-ASCII names are their UTF-8 bytes: a key matches one with the same bytes, written
    /// as they are or with escapes; a precomposed é and an e with a combining accent are other
    /// names, as they are other bytes (JSON compares names code unit by code unit).
    @Test func nonASCIINamesMatchTheirBytesWrittenAsTheyAreOrWithEscapes() {
        let names = JSONMemberNames(["é", "café", "cafe\u{301}", "名前", "😀", "naïve longer than sixteen bytes"])
        for (key, expected) in [("é", 0), ("café", 1), ("cafe\u{301}", 2), ("名前", 3), ("😀", 4), ("naïve longer than sixteen bytes", 5)] {
            #expect(Self.index(of: key, in: names) == expected, "\(key)")
        }
        #expect(Self.index(of: "名", in: names) == nil)
        #expect(Self.index(of: "cafe", in: names) == nil)
        let document = #"{"\u00e9":0,"caf\u00E9":1,"cafe\u0301":2,"\u540d\u524d":3,"\ud83d\ude00":4,"na\u00efve longer than sixteen bytes":5,"\u540d":6,"cafe\u00e9":7}"#
        #expect(Self.members(names, document) == .value([0, 1, 2, 3, 4, 5], end: document.utf8.count))
    }

    @Test func keysWrittenWithEscapesMatchTheirDecodedName() {
        let names = JSONMemberNames(["name", "a\"b", "back\\slash", "slash/name", "tab\tname", "nul\0byte", "a_rather_long_name_with_escapes"])
        let document = #"{"na\u006De":0,"a\"b":1,"back\\slash":2,"slash\/name":3,"tab\tname":4,"nul\u0000byte":5,"a_rather_long_name\u005fwith_escapes":6,"na\u006de ":7}"#
        #expect(Self.members(names, document) == .value([0, 1, 2, 3, 4, 5, 6], end: document.utf8.count))
    }

    // MARK: - Reading objects

    @Test func unknownMembersAreSkippedWhateverTheirValues() {
        let names = JSONMemberNames(["id", "name"])
        let document = #" { "x" : [1, {"id": 2}, "]"], "name":"n", "y":{"name":{"z":null}}, "id" : 3 , "z": -1.5e3 } "#
        let read = readOutcome(document) { reader throws(JSONError) -> [String] in
            var values: [String] = []
            try reader.readObject(names) { reader, member throws(JSONError) in
                switch member {
                case 0: values.append("id \(try Int(from: &reader))")
                default: values.append("name \(try String(from: &reader))")
                }
            }
            return values
        }
        #expect(read == .value(["name n", "id 3"], end: document.utf8.count - 1))
        // A member the body leaves unread is skipped too.
        #expect(Self.members(names, document) == .value([1, 0], end: document.utf8.count - 1))
    }

    /// Errors of the object, of unknown members' values and of known ones: the same message,
    /// offset and path as the key-based reader gives, the key (decoded) on the path.
    @Test func errorsAreThoseOfTheKeyBasedReader() {
        let documents = [
            #"{"id":"1"}"#, #"{"na\u006De":7}"#, #"{"nested":{"id":true}}"#, #"{"nested":{"nested":{"na\u006de":1}}}"#,
            #"{"id":1,}"#, #"{"id" 1}"#, #"{id:1}"#, #"{"id":1"#, #"{"id":1 "name":"x"}"#, #"{"x":tru,"id":1}"#,
            #"{"x":[1,}"#, #"{"\q":1}"#, #"{"id":}"#, "", "[]", "{", #"{"id":1}}"#, #"{"name":"\ud800"}"#,
            #"{"id":1,"id":"2"}"#, #"{"nested":[]}"#, #"{"nested":{"x":{"y":[nul]}}}"#,
        ]
        for document in documents {
            #expect(Self.nested(document, byIndex: true) == Self.nested(document, byIndex: false), "\(document)")
        }
        #expect(Self.nested(#"{"nested":{"na\u006de":1}}"#, byIndex: true)
            == .error(JSONError(message: "expected a string, found a number", offset: 23, path: [.key("nested"), .key("name")])))
        #expect(Self.nested(#"{"x":[1,}"#, byIndex: true) == .error(JSONError(message: "expected a value, found '}'", offset: 8, path: [.key("x"), .index(1)])))
    }

    /// Random objects, close to right or not: keys known and unknown, with escapes or without,
    /// repeated, values of the wrong type or malformed, nested, truncated.
    @Test func randomObjectsReadAsTheKeyBasedReaderReadsThem() {
        var generator = SeededGenerator(seed: 41)
        var values = 0
        for _ in 0..<20_000 {
            let document = Self.randomObject(&generator, depth: 0)
            let byIndex = Self.nested(document, byIndex: true)
            #expect(byIndex == Self.nested(document, byIndex: false), "\(document)")
            if case .value = byIndex { values += 1 }
        }
        // Both outcomes are well represented.
        #expect(values > 2_000 && values < 16_000, "\(values) of 20000 read a value")
    }

    /// Hundreds of names (JSONMemberNameSamples: shared prefixes, suffixes, lengths, hashes,
    /// non-ASCII, escapes, real API keys): every name and every key near one finds exactly the
    /// index a dictionary of the names' bytes gives.
    @Test func hundredsOfNamesMatchExactlyWhatADictionaryOfTheirBytesHolds() {
        let samples = JSONMemberNameSamples.names
        #expect(samples.count > 500)
        let names = JSONMemberNames(samples)
        var first: [[UInt8]: Int] = [:]
        for (index, name) in samples.enumerated() where first[Self.bytes(name)] == nil {
            first[Self.bytes(name)] = index
        }
        #expect(first.count < samples.count, "some names are listed twice")
        for (index, name) in samples.enumerated() {
            #expect(Self.index(of: Self.bytes(name), in: names) == first[Self.bytes(name)], "\(name) (listed at \(index))")
            #expect(names[index] == name.description)
        }
        // Every name with one byte changed, in each position, in three ways.
        var changed = 0
        for name in samples {
            let bytes = Self.bytes(name)
            for position in bytes.indices {
                for flipped: UInt8 in [0x01, 0x20, 0x80] {
                    var key = bytes
                    key[position] ^= flipped
                    #expect(Self.index(of: key, in: names) == first[key], "\(name), byte \(position) ^ \(flipped)")
                    changed += 1
                }
            }
        }
        #expect(changed > 15_000)
        // Random keys: names cut, extended, joined, and random bytes.
        var generator = SeededGenerator(seed: 7)
        var found = 0
        for _ in 0..<50_000 {
            let key = Self.randomKey(near: samples, &generator)
            let index = Self.index(of: key, in: names)
            #expect(index == first[key], "\(key)")
            if index != nil { found += 1 }
        }
        #expect(found > 5_000 && found < 45_000, "\(found) of 50000 keys are names")
    }

    // MARK: - Tags

    /// What a generated `switch` over string literals finds for a tag: the first literal equal
    /// to it as Swift compares strings.
    private static func switchIndex(of tag: String, in tags: [String]) -> Int? {
        tags.firstIndex { $0 == tag }
    }

    @Test func aTagFindsTheNameEqualToItAsSwiftComparesStrings() {
        let names = JSONMemberNames(["AUTHORISED", "refused", "K", "caf\u{E9}", "\u{212B}ngstr\u{F6}m", ""])
        let tags = (0..<names.count).map { names[$0] }
        for (index, tag) in tags.enumerated() {
            #expect(names.index(of: tag) == index, "\(tag)")
        }
        // Canonically equivalent spellings, whose bytes differ: the Kelvin sign is K, an e
        // and a combining acute accent are é, Å is A with a ring above.
        #expect(names.index(of: "\u{212A}") == 2)
        #expect(names.index(of: "cafe\u{301}") == 3)
        #expect(names.index(of: "A\u{30A}ngstro\u{308}m") == 4)
        for tag in ["authorised", "Refused", "k", "cafe", "caf\u{E9} ", "\u{212B}ngstrom", " "] {
            #expect(names.index(of: tag) == nil, "\(tag)")
        }
    }

    /// Two names equal as Swift compares strings, their bytes different: the first wins for
    /// either spelling, as the first of two such literals does in a `switch`.
    @Test func ofTwoEquivalentNamesATagFindsTheFirst() {
        let names = JSONMemberNames(["cafe\u{301}", "caf\u{E9}", "K", "\u{212A}"])
        let tags = (0..<names.count).map { names[$0] }
        for tag in tags + ["A", "cafe"] {
            #expect(names.index(of: tag) == Self.switchIndex(of: tag, in: tags), "\(tag)")
        }
        #expect(names.index(of: "caf\u{E9}") == 0)
        #expect(names.index(of: "\u{212A}") == 2)
    }

    @Test func randomTagsFindWhatASwitchOverTheirLiteralsFinds() {
        let names = JSONMemberNames(["ach", "ach_plaid", "applepay", "scheme", "giftcard", "card", "doku_wallet", "\u{C5}", "e\u{301}te\u{301}", "K"])
        let tags = (0..<names.count).map { names[$0] }
        let pieces = ["a", "ch", "_", "plaid", "K", "\u{212A}", "\u{C5}", "A\u{30A}", "e", "\u{301}", "\u{E9}", "t", "card", "gift", "scheme", "doku", "wallet", "applepay", ""]
        var generator = SeededGenerator(seed: 11)
        var found = 0
        for round in 0..<40_000 {
            let tag = round % 4 == 0 ? tags[Int(generator.next() % UInt64(tags.count))] : (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let expected = Self.switchIndex(of: tag, in: tags)
            #expect(names.index(of: tag) == expected, "\(tag.unicodeScalars.map { String($0.value, radix: 16) })")
            if expected != nil { found += 1 }
        }
        #expect(found > 10_000 && found < 30_000, "\(found) of 40000 tags are known")
    }

    // MARK: - ADT cases

    /// `readCaseMembers(_:_:)` reads a case's members as `readCaseMembers(_:)` does, in one
    /// pass or in two, with a guess or without: JSONVariantTests' random Shape documents read to
    /// the same value or the same error.
    @Test func caseMembersReadAsTheKeyBasedReaderReadsThem() {
        var generator = SeededGenerator(seed: 2_025)
        for _ in 0..<30_000 {
            let document = Array(JSONVariantTests.shapeDocument(&generator, depth: 0).utf8)
            let byKey = readOutcome(document) { reader throws(JSONError) in try Shape(from: &reader) }
            let byIndex = readOutcome(document) { reader throws(JSONError) in try Shape(byIndexFrom: &reader) }
            #expect(byIndex == byKey, "\(String(decoding: document, as: UTF8.self))")
            let guessedByKey = readOutcome(document) { reader throws(JSONError) in try Shape(guessingFrom: &reader) }
            let guessedByIndex = readOutcome(document) { reader throws(JSONError) in try Shape(guessingByIndexFrom: &reader) }
            #expect(guessedByIndex == guessedByKey, "guessing: \(String(decoding: document, as: UTF8.self))")
        }
    }

    @Test func caseMembersKeepTheirPaths() {
        let escaped = readOutcome(#"{"type":"rect","width":1,"he\u0069ght":true}"#) { reader throws(JSONError) in try Shape(byIndexFrom: &reader) }
        #expect(escaped == .error(JSONError(message: "expected an integer, found a boolean", offset: 39, path: [.key("height")])))
        let nested = readOutcome(#"{"type":"group","value":{"type":"rect","width":"2","height":1}}"#) { reader throws(JSONError) in try Shape(byIndexFrom: &reader) }
        #expect(nested == .error(JSONError(message: "expected an integer, found a string", offset: 47, path: [.key("value"), .key("width")])))
    }

    // MARK: - Support

    /// The index the table gives a key written without escapes, its bytes in an allocation of
    /// their own size, so that a read past them is a read past the allocation.
    static func index(of key: [UInt8], in names: JSONMemberNames) -> Int? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: key.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: key)
        return names.index(of: JSONKey(bytes: UnsafeRawBufferPointer(buffer), unescaped: nil))
    }

    static func index(of key: String, in names: JSONMemberNames) -> Int? {
        index(of: Array(key.utf8), in: names)
    }

    static func bytes(_ name: StaticString) -> [UInt8] {
        name.withUTF8Buffer { Array($0) }
    }

    /// The indices `readObject(_:_:)` calls its body with, in order; the values left unread.
    static func members(_ names: JSONMemberNames, _ document: String) -> ReadOutcome<[Int]> {
        readOutcome(document) { reader throws(JSONError) -> [Int] in
            var indices: [Int] = []
            try reader.readObject(names) { _, member throws(JSONError) in indices.append(member) }
            return indices
        }
    }

    static let nestedNames = JSONMemberNames(["id", "name", "nested"])

    /// An object of `id: Int`, `name: String` and `nested` (the same, recursively) read by
    /// index or by a `switch` over the keys, as the two generated shapes read it; the members
    /// read, as `key=value` lines, or the error.
    static func nested(_ document: String, byIndex: Bool) -> ReadOutcome<[String]> {
        readOutcome(document) { reader throws(JSONError) -> [String] in
            var read: [String] = []
            try readNested(&reader, byIndex: byIndex, into: &read)
            return read
        }
    }

    private static func readNested(_ reader: inout JSONReader, byIndex: Bool, into read: inout [String]) throws(JSONError) {
        func member(_ reader: inout JSONReader, _ index: Int) throws(JSONError) {
            switch index {
            case 0: read.append("id=\(try Int(from: &reader))")
            case 1: read.append("name=\(try String(from: &reader))")
            default:
                read.append("{")
                try readNested(&reader, byIndex: byIndex, into: &read)
                read.append("}")
            }
        }
        if byIndex {
            try reader.readObject(nestedNames) { reader, index throws(JSONError) in try member(&reader, index) }
        } else {
            try reader.readObject { reader, key throws(JSONError) in
                switch key {
                case "id": try member(&reader, 0)
                case "name": try member(&reader, 1)
                case "nested": try member(&reader, 2)
                default: break
                }
            }
        }
    }

    static func randomObject(_ generator: inout SeededGenerator, depth: Int) -> String {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        func pick(_ choices: [String]) -> String { choices[Int(generator.next() % UInt64(choices.count))] }
        var members: [String] = []
        for _ in 0..<Int(generator.next() % 5) {
            let key = pick([#""id""#, #""name""#, #""nested""#, #""i\u0064""#, #""na\u006de""#, #""nest\u0065d""#, #""x""#, #""""#,
                            #""idx""#, #""Name""#, #""\q""#, #""nested "#, "id"])
            var value = pick(["1", "-20", "2.5", #""text""#, #""caf\u00e9""#, "null", "true", "[1,{\"id\":2}]", "{}", "tru", "[1,", #""\ud800""#])
            if key.contains("nest"), depth < 2, !oneIn(4) {
                value = randomObject(&generator, depth: depth + 1)
            }
            members.append(key + pick([":", " : ", ""]) + value)
        }
        let text = pick(["{", " {", "\n{ "]) + members.joined(separator: pick([",", ", ", ",,", " "])) + pick(["}", " }", "", "}}"])
        return oneIn(50) ? String(text.dropLast(Int(generator.next() % 4))) : text
    }

    /// A key near the names: one of them, cut, extended, two joined, or random bytes.
    static func randomKey(near samples: [StaticString], _ generator: inout SeededGenerator) -> [UInt8] {
        let name = bytes(samples[Int(generator.next() % UInt64(samples.count))])
        let other = bytes(samples[Int(generator.next() % UInt64(samples.count))])
        switch generator.next() % 6 {
        case 0, 1: return name
        case 2: return Array(name.prefix(Int(generator.next() % UInt64(name.count + 1))))
        case 3: return Array(name.suffix(Int(generator.next() % UInt64(name.count + 1))))
        case 4: return name + other.prefix(1 + Int(generator.next() % 8))
        default:
            let alphabet = Array("abcdefgh_ijklmnop0123456789".utf8)
            return (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        }
    }
}

/// Shape read as the `"optimizeFor": "codeSize"` readers read an ADT: each case's members
/// matched by `readCaseMembers(_:_:)` against a table of their names.
extension Shape {
    enum Members {
        static let circle = JSONMemberNames(["radius"])
        static let rect = JSONMemberNames(["width", "height"])
        static let value = JSONMemberNames(["value"])
    }

    init(byIndexFrom reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("type", ifMissing: "missing member \"type\" naming the case of Shape") { reader, type throws(JSONError) in
            try Shape(byIndex: &reader, type: type)
        }
    }

    init(guessingByIndexFrom reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("type", ifMissing: "missing member \"type\" naming the case of Shape", guessingFrom: { member in
            switch member {
            case "radius": return "circle"
            case "width", "height": return "rect"
            default: return nil
            }
        }) { reader, type throws(JSONError) in
            try Shape(byIndex: &reader, type: type)
        }
    }

    /// The case named `type`, as `Shape(reader:type:twoPasses: false)` reads it.
    private init(byIndex reader: inout JSONReader, type: String) throws(JSONError) {
        switch type {
        case "circle":
            var radius: Double?
            try reader.readCaseMembers(Members.circle) { reader, member throws(JSONError) in
                if member == 0 { radius = try reader.decodeNull() ? nil : Double(from: &reader) }
            }
            guard let radius else { throw reader.error("missing member \"radius\"") }
            self = .circle(radius: radius)
        case "rect":
            var width: Int?
            var height: Int?
            try reader.readCaseMembers(Members.rect) { reader, member throws(JSONError) in
                switch member {
                case 0: width = try Int(from: &reader)
                case 1: height = try Int(from: &reader)
                default: break
                }
            }
            guard let width else { throw reader.error("missing member \"width\"") }
            guard let height else { throw reader.error("missing member \"height\"") }
            self = .rect(width: width, height: height)
        case "point":
            try reader.readCaseMembers { _, _ throws(JSONError) in }
            self = .point
        case "label", "group":
            var label: String?
            var shape: Shape?
            try reader.readCaseMembers(Members.value) { reader, _ throws(JSONError) in
                if type == "label" {
                    label = try String(from: &reader)
                } else {
                    shape = try Shape(byIndexFrom: &reader)
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
