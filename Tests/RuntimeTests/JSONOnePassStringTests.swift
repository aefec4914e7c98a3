import Testing
@testable import ValuegenRuntime

/// Strings with escapes read in one pass (`readEscapedStringInOnePass`, a block stored and
/// searched at a time, each escape decoded where it stands) against the two-pass way
/// (`scanStringInTwoPasses`: the end found first, the contents decoded after): the same
/// String, the same end, the same error; and what the one pass leaves to the two, left with
/// the reader where it was.
@Suite("JSON strings with escapes in one pass")
struct JSONOnePassStringTests {
    @Test func escapedStringsGiveWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 23)
        var onePass = 0
        var leftToTwoPasses = 0
        for round in 0..<20_000 {
            let document = Self.escapedStringDocument(&generator, round: round)
            let fast = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            let full = readOutcome(document) { reader throws(JSONError) in try reader.scanStringInTwoPasses() }
            #expect(fast == full, "\(document)")
            if case .value(let string, _) = fast, case .value(let expected, _) = full {
                #expect(Array(string.utf8) == Array(expected.utf8))
                #expect(string.hashValue == expected.hashValue)
                #expect(string.count == expected.count)
                #expect(string.unicodeScalars.elementsEqual(expected.unicodeScalars))
            }
            switch readOutcome(document, { reader throws(JSONError) in try reader.readEscapedStringInOnePass() }) {
            case .value(.some, _), .error:
                onePass += 1
            case .value(nil, let end):
                leftToTwoPasses += 1
                #expect(end == 0, "\(document) moved the reader")
            }
        }
        // Both ways are well exercised.
        #expect(onePass > 8_000 && leftToTwoPasses > 2_000, "\(onePass) in one pass, \(leftToTwoPasses) in two")
    }

    /// Decoded contents up to the buffer's room are read in one pass, longer ones in two,
    /// and both give the whole string.
    @Test func stringsAroundTheBufferSizeAreReadWhole() {
        for length in [990, 1000, 1003, 1004, 1005, 1006, 1010, 1020, 1024, 1100, 3000] {
            // `\/` decodes to one byte: the raw string is twice its contents.
            let contents = String(repeating: "a", count: length - 1) + "/"
            let raw = String(repeating: "a", count: length - 1) + "\\/"
            let document = "\"\(raw)\"" + String(repeating: " ", count: 20)
            let read = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            #expect(read == .value(contents, end: raw.utf8.count + 2), "\(length)")
            let inOnePass = readOutcome(document) { reader throws(JSONError) in try reader.readEscapedStringInOnePass() }
            if length <= 1004 {
                #expect(inOnePass == .value(contents, end: raw.utf8.count + 2), "\(length)")
            } else {
                #expect(inOnePass == .value(nil, end: 0), "\(length)")
            }
        }
    }

    /// The errors the two passes give, in their order: ill-formed UTF-8 anywhere in the string
    /// before a bad escape, a control character, a string without its end.
    @Test func errorsAreThoseOfTwoPasses() {
        let padding = String(repeating: " ", count: 20)
        let cases: [[UInt8]] = [
            Array("\"ab\\/cd".utf8) + [0xFF] + Array("\\n\"".utf8),
            Array("\"ab\\qcd".utf8) + [0xC3] + Array("\"".utf8),
            Array("\"ab\\/c\\q\"".utf8),
            Array("\"\\uD83D\\u0041\"".utf8),
            Array("\"\\uDE00 tail\"".utf8),
            Array("\"\\u12\"".utf8),
            Array("\"ab\\/c".utf8) + [0x0A] + Array("d\"".utf8),
            Array("\"ab\\/cd and no end".utf8),
        ]
        for bytes in cases {
            let document = bytes + Array(padding.utf8)
            let read = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            let reference = readOutcome(document) { reader throws(JSONError) in try reader.scanStringInTwoPasses() }
            #expect(read == reference, "\(bytes)")
            guard case .error = read else {
                Issue.record("\(bytes) read without an error")
                continue
            }
        }
    }

    /// A string with escapes of every kind, from empty to longer than the one pass's buffer,
    /// sometimes with a mistake, and from nothing to more than a block after it.
    static func escapedStringDocument(_ generator: inout SeededGenerator, round: Int) -> [UInt8] {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        let plain = Array("abcdefghijklmnopqrstuvwxyz ABC0123456789-_.,:;{}[]/".utf8)
        let pieces: [[UInt8]] = [
            Array("\\/".utf8), Array("\\n".utf8), Array("\\r\\n".utf8), Array("\\\"".utf8), Array("\\\\".utf8),
            Array("\\t".utf8), Array("\\b\\f".utf8), Array("\\u00e9".utf8), Array("\\u7535".utf8),
            Array("\\uD83D\\uDE00".utf8), Array("\\u0000".utf8), Array("é".utf8), Array("電".utf8), Array("😀".utf8),
        ]
        let mistakes: [[UInt8]] = [
            Array("\\q".utf8), Array("\\uD83D".utf8), Array("\\uDE00".utf8), Array("\\u12G4".utf8), [0x0A], [0xC3], [0x80], [0xFF],
        ]
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        let length = [Int(generator.next() % 24), Int(generator.next() % 200), 900 + Int(generator.next() % 300)][Int(generator.next() % 3)]
        let density = 2 + generator.next() % 12
        while bytes.count < length {
            if oneIn(density) {
                bytes += pieces[Int(generator.next() % UInt64(pieces.count))]
            } else if round % 4 == 0, oneIn(400) {
                bytes += mistakes[Int(generator.next() % UInt64(mistakes.count))]
            } else {
                bytes.append(plain[Int(generator.next() % UInt64(plain.count))])
            }
        }
        if !oneIn(50) {
            bytes.append(UInt8(ascii: "\""))
        }
        let tail = [0, 1, 2, 15, 16, 17, 40][Int(generator.next() % 7)]
        bytes += [UInt8](repeating: UInt8(ascii: round % 2 == 0 ? "," : " "), count: tail)
        return bytes
    }
}
