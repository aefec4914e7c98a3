import Testing
import ValuegenRuntime

/// The writer's fast paths (the array it owns and hands over, a large array's room and length
/// guessed from its first elements, string look-ups skipped per field, one decimal hint per
/// field) against definitions written from scratch: random documents read back equal, and a
/// payload writer's bytes are exactly docs/BinaryFormat.md's.
@Suite struct BinaryWriterDifferentialTests {
    // MARK: - A message written by hand, as generated code writes it

    struct Item: BinaryCodable, Equatable {
        var id: Int
        var name: String
        var note: String
        var value: Double
        var values: [Int]
        var words: [String]
        var children: [Item]
        var labels: Set<String>
        var scores: [String: Double]

        static var binaryWireType: BinaryWireType { .lengthDelimited }

        func encode(to writer: inout BinaryWriter) {
            let message = writer.beginMessage()
            writer.writeField(1, id)
            writer.writeField(2, name)
            writer.writeField(3, note)
            writer.writeField(4, value)
            writer.writeField(5, values)
            writer.writeField(6, words)
            writer.writeField(7, children)
            writer.writeField(8, labels)
            writer.writeField(9, scores)
            writer.endMessage(message)
        }

        init(id: Int, name: String, note: String, value: Double, values: [Int], words: [String], children: [Item], labels: Set<String>, scores: [String: Double]) {
            self.id = id
            self.name = name
            self.note = note
            self.value = value
            self.values = values
            self.words = words
            self.children = children
            self.labels = labels
            self.scores = scores
        }

        init(from reader: inout BinaryReader) throws(BinaryError) {
            var id = 0
            var name = ""
            var note = ""
            var value = 0.0
            var values: [Int] = []
            var words: [String] = []
            var children: [Item] = []
            var labels: Set<String> = []
            var scores: [String: Double] = [:]
            try reader.readMessage { reader, field throws(BinaryError) in
                switch field {
                case 1: id = try reader.read(Int.self)
                case 2: name = try reader.read(String.self)
                case 3: note = try reader.read(String.self)
                case 4: value = try reader.read(Double.self)
                case 5: values = try reader.read([Int].self)
                case 6: words = try reader.read([String].self)
                case 7: children = try reader.read([Item].self)
                case 8: labels = try reader.read(Set<String>.self)
                case 9: scores = try reader.read([String: Double].self)
                default: break
                }
            }
            self.init(id: id, name: name, note: note, value: value, values: values, words: words, children: children, labels: labels, scores: scores)
        }

        /// Doubles bit for bit: NaN, −0 and every decimal must come back as they were.
        static func == (first: Item, second: Item) -> Bool {
            first.id == second.id && first.name == second.name && first.note == second.note
                && first.value.bitPattern == second.value.bitPattern && first.values == second.values
                && first.words == second.words && first.children == second.children && first.labels == second.labels
                && first.scores.mapValues(\.bitPattern) == second.scores.mapValues(\.bitPattern)
        }
    }

    // MARK: - Random values

    private static let alphabet: [String] = ["a", "b", "z", "Q", "0", " ", "é", "ß", "日", "本", "🙂", "👍🏽", "\u{0}", "\n", "\"", "ﬁ"]

    private static func randomString(using generator: inout SeededGenerator) -> String {
        // Mostly short (the string table's 3...32 bytes), sometimes up to 200 characters.
        let length = Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 0...200, using: &generator) : Int.random(in: 0...12, using: &generator)
        var string = ""
        for _ in 0..<length {
            string += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        }
        return string
    }

    /// Strings of a document: a third of them from a small pool, so that they repeat.
    private struct Strings {
        var pool: [String]
        var generator: SeededGenerator

        mutating func next() -> String {
            if Int.random(in: 0..<3, using: &generator) == 0 {
                return pool[Int.random(in: 0..<pool.count, using: &generator)]
            }
            return BinaryWriterDifferentialTests.randomString(using: &generator)
        }
    }

    private static let powers: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// Decimals of 0 to 17 decimals and up to 16 digits, and doubles that are no decimal.
    static func randomDouble(using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: return [0.0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0x1p44, 0x1p44 - 1, -(0x1p44 - 1), 0.1, 1e-15, 123456789012345e-15][Int.random(in: 0..<13, using: &generator)]
        case 1: return Double.random(in: -1e6...1e6, using: &generator)
        case 2: return Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
        default:
            let digits = Int.random(in: 1...16, using: &generator)
            let mantissa = Int64.random(in: -(Int64(powers[digits]) - 1)...(Int64(powers[digits]) - 1), using: &generator)
            let decimals = Int.random(in: 0...17, using: &generator)
            return Double(mantissa) / powers[decimals]
        }
    }

    private static func randomCount(using generator: inout SeededGenerator, upTo maximum: Int) -> Int {
        // Around the estimate's threshold of 16 elements as often as anywhere else.
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return Int.random(in: 0...3, using: &generator)
        case 1: return Int.random(in: 14...18, using: &generator)
        default: return Int.random(in: 0...maximum, using: &generator)
        }
    }

    private static func randomItem(depth: Int, strings: inout Strings) -> Item {
        var generator = strings.generator
        defer { strings.generator = generator }
        let id = [Int.random(in: -300...300, using: &generator), Int.random(in: Int.min...Int.max, using: &generator)][Int.random(in: 0...1, using: &generator)]
        let value = randomDouble(using: &generator)
        let values = (0..<randomCount(using: &generator, upTo: 40)).map { _ in
            Int.random(in: 0..<3, using: &generator) == 0 ? Int.random(in: Int.min...Int.max, using: &generator) : Int.random(in: -70...70, using: &generator)
        }
        strings.generator = generator
        let name = strings.next()
        let note = strings.next()
        var words = (0..<randomCount(using: &strings.generator, upTo: 40)).map { _ in strings.next() }
        if !words.isEmpty, Int.random(in: 0..<6, using: &strings.generator) == 0 {
            // A first element far larger (or smaller) than the rest: the estimate is wrong.
            words[0] = String(repeating: "ü", count: Int.random(in: 0...20_000, using: &strings.generator))
        }
        let children = depth >= 2 ? [] : (0..<Int.random(in: 0...(depth == 0 ? 3 : 17), using: &strings.generator)).map { _ in randomItem(depth: depth + 1, strings: &strings) }
        let labels = Set((0..<Int.random(in: 0...5, using: &strings.generator)).map { _ in strings.next() })
        var scores: [String: Double] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &strings.generator) {
            scores[strings.next()] = randomDouble(using: &strings.generator)
        }
        generator = strings.generator
        return Item(id: id, name: name, note: note, value: value, values: values, words: words, children: children, labels: labels, scores: scores)
    }

    private static func randomDocument(seed: UInt64) -> [Item] {
        var generator = SeededGenerator(seed: seed)
        let pool = (0..<Int.random(in: 1...40, using: &generator)).map { _ in randomString(using: &generator) }
        var strings = Strings(pool: pool, generator: generator)
        let count = [0, 1, 15, 16, 17, Int.random(in: 0...3000, using: &strings.generator), Int.random(in: 0...3000, using: &strings.generator)][Int.random(in: 0..<7, using: &strings.generator)]
        return (0..<count).map { _ in randomItem(depth: 0, strings: &strings) }
    }

    // MARK: - The definition, from scratch

    private static func varint(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    private static func fixed64(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func zigzag(_ value: Int) -> UInt64 {
        UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
    }

    private static func lengthDelimited(_ body: [UInt8]) -> [UInt8] {
        varint(UInt64(body.count)) + body
    }

    private static func tag(_ field: Int, _ wireType: UInt64) -> [UInt8] {
        varint(UInt64(field) << 3 | wireType)
    }

    /// docs/BinaryFormat.md, "Numbers in fields": the smallest k in 0...15 for which m, the
    /// nearest integer to |value| · 10^k, is below 2^44 and gives |value| back as m / 10^k.
    static func decimalVarint(_ value: Double) -> UInt64? {
        guard value.isFinite, value.bitPattern != (-0.0 as Double).bitPattern else { return nil }
        let magnitude = abs(value)
        for k in 0...15 {
            let product = magnitude * powers[k]
            guard product < 0x1p44 else { return nil }
            let m = product.rounded(.toNearestOrEven)
            if m < 0x1p44, (m / powers[k]).bitPattern == magnitude.bitPattern {
                let integer = UInt64(m)
                let zigzag = value < 0 ? integer << 1 - 1 : integer << 1
                return zigzag << 4 | UInt64(k)
            }
        }
        return nil
    }

    static func doubleField(_ field: Int, _ value: Double) -> [UInt8] {
        if let decimal = decimalVarint(value) {
            return tag(field, 0) + varint(decimal)
        }
        return tag(field, 1) + fixed64(value.bitPattern)
    }

    private static func intField(_ field: Int, _ value: Int) -> [UInt8] {
        let zigzagged = zigzag(value)
        return zigzagged < 1 << 56 ? tag(field, 0) + varint(zigzagged) : tag(field, 1) + fixed64(UInt64(bitPattern: Int64(value)))
    }

    private static func stringPayload(_ string: String) -> [UInt8] {
        lengthDelimited(Array(string.utf8))
    }

    /// Entries in the byte order of their keys' payloads, the shorter first on a common prefix.
    private static func sortedEntries(_ entries: [(key: [UInt8], value: [UInt8])]) -> [UInt8] {
        let sorted = entries.sorted { first, second in
            first.key != second.key ? first.key.lexicographicallyPrecedes(second.key) : first.value.lexicographicallyPrecedes(second.value)
        }
        return lengthDelimited(varint(UInt64(entries.count)) + sorted.flatMap { $0.key + $0.value })
    }

    static func payload(_ item: Item) -> [UInt8] {
        var body: [UInt8] = []
        body += intField(1, item.id)
        body += tag(2, 2) + stringPayload(item.name)
        body += tag(3, 2) + stringPayload(item.note)
        body += doubleField(4, item.value)
        body += tag(5, 2) + lengthDelimited(varint(UInt64(item.values.count)) + item.values.flatMap { varint(zigzag($0)) })
        body += tag(6, 2) + lengthDelimited(varint(UInt64(item.words.count)) + item.words.flatMap(stringPayload))
        body += tag(7, 2) + payload(item.children)
        body += tag(8, 2) + sortedEntries(item.labels.map { (key: stringPayload($0), value: []) })
        body += tag(9, 2) + sortedEntries(item.scores.map { (key: stringPayload($0.key), value: fixed64($0.value.bitPattern)) })
        return lengthDelimited(body)
    }

    static func payload(_ items: [Item]) -> [UInt8] {
        lengthDelimited(varint(UInt64(items.count)) + items.flatMap(payload))
    }

    // MARK: - Tests

    /// Random documents (0 to 3,000 messages with strings that repeat, non-ASCII strings,
    /// decimals and other doubles, nested arrays, sets and dictionaries) read back equal, and
    /// the same value gives the same bytes.
    @Test(arguments: 0..<24)
    func randomDocumentsReadBackEqual(seed: Int) throws {
        let items = Self.randomDocument(seed: UInt64(seed) &* 7919 &+ 17)
        let bytes = items.binaryBytes()
        #expect(Array(bytes.prefix(4)) == BinaryFormat.header)
        let read = try [Item](binaryBytes: bytes)
        #expect(read.count == items.count)
        #expect(read == items, "seed \(seed): \(items.count) messages, \(bytes.count) bytes")
        #expect(items.binaryBytes() == bytes, "seed \(seed): the same bytes the second time")
    }

    /// A payload writer writes every string inline: an array's bytes are its varint length,
    /// its varint count and its elements' payloads, whatever its first element guessed.
    @Test(arguments: 0..<24)
    func payloadOfAnArrayIsTheDefinition(seed: Int) {
        let items = Self.randomDocument(seed: UInt64(seed) &* 104_729 &+ 3)
        var writer = BinaryWriter()
        items.encode(to: &writer)
        let written = writer.bytes
        let expected = Self.payload(items)
        #expect(written.count == expected.count, "seed \(seed): \(items.count) messages")
        #expect(written == expected, "seed \(seed): first difference at \((0..<min(written.count, expected.count)).first { written[$0] != expected[$0] } ?? min(written.count, expected.count))")
    }

    /// Arrays of strings whose first element is far larger or smaller than the others, at
    /// every count from 0 to 40 and with 3,000 elements, in a payload writer of every small
    /// capacity: the definition's bytes, and read back equal from a document.
    @Test func arraysWhoseFirstElementMisleadsTheEstimate() throws {
        for first in [0, 1, 5, 127, 128, 200, 16_384, 70_000] {
            for others in [0, 1, 3, 31, 127, 128] {
                for count in Array(0...40) + [3_000] {
                    let strings = count == 0 ? [] : [String(repeating: "é", count: first / 2)] + (1..<count).map { String(repeating: "x", count: others) + String($0 % 7) }
                    var writer = BinaryWriter(capacity: count % 17)
                    strings.encode(to: &writer)
                    let expected = Self.lengthDelimited(Self.varint(UInt64(strings.count)) + strings.flatMap(Self.stringPayload))
                    #expect(writer.bytes == expected, "first \(first), others \(others), count \(count)")
                    if count % 5 == 0 || count == 3_000 {
                        #expect(try [String](binaryBytes: strings.binaryBytes()) == strings, "first \(first), others \(others), count \(count)")
                    }
                }
            }
        }
    }

    /// A document's string table goes in front of its body in the writer's own array: for
    /// bodies that end just before, at and after the writer's first 256 bytes and their
    /// doublings, with tables of 1 to 200 strings, the document reads back equal.
    @Test func stringTableInFrontOfBodiesOfEverySizeAroundTheRoom() throws {
        for repeated in [1, 2, 5, 127, 128, 200] {
            for filler in Array(0...300) + Array(480...560) + Array(1_000...1_080) {
                var strings = (0..<repeated).flatMap { ["s\($0)-abcdef", "s\($0)-abcdef"] }
                strings.append(String(repeating: "f", count: filler))
                let bytes = strings.binaryBytes()
                #expect(try [String](binaryBytes: bytes) == strings, "\(repeated) repeated, filler \(filler)")
            }
        }
    }

    /// A Double field's varint is the definition's whatever k the field's last decimal left
    /// as its hint (0 to 15, and any field number).
    @Test func decimalFieldsAreTheDefinitionWhateverTheHint() {
        var generator = SeededGenerator(seed: 31)
        let primes: [Double] = (0...15).map { k in 7 / Self.powers[k] } + [1e-15, 0.5, 123.456, 1e300, .nan]
        for _ in 0..<4_000 {
            let value = Self.randomDouble(using: &generator)
            let field = Int.random(in: 1...40, using: &generator)
            for prime in primes {
                var writer = BinaryWriter()
                writer.writeField(field, prime)
                let start = writer.byteCount
                writer.writeField(field, value)
                let written = Array(writer.bytes[start...])
                #expect(written == Self.doubleField(field, value), "\(value) (bits \(value.bitPattern)) after \(prime) in field \(field)")
            }
        }
    }

    /// `bytes` is a copy: it does not share the writer's array, so a length the writer fills in
    /// later (or anything else it writes in place) does not change bytes read before.
    @Test(arguments: [16, 17, 40, 100])
    func bytesIsACopyEvenWhenTheWriterIsFull(capacity: Int) {
        var writer = BinaryWriter(capacity: capacity)
        let prefix = writer.beginLengthPrefixed()
        while writer.byteCount < capacity {
            writer.writeVarint(0x41)
        }
        let first = writer.bytes
        let second = writer.bytes
        let shared = first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
        }
        #expect(!shared, "two results of `bytes` share one array")
        let copied = first.map { $0 }
        writer.endLengthPrefixed(prefix)
        #expect(writer.bytes == [UInt8(capacity - 1)] + Array(repeating: 0x41, count: capacity - 1))
        #expect(first == copied, "bytes read before endLengthPrefixed changed after it")
    }

    /// A document is handed over in the writer's own array: the room the writer made for a
    /// large array from its first elements must not stay with the document. A first string of
    /// a megabyte and 2,099 empty ones guess about 130 MB.
    @Test func documentDoesNotKeepTheRoomItsFirstElementGuessed() throws {
        let strings = [String(repeating: "x", count: 1_000_000)] + Array(repeating: "", count: 2_099)
        let bytes = strings.binaryBytes()
        #expect(bytes.count < 1_010_000)
        #expect(bytes.capacity <= 4 * bytes.count, "\(bytes.count) bytes keep room for \(bytes.capacity)")
        #expect(try [String](binaryBytes: bytes) == strings)
    }
}
