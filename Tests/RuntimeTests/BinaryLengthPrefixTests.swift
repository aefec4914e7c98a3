import Testing
import ValuegenRuntime

/// A writer leaves room for a length prefix as long as the last one at the same depth took,
/// and moves the payload when the length takes another count: whatever came before, every
/// length is its shortest varint in front of its payload, as docs/BinaryFormat.md has it.
@Suite struct BinaryLengthPrefixTests {
    /// A payload: bytes, or payloads nested in a length-delimited one.
    private indirect enum Payload {
        case bytes(Int)
        case nested([Payload])
    }

    /// The definition: a varint byte count (the shortest), then the bytes.
    private static func expected(_ payload: Payload) -> [UInt8] {
        let body: [UInt8]
        switch payload {
        case .bytes(let count):
            body = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        case .nested(let children):
            body = children.flatMap(expected)
        }
        var bytes: [UInt8] = []
        var length = UInt64(body.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        return bytes + body
    }

    private static func write(_ payload: Payload, to writer: inout BinaryWriter) {
        switch payload {
        case .bytes(let count):
            writer.writeLengthDelimited((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        case .nested(let children):
            if children.count % 2 == 0 {
                let prefix = writer.beginLengthPrefixed()
                for child in children {
                    write(child, to: &writer)
                }
                writer.endLengthPrefixed(prefix)
            } else {
                writer.writeLengthPrefixed { writer in
                    for child in children {
                        write(child, to: &writer)
                    }
                }
            }
        }
    }

    /// Lengths around 128 and 16,384 at the same depths in turn, below depth 32 and beyond.
    private static func randomPayload(depth: Int, using generator: inout SeededGenerator) -> Payload {
        let sizes = [0, 1, 100, 126, 127, 128, 129, 300, 16_000, 16_383, 16_384, 20_000]
        if depth > 36 || Int.random(in: 0..<3, using: &generator) == 0 {
            return .bytes(max(0, sizes[Int.random(in: 0..<sizes.count, using: &generator)] + Int.random(in: -2...2, using: &generator)))
        }
        let count = Int.random(in: 0...(depth < 30 ? 3 : 2), using: &generator)
        return .nested((0..<count).map { _ in randomPayload(depth: depth + 1, using: &generator) })
    }

    @Test func writesTheShortestLengthWhateverCameBefore() {
        var generator = SeededGenerator(seed: 5)
        for round in 0..<40 {
            var payloads = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Self.randomPayload(depth: 0, using: &generator) }
            if round % 20 == 0 {
                // A length of four bytes, then of one, two and three, at the same depth.
                payloads += [.nested([.bytes(2_100_000)]), .nested([.bytes(5)]), .nested([.bytes(200)]), .nested([.bytes(20_000)])]
            }
            var writer = BinaryWriter()
            var expected: [UInt8] = []
            for payload in payloads {
                Self.write(payload, to: &writer)
                expected += Self.expected(payload)
            }
            let written = writer.bytes
            #expect(written.count == expected.count, "round \(round)")
            #expect(written == expected, "round \(round)")
        }
    }

    /// Documents of messages whose lengths change from one to the next read back as written.
    @Test func documentsRoundTripWhateverTheLengths() throws {
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<50 {
            let strings = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                String(repeating: "x", count: [0, 3, 100, 127, 128, 200, 16_390][Int.random(in: 0..<7, using: &generator)])
            }
            let nested = strings.map { [$0, $0] }
            #expect(try [[String]](binaryBytes: nested.binaryBytes()) == nested)
        }
    }
    /// An array of 16 elements or more guesses its payload's size from its first 16 (room
    /// made once, the length's bytes left from then on); when the other elements are larger or
    /// smaller, the length is still the shortest varint in front of the payload.
    @Test(arguments: [
        (6, 0, 19),            // guessed two length bytes, one needed
        (0, 100, 20),          // guessed one, two needed
        (0, 20_000, 36),       // guessed one, three needed
        (100_000, 0, 200),     // guessed four, three needed
        (300, 300, 1_000),     // guessed right: three
    ])
    func writesTheShortestLengthOfAnArrayWhateverItsFirstElements(first: Int, others: Int, count: Int) throws {
        let strings = Array(repeating: String(repeating: "f", count: first), count: 16) + Array(repeating: String(repeating: "o", count: others), count: count - 16)
        var writer = BinaryWriter()
        strings.encode(to: &writer)
        var body: [UInt8] = [UInt8](Self.varint(count))
        for string in strings {
            body += Self.varint(string.utf8.count) + Array(string.utf8)
        }
        let written = writer.bytes
        #expect(written.count == Self.varint(body.count).count + body.count)
        #expect(written == Self.varint(body.count) + body)
        #expect(try [String](binaryBytes: strings.binaryBytes()) == strings)
    }

    private static func varint(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var value = UInt64(value)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }
}
