import Testing
@testable import ValuegenRuntime

/// The reader's scanning since issue 23 (strings, escapes, UTF-8, white space and skipped
/// values, sixteen bytes at a time, nothing built for what is skipped, UTF-8 checked once)
/// against the byte-at-a-time reference in `JSONScanningReference.swift`: the same value, the
/// same end, the same error with its offset and path.
@Suite("JSON scanning against the byte-at-a-time reference")
struct JSONScanningTests {
    @Test func stringsReadAsTheReferenceReadsThem() {
        var generator = SeededGenerator(seed: 23)
        var values = 0
        for _ in 0..<40_000 {
            let document = Self.document(&generator, depth: 0, forceString: true)
            let fast = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            let reference = readOutcome(document) { reader throws(JSONError) in try reader.referenceReadString() }
            #expect(fast == reference, "\(document)")
            if case .value(let string, _) = fast, case .value(let expected, _) = reference {
                values += 1
                #expect(Array(string.utf8) == Array(expected.utf8))
            }
        }
        // Both outcomes are well exercised.
        #expect(values > 8_000 && values < 32_000, "\(values) of 40000 read")
    }

    @Test func skippedValuesAreCheckedAsTheReferenceChecksThem() {
        var generator = SeededGenerator(seed: 24)
        var skipped = 0
        for _ in 0..<20_000 {
            let document = Self.document(&generator, depth: 0, forceString: false)
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(fast == reference, "\(document)")
            if case .value = fast { skipped += 1 }
        }
        #expect(skipped > 4_000 && skipped < 16_000, "\(skipped) of 20000 skipped")
    }

    @Test func skippedStringsFarFromTheEndAreCheckedAsTheReferenceChecksThem() {
        // Followed by enough bytes that every block of the string, its last included, is
        // read by `skipString`'s own loop rather than by the byte-at-a-time end of the document.
        var generator = SeededGenerator(seed: 27)
        var skipped = 0
        for _ in 0..<20_000 {
            let document = Self.string(&generator) + Array(", 1, [\"after\"], {\"k\": null}  ".utf8)
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(fast == reference, "\(String(decoding: document, as: UTF8.self))")
            if case .value = fast { skipped += 1 }
        }
        #expect(skipped > 4_000 && skipped < 16_000, "\(skipped) of 20000 skipped")
    }

    @Test func skippedNumbersAreCheckedAsTheReferenceChecksThem() {
        // Runs of digits of every length up to three times `skipNumber`'s eight-byte words,
        // with and without a sign, a fraction and an exponent, each piece sometimes malformed,
        // followed by nothing up to more than a word: the end where eight-byte loads stop.
        var generator = SeededGenerator(seed: 28)
        func digits(_ count: Int) -> String {
            String((0..<count).map { index in Character(String(index == 0 ? 1 + generator.next() % 9 : generator.next() % 10)) })
        }
        var skipped = 0
        for _ in 0..<20_000 {
            var number = generator.next() % 3 == 0 ? "-" : ""
            number += generator.next() % 6 == 0 ? "0" + (generator.next() % 4 == 0 ? digits(1) : "") : digits(Int(generator.next() % 25))
            if generator.next() % 3 == 0 {
                number += "." + digits(Int(generator.next() % 20)).replacingOccurrences(of: "1", with: "0")
            }
            if generator.next() % 4 == 0 {
                number += ["e", "E", "e+", "e-", "E-"][Int(generator.next() % 5)] + digits(Int(generator.next() % 12))
            }
            let tail = ["", ",", " ", "]", "x", ".", "e", "-", ", 1", "        ", "  , 2, 3, 4, 5"][Int(generator.next() % 11)]
            let document = Array((number + tail).utf8)
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(fast == reference, "\(number + tail)")
            if case .value = fast { skipped += 1 }
        }
        #expect(skipped > 6_000 && skipped < 18_000, "\(skipped) of 20000 skipped")
    }

    @Test func unreadMembersAreSkippedAsTheReferenceSkipsThem() {
        // A member the body leaves is skipped by `readMember` (a `null` without a call); the
        // outcome is the one of a body that skips every value with the reference.
        var generator = SeededGenerator(seed: 26)
        let values = ["null", "nul", "nullx", "null ", "null,", "nulL", "n", "null}", "true", "\"a\"", "[null]", "{\"b\":null}", "-1", ""]
        for _ in 0..<4_000 {
            let count = Int(generator.next() % 4) + 1
            let members = (0..<count).map { index in "\"k\(index)\":" + values[Int(generator.next() % UInt64(values.count))] }
            let document = Array(("{" + members.joined(separator: ",") + (generator.next() % 4 == 0 ? "" : "}")).utf8)
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in try reader.readObject { _, _ throws(JSONError) in }; return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in
                try reader.readObject { reader, _ throws(JSONError) in try reader.referenceSkipValue() }
                return 0
            }
            #expect(fast == reference, "\(String(decoding: document, as: UTF8.self))")
        }
    }

    @Test func whiteSpaceIsSkippedToTheSameByte() {
        var generator = SeededGenerator(seed: 25)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 70)
            var document = (0..<count).map { _ in [UInt8(0x20), 0x0A, 0x0D, 0x09][Int(generator.next() % 4)] }
            if generator.next() % 4 != 0 { document.append([UInt8(ascii: "1"), 0x0B, 0x00, 0xA0][Int(generator.next() % 4)]) }
            document += [UInt8](repeating: 0x20, count: Int(generator.next() % 20))
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in reader.skipWhitespace(); return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in reader.referenceSkipWhitespace(); return 0 }
            #expect(fast == reference, "\(document)")
        }
        // Indentation as printers write it (a line feed, then spaces), every depth across the
        // blocks of sixteen, ended by each kind of byte, with the document ending anywhere
        // after it.
        for depth in 0..<40 {
            for ending: [UInt8] in [[UInt8(ascii: "1")], [0x09, 0x31], [0x0D], [0x0A, 0x20, 0x31], [0x0B], [0x00], [0xA0], [0x20, 0x31], []] {
                for tail in 0..<20 {
                    let document = [UInt8(0x0A)] + [UInt8](repeating: 0x20, count: depth) + ending + [UInt8](repeating: UInt8(ascii: "x"), count: tail)
                    let fast = readOutcome(document) { reader throws(JSONError) -> Int in reader.skipWhitespace(); return 0 }
                    let reference = readOutcome(document) { reader throws(JSONError) -> Int in reader.referenceSkipWhitespace(); return 0 }
                    #expect(fast == reference, "\(document)")
                }
            }
        }
    }

    @Test func aReplacementCharacterInTheTextIsKeptAndIllFormedBytesAreStillRefused() throws {
        // U+FFFD written as it is, and escaped: the standard library's repair is told apart
        // from the character itself.
        let long = String(repeating: "ü", count: 20)
        #expect(try decode(String.self, "\"\(long)\u{FFFD}\"") == long + "\u{FFFD}")
        #expect(try decode(String.self, #""\#(long)\uFFFD\n""#) == long + "\u{FFFD}\n")
        let invalid = Array("\"\(long)".utf8) + [0xED, 0xA0, 0x80] + Array("\u{FFFD}\"".utf8)
        expectError(String.self, invalid, "a string is not valid UTF-8", at: 41)
        expectError(AnyJSONValue.self, invalid, "a string is not valid UTF-8", at: 41)
        // Ill-formed UTF-8 is the error before a malformed escape, as it always was, whether
        // the string is read or skipped.
        let both = Array(#""\q"#.utf8) + [0xC0, 0xAF] + Array(#"\n""#.utf8)
        expectError(String.self, both, "a string is not valid UTF-8", at: 3)
        expectError(AnyJSONValue.self, both, "a string is not valid UTF-8", at: 3)
        expectError(AnyJSONValue.self, Array(#""\q\n""#.utf8), "an invalid escape in a string: '\\' followed by 'q'", at: 1)
    }

    @Test func fourHexadecimalDigitsAreReadAtOnceAsOneAtATime() {
        // Every byte in every position (the other three a digit of each kind), against the
        // digit-at-a-time reading.
        func expected(_ bytes: [UInt8]) -> UInt32? {
            var value: UInt32 = 0
            for byte in bytes {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue, byte < 0x80 else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        // The four bytes as a little-endian load gives them.
        func word(_ bytes: [UInt8]) -> UInt32 {
            UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        }
        var checked = 0
        for position in 0..<4 {
            for filler in Array("0aF9".utf8) {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 4)
                    bytes[position] = UInt8(byte)
                    #expect(JSONReader.hexQuad(word(bytes)) == expected(bytes), "\(bytes)")
                    checked += 1
                }
            }
        }
        // And every scalar of the Basic Multilingual Plane as `\u` escapes write it.
        for scalar in UInt32(0)...0xFFFF {
            for uppercase in [false, true] {
                let hex = String(scalar, radix: 16, uppercase: uppercase)
                let digits = Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                #expect(JSONReader.hexQuad(word(digits)) == scalar)
            }
        }
        #expect(checked == 4 * 4 * 256)
    }

    @Test func escapesInRunsDecodeAsTheReferenceDecodesThem() {
        // Text in other scripts, written as `\u` escapes back to back, with surrogate pairs
        // and malformed escapes among them.
        var generator = SeededGenerator(seed: 26)
        let pieces = [#"\u7535"#, #"\u8111"#, #"\uAC10"#, #"\uc0ac"#, #"\u00e9"#, #"\u0041"#, #"\uD83D\uDE80"#, #"\u007F"#,
                      #"\uD800"#, #"\uDC00"#, #"\u12G4"#, #"\u 123"#, "a", "\\/", "日"]
        for _ in 0..<20_000 {
            var text = "\""
            for _ in 0..<Int(generator.next() % 24) {
                let index = Int(generator.next() % UInt64(generator.next() % 5 == 0 ? pieces.count : 8))
                text += pieces[index]
            }
            text += "\""
            let document = Array(text.utf8)
            let fast = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            let reference = readOutcome(document) { reader throws(JSONError) in try reader.referenceReadString() }
            #expect(fast == reference, "\(text)")
            let skipped = readOutcome(document) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 }
            let referenceSkipped = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(skipped == referenceSkipped, "\(text)")
        }
    }

    /// A document of strings, numbers, literals, objects and arrays, indented or not, with
    /// the strings' troubles: escapes of every kind and malformed ones, bytes above ASCII and
    /// ill-formed ones, control characters, long runs across blocks, truncation.
    static func document(_ generator: inout SeededGenerator, depth: Int, forceString: Bool) -> [UInt8] {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        var bytes: [UInt8] = []
        func whitespace() {
            if oneIn(2) { return }
            bytes += oneIn(2) ? [0x0A] + [UInt8](repeating: 0x20, count: Int(generator.next() % 24)) : [[0x20], [0x09], [0x0D, 0x0A]][Int(generator.next() % 3)]
        }
        whitespace()
        switch forceString || depth > 3 ? 0 : generator.next() % 6 {
        case 0, 1:
            bytes += string(&generator)
        case 2:
            bytes += Array(["-12.5e3", "0", "18446744073709551616", "1e400", "01", "true", "nul", "false"][Int(generator.next() % 8)].utf8)
        case 3, 4:
            bytes.append(UInt8(ascii: "{"))
            for member in 0..<Int(generator.next() % 5) {
                if member > 0 { bytes.append(UInt8(ascii: ",")) }
                whitespace()
                bytes += string(&generator)
                whitespace()
                if !oneIn(40) { bytes.append(UInt8(ascii: ":")) }
                bytes += document(&generator, depth: depth + 1, forceString: false)
                whitespace()
            }
            if !oneIn(30) { bytes.append(UInt8(ascii: "}")) }
        default:
            bytes.append(UInt8(ascii: "["))
            for element in 0..<Int(generator.next() % 5) {
                if element > 0 { bytes.append(UInt8(ascii: oneIn(50) ? " " : ",")) }
                bytes += document(&generator, depth: depth + 1, forceString: false)
            }
            whitespace()
            if !oneIn(30) { bytes.append(UInt8(ascii: "]")) }
        }
        whitespace()
        return bytes
    }

    static func string(_ generator: inout SeededGenerator) -> [UInt8] {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        let plain = Array("abcdefghijklmnopqrstuvwxyz ABC0123456789-_.,:;{}[]/<>".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        let pieces = oneIn(4) ? Int(generator.next() % 120) : Int(generator.next() % 20)
        // Most strings are well-formed; some may hold anything.
        let troubles = oneIn(3)
        for _ in 0..<pieces {
            let choice = generator.next() % (troubles ? 30 : 22)
            switch choice {
            case 0: bytes += Array(["\\n", "\\r\\n", "\\\"", "\\\\", "\\/", "\\t", "\\b", "\\f"][Int(generator.next() % 8)].utf8)
            case 1: bytes += Array(["\\u00e9", "\\u65E5", "\\uD83D\\uDE00", "\\uFFFD", "\\u0000", "\\u001F"][Int(generator.next() % 6)].utf8)
            case 2: bytes += Array(["é", "日本語", "😀", "\u{FFFD}", "ß"][Int(generator.next() % 5)].utf8)
            case 3: bytes += [UInt8](repeating: UInt8(ascii: "a"), count: Int(generator.next() % 40))
            case 22: bytes += Array(["\\q", "\\u12", "\\uZZZZ", "\\uD83D", "\\uDE00x", "\\uD83D\\u0041", "\\", "\\é"][Int(generator.next() % 8)].utf8)
            case 23: bytes += [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5], [0xE6, 0x97], [0x80], [0xF4, 0x90, 0x80, 0x80]][Int(generator.next() % 6)]
            case 24: bytes.append([0x0A, 0x00, 0x1F, 0x7F][Int(generator.next() % 4)])
            default: bytes.append(plain[Int(generator.next() % UInt64(plain.count))])
            }
        }
        if !oneIn(25) { bytes.append(UInt8(ascii: "\"")) }
        return bytes
    }
}
