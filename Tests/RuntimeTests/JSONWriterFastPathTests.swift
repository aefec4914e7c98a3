import Foundation
import Testing
@testable import ValuegenRuntime

/// The writer's fast paths against the slow paths they replace: doubles against
/// `description` (Schubfach, ShortestDecimal.swift, for every finite Double), strings against
/// a byte-at-a-time escaper, integers against `String(_:)`, on many random and edge-case
/// values.
@Suite("JSON writer fast paths")
struct JSONWriterFastPathTests {
    // MARK: - Doubles

    /// Writes all the values as one array and compares it with their descriptions; on a
    /// difference, names the first value that differs.
    private func expectDescriptions(_ values: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = "[" + values.map { $0.isFinite ? $0.description : "null" }.joined(separator: ",") + "]"
        let text = encoded(values)
        guard text != expected else { return }
        for value in values where encoded(value) != (value.isFinite ? value.description : "null") {
            Issue.record("\(value.bitPattern): wrote \(encoded(value)), description is \(value.description)", sourceLocation: sourceLocation)
            return
        }
        Issue.record("the array differs, every value alone is right", sourceLocation: sourceLocation)
    }

    /// The writer's choice of plain notation is `description`'s: for zero and the magnitudes
    /// from 1e-4 to 2^53, and those only.
    private func expectFastPath(_ values: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        for value in values where value.isFinite {
            let plain = value == 0 || (value.magnitude >= 1e-4 && value.magnitude <= 0x1p53)
            #expect(ShortestDecimal(value).isPlain == plain, "\(value)", sourceLocation: sourceLocation)
            #expect(value.description.contains("e") != plain, "\(value)", sourceLocation: sourceLocation)
        }
    }

    @Test func doublesWithUniformRandomBitsMatchDescription() {
        var generator = SeededGenerator(seed: 0x6A50_4E5F)
        let values = (0..<200_000).map { _ in Double(bitPattern: generator.next()) }
        expectDescriptions(values)
        expectFastPath(values)
    }

    @Test func doublesWithRandomSignificandsInThePlainRangeMatchDescription() {
        // Exponents from just below 1e-4 to just above 2^53: every binade of the fast path
        // and its neighbours, with random significands.
        var generator = SeededGenerator(seed: 1009)
        let values = (0..<300_000).map { _ in
            let exponent = UInt64.random(in: 1005...1080, using: &generator)
            let bits = (generator.next() & 0x800F_FFFF_FFFF_FFFF) | (exponent << 52)
            return Double(bitPattern: bits)
        }
        expectDescriptions(values)
        expectFastPath(values)
    }

    @Test func shortDecimalsMatchDescription() {
        var generator = SeededGenerator(seed: 1000)
        var values: [Double] = []
        for fractionDigits in 0...19 {
            let scale = pow(10, Double(fractionDigits))
            for _ in 0..<10_000 {
                let digitLimit: Int64 = [9, 99, 9_999, 999_999, 99_999_999, 9_999_999_999, 999_999_999_999_999, 9_007_199_254_740_991].randomElement(using: &generator)!
                let integer = Double(Int64.random(in: -digitLimit...digitLimit, using: &generator))
                values.append(integer / scale)
            }
        }
        // Sums and differences round: a short decimal minus 90 is often not short any more.
        for _ in 0..<50_000 {
            values.append(Double(generator.next() % 180_000) / 1000 - 90)
            values.append(Double(generator.next() % 1_000_000) / 1000 + Double(generator.next() % 1000) / 7)
            values.append(Double(generator.next() % 10_000) * 0.1)
        }
        expectDescriptions(values)
        expectFastPath(values)
    }

    @Test func doublesAtTheEdgesOfThePlainRangeMatchDescription() {
        var values: [Double] = [0, -0.0, 1e-4, 0x1p50, 0x1p52, 0x1p53, 1e15, 1e16, 9_007_199_254_740_991, 4_503_599_627_370_495.5]
        // Every power of two and of ten near the range, with their neighbours a few ulps away.
        var centers: [Double] = (-20...60).map { pow(2, Double($0)) } + (-6...17).map { pow(10, Double($0)) }
        centers += [1e-4, 0x1p50, 0x1p53].map { $0 * 3 / 2 }
        for center in centers {
            values += neighbours(of: center, ulps: 8)
        }
        // Ties between two shortest candidates, where `description` rounds the last digit to
        // even: 2^50 + 1/4 is as close to ...624.2 as to ...624.3.
        for offset in stride(from: 0.25, through: 64, by: 0.25) {
            values += [0x1p50 + offset, 0x1p51 + offset * 2, 0x1p49 + offset / 2]
        }
        values += values.map { -$0 }
        expectDescriptions(values)
        expectFastPath(values)
    }

    @Test func everyBinadeAndTheSmallestSubnormalsMatchDescription() {
        // Random significands in every binade, normal and subnormal, with the significands
        // at its edges: the intervals around powers of two are one-sided.
        var generator = SeededGenerator(seed: 2047)
        var values: [Double] = []
        for exponent in UInt64(0)...2046 {
            for _ in 0..<40 {
                values.append(Double(bitPattern: exponent << 52 | (generator.next() & 0xF_FFFF_FFFF_FFFF)))
            }
            for significand: UInt64 in [0, 1, 2, 3, 4, 0x8_0000_0000_0000, 0xF_FFFF_FFFF_FFFE, 0xF_FFFF_FFFF_FFFF] {
                values.append(Double(bitPattern: exponent << 52 | significand))
            }
        }
        // The subnormals with the fewest digits, all of them: the method's precision is
        // tightest there (and `description` writes 5e-324 and 1e-323 with one digit).
        values += (1...20_000).map { Double(bitPattern: UInt64($0)) }
        values += values.map { -$0 }
        expectDescriptions(values)
        expectFastPath(values)
    }

    @Test func powersOfTenAndTheirNeighboursMatchDescription() {
        var values: [Double] = []
        for exponent in -325...309 {
            guard let power = Double("1e\(exponent)"), power.isFinite, power > 0 else { continue }
            values += neighbours(of: power, ulps: 4)
        }
        expectDescriptions(values)
        expectFastPath(values)
    }

    /// `center` and the values up to `ulps - 1` steps below and above it.
    private func neighbours(of center: Double, ulps: Int) -> [Double] {
        var values: [Double] = []
        var below = center
        var above = center
        for _ in 0..<ulps {
            values += [below, above]
            below = below.nextDown
            above = above.nextUp
        }
        return values
    }

    @Test func integralDoublesMatchDescription() {
        var generator = SeededGenerator(seed: 53)
        var values: [Double] = []
        for _ in 0..<50_000 {
            let magnitude = UInt64.random(in: 0...(1 << UInt64.random(in: 0...54, using: &generator)), using: &generator)
            values.append(Double(magnitude) * (generator.next() & 1 == 0 ? 1 : -1))
        }
        expectDescriptions(values)
        expectFastPath(values)
    }

    // MARK: - Strings

    /// What the writer writes for a string, escaped one byte at a time.
    private func referenceJSON(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case ..<0x20: bytes += Array(String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func expectEscapedLikeTheReference(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            #expect(encoded(text) == referenceJSON(text), "\(Array(text.utf8))", sourceLocation: sourceLocation)
        }
        // Keys take the same path, after a comma, with a colon after them.
        let keys = Dictionary(texts.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let members = keys.keys.sorted().map { referenceJSON($0) + ":" + String(keys[$0]!) }
        #expect(encoded(keys) == "{" + members.joined(separator: ",") + "}", sourceLocation: sourceLocation)
    }

    @Test func everyCharacterToEscapeIsFoundAtEveryPositionOfShortAndLongStrings() {
        let specials: [Character] = ["\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{1}"]
        var texts: [String] = []
        for length in [Int](0...48) + [79, 80, 81, 95, 96, 97, 111, 112, 113, 128, 160] {
            texts.append(String(repeating: "a", count: length))
            for position in 0..<Swift.max(length, 1) {
                for special in specials {
                    var characters = Array(repeating: Character("a"), count: Swift.max(length, 1))
                    characters[position] = special
                    texts.append(String(characters))
                }
            }
        }
        // Bytes next to the ones to escape: a borrow must not hide or invent one.
        texts += ["\u{1F} !#[]", " \u{1F}\u{20}\u{21}\"#", "\u{7F}\u{80}é\"\\\u{0}", "!\"#[\\]", String(repeating: "\u{20}\u{1F}", count: 20)]
        expectEscapedLikeTheReference(texts)
    }

    @Test func randomStringsAreEscapedLikeTheReference() {
        var generator = SeededGenerator(seed: 8259)
        let alphabet: [Character] = ["a", "Z", " ", "~", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{2028}"]
        var texts: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...(Bool.random(using: &generator) ? 20 : 200), using: &generator)
            // Mostly plain text, sometimes dense with escapes.
            let plain = Double.random(in: 0...1, using: &generator) < 0.5 ? 0.95 : 0.3
            texts.append(String((0..<length).map { _ in
                Double.random(in: 0...1, using: &generator) < plain ? "abcdefghij".randomElement(using: &generator)! : alphabet.randomElement(using: &generator)!
            }))
        }
        expectEscapedLikeTheReference(texts)
    }

    @Test func longTextsFullOfEscapesAndNonASCIIAreEscapedLikeTheReference() {
        // Markdown as people write it: lines ending in \r\n, quotes, paths with backslashes,
        // tabs, CJK, accented Latin, emoji, now and then a control character; at every
        // density, from none in a block of 32 bytes to all of them.
        let pieces = ["the ", "quick ", "fox ", "\"quoted\" ", "C:\\Users\\me ", "\r\n", "\t", "日本語のテキスト", "café ", "naïve ", "😀", "👍🏽 ", "\u{1}", "\u{1F}", "> \"", "\\", "\u{7F}", "\u{2028}"]
        var generator = SeededGenerator(seed: 23)
        var texts: [String] = []
        for index in 0..<300 {
            let plainShare = [0.0, 0.5, 0.9, 0.99][index % 4]
            var text = ""
            let length = Int.random(in: 64...4_000, using: &generator)
            while text.utf8.count < length {
                text += Double.random(in: 0...1, using: &generator) < plainShare ? "abcdefgh " : pieces.randomElement(using: &generator)!
            }
            texts.append(text)
        }
        expectEscapedLikeTheReference(texts)
    }

    @Test func stringsMadeOnlyOfEscapesOutgrowTheirFirstRoom() {
        // Each control character becomes six bytes: far more than the room first reserved.
        let texts = [1, 3, 4, 5, 17, 100, 5_000].flatMap { count in
            [String(repeating: "\u{1}", count: count), String(repeating: "\"", count: count), String(repeating: "a\u{0}", count: count)]
        }
        expectEscapedLikeTheReference(texts)
        var writer = JSONWriter(capacity: 1)
        writer.writeString(String(repeating: "\u{1}", count: 1_000))
        #expect(writer.bytes == Array(referenceJSON(String(repeating: "\u{1}", count: 1_000)).utf8))
    }

    // MARK: - Integers

    @Test func integersMatchStringAtEveryDigitCount() {
        var values: [Int64] = [0, 1, -1, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
        }
        var generator = SeededGenerator(seed: 64)
        values += (0..<50_000).map { _ in Int64(bitPattern: generator.next()) >> Int64.random(in: 0...63, using: &generator) }
        #expect(encoded(values) == "[" + values.map { String($0) }.joined(separator: ",") + "]")
        let unsigned = values.map { UInt64(bitPattern: $0) } + [.max, 1 << 63, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999]
        #expect(encoded(unsigned) == "[" + unsigned.map { String($0) }.joined(separator: ",") + "]")
    }

    // MARK: - The buffer

    @Test func aWriterStartedTinyGrowsAndKeepsEveryByte() {
        var writer = JSONWriter(capacity: 0)
        var expected = "["
        writer.beginArray()
        for index in 0..<10_000 {
            writer.writeString("element \(index)")
            writer.writeDouble(Double(index) / 8)
            expected += (index == 0 ? "" : ",") + "\"element \(index)\",\(Double(index) / 8)"
        }
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected + "]")
    }

    @Test func literalsAndRawValuesAreSeparatedLikeOtherValues() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeRawValue(Array(#"{"a":1}"#.utf8))
        writer.writeRawValue(Array("2".utf8))
        writer.writeBool(false)
        writer.writeNull()
        writer.writeBool(true)
        writer.beginObject()
        writer.writeRawKey(#""zip code":"#)
        writer.beginArray()
        writer.endArray()
        writer.writeKey("")
        writer.writeSigned(-0)
        writer.endObject()
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"a":1},2,false,null,true,{"zip code":[],"":0}]"#)
    }

    @Test func rawKeysOfEveryLengthUpToFortyBytesAreCopiedWhole() {
        // 3 to 40 bytes: each of the copy's paths (4 to 7, 8 to 16, 17 to 32 bytes, memcpy) and
        // their edges, first in an object (no comma) and after a value; the objects themselves
        // are separated, as values are.
        let keys: [StaticString] = [
            "\"\":",
            "\"a\":",
            "\"ab\":",
            "\"abc\":",
            "\"abcd\":",
            "\"abcde\":",
            "\"abcdef\":",
            "\"abcdefg\":",
            "\"abcdefgh\":",
            "\"abcdefghi\":",
            "\"abcdefghij\":",
            "\"abcdefghijk\":",
            "\"abcdefghijkl\":",
            "\"abcdefghijklm\":",
            "\"abcdefghijklmn\":",
            "\"abcdefghijklmno\":",
            "\"abcdefghijklmnop\":",
            "\"abcdefghijklmnopq\":",
            "\"abcdefghijklmnopqr\":",
            "\"abcdefghijklmnopqrs\":",
            "\"abcdefghijklmnopqrst\":",
            "\"abcdefghijklmnopqrstu\":",
            "\"abcdefghijklmnopqrstuv\":",
            "\"abcdefghijklmnopqrstuvw\":",
            "\"abcdefghijklmnopqrstuvwx\":",
            "\"abcdefghijklmnopqrstuvwxy\":",
            "\"abcdefghijklmnopqrstuvwxyz\":",
            "\"abcdefghijklmnopqrstuvwxyza\":",
            "\"abcdefghijklmnopqrstuvwxyzab\":",
            "\"abcdefghijklmnopqrstuvwxyzabc\":",
            "\"abcdefghijklmnopqrstuvwxyzabcd\":",
            "\"abcdefghijklmnopqrstuvwxyzabcde\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdef\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdefg\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdefgh\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdefghi\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdefghij\":",
            "\"abcdefghijklmnopqrstuvwxyzabcdefghijk\":",
        ]
        var writer = JSONWriter(capacity: 0)
        var expected = ""
        for (index, key) in keys.enumerated() {
            let name = String(decoding: UnsafeBufferPointer(start: key.utf8Start + 1, count: key.utf8CodeUnitCount - 3), as: UTF8.self)
            writer.beginObject()
            writer.writeRawKey(key)
            writer.writeInteger(index)
            writer.writeRawKey(key)
            writer.writeBool(true)
            writer.endObject()
            expected += (index == 0 ? "" : ",") + "{\"\(name)\":\(index),\"\(name)\":true}"
        }
        #expect(keys.map(\.utf8CodeUnitCount) == Array(3...40))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test func readingTheBytesLeavesTheWriterUsableAndCopiesIndependent() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeInteger(1)
        let first = writer.bytes
        var copy = writer
        writer.writeInteger(2)
        copy.writeString("x")
        writer.endArray()
        copy.endArray()
        #expect(String(decoding: first, as: UTF8.self) == "[1")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[1,2]")
        #expect(String(decoding: copy.bytes, as: UTF8.self) == "[1,\"x\"]")
        #expect(writer.bytes == writer.bytes)
    }
}
