import Testing
@testable import ValuegenRuntime

/// The string fast paths (sixteen bytes at a time, small Strings made from the checked bytes,
/// member names in one block, literals four bytes at a time) against the paths they
/// short-cut: the same String, the same end, the same error.
@Suite("JSON string fast paths")
struct JSONStringFastPathTests {
    @Test func readStringGivesWhatTheFullPathGives() {
        var generator = SeededGenerator(seed: 16)
        var plain = 0
        for round in 0..<60_000 {
            let document = Self.stringLikeDocument(&generator, round: round)
            if case .value(true, _) = readOutcome(document, { reader throws(JSONError) in reader.scanPlainString() != nil }) {
                plain += 1
            }
            // Only strings have a full path to compare with; other values' errors are pinned
            // by the error tests.
            guard let quote = document.firstIndex(where: { $0 != UInt8(ascii: " ") }),
                  document[quote] == UInt8(ascii: "\"") else { continue }
            let fast = readOutcome(document) { reader throws(JSONError) in try reader.readString() }
            let full = readOutcome(document) { reader throws(JSONError) in
                reader.skipWhitespace()
                return try reader.scanStringInTwoPasses()
            }
            #expect(fast == full, "\(document)")
            if case .value(let string, _) = fast {
                // The same String in every respect, not just equal.
                if case .value(let expected, _) = full {
                    #expect(Array(string.utf8) == Array(expected.utf8))
                    #expect(string.hashValue == expected.hashValue)
                    #expect(string.count == expected.count)
                    #expect(string.unicodeScalars.elementsEqual(expected.unicodeScalars))
                }
            }
        }
        // Both paths are well exercised.
        #expect(plain > 15_000 && plain < 45_000, "\(plain) of 60000 on the fast path")
    }

    @Test func memberNamesGiveWhatTheFullPathGives() {
        var generator = SeededGenerator(seed: 17)
        var plain = 0
        for round in 0..<60_000 {
            let document = Self.stringLikeDocument(&generator, round: round)
            guard document.first == UInt8(ascii: "\"") else { continue }
            let fast = readOutcome(document) { reader throws(JSONError) -> [UInt8]? in
                guard let name = reader.scanPlainKey() else { return nil }
                return Array(name)
            }
            let full = readOutcome(document) { reader throws(JSONError) -> [UInt8]? in
                let key = try reader.scanKeySlowly()
                #expect(key.unescaped == nil || key.unescaped == key.string)
                return key.unescaped == nil ? Array(key.bytes) : nil
            }
            // The fast path answers only for names without escapes, and then as the full path.
            if case .value(let name?, _) = fast {
                plain += 1
                #expect(fast == full, "\(document)")
                #expect(name.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            } else {
                #expect(fast == .value(nil, end: 0), "\(document) moved the reader")
            }
        }
        #expect(plain > 10_000 && plain < 45_000, "\(plain) of 60000 on the fast path")
        // And through readObject, keys as the body sees them.
        for round in 0..<20_000 {
            let name = Self.stringLikeDocument(&generator, round: round)
            let document = [UInt8(ascii: "{")] + name + Array(":1}".utf8)
            let fast = readOutcome(document) { reader throws(JSONError) -> [String] in
                var keys: [String] = []
                try reader.readObject { _, key throws(JSONError) in keys.append(key.string) }
                return keys
            }
            let expected = readOutcome(name) { reader throws(JSONError) -> [String] in
                reader.skipWhitespace()
                return [try reader.scanStringFully()]
            }
            if case .value(let keys, _) = fast, case .value(let names, _) = expected {
                #expect(keys == names, "\(document)")
            }
            // A malformed name makes a malformed object whatever follows it (the tail is commas
            // or spaces, which cannot end a string).
            if case .error = expected, case .value = fast {
                Issue.record("\(document) read as an object although its name is malformed")
            }
        }
    }

    @Test func smallStringsAreTheStandardLibrarysStrings() {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        #expect(SmallString.isAvailable)
        #endif
        guard SmallString.isAvailable else { return }
        var generator = SeededGenerator(seed: 15)
        let pieces = ["a", "Z", "0", " ", "~", "é", "ü", "ō", "€", "日", "😀", "\u{7F}", "\u{80}", "\u{FFFD}"]
        for _ in 0..<20_000 {
            var text = ""
            while true {
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                if text.utf8.count + piece.utf8.count > 15 || generator.next() % 6 == 0 { break }
                text += piece
            }
            let bytes = Array(text.utf8)
            var padded = bytes + [UInt8](repeating: 0, count: 16 - bytes.count)
            let words = padded.withUnsafeMutableBytes { buffer in
                (buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self), buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
            var made = SmallString.make(low: words.0, high: words.1, count: bytes.count, isASCII: bytes.allSatisfy { $0 < 0x80 })
            let expected = String(decoding: bytes, as: UTF8.self)
            #expect(made == expected)
            // The very same bits as the standard library's own small string.
            #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(expected, to: (UInt64, UInt64).self), "\(bytes)")
            #expect(made.hashValue == expected.hashValue)
            #expect(made.count == expected.count)
            #expect(Array(made.utf8) == bytes)
            #expect(made.utf8.count == bytes.count)
            #expect(made.unicodeScalars.elementsEqual(expected.unicodeScalars))
            #expect(made.lowercased() == expected.lowercased())
            made += "!"
            #expect(made == expected + "!")
        }
    }

    @Test func literalsGiveWhatTheFullPathGives() {
        let texts = ["true", "false", "null", "tru", "fals", "falsy", "nul", "nulll", "trues", "t", "f", "n", "", " true", "\ttrue ",
                     "false,", "true]", "True", "FALSE", "nan", "falsee", "fal se", "truefalse", "0", "\"true\""]
        for text in texts {
            let fast = readOutcome(text) { reader throws(JSONError) in try reader.readBool() }
            let full = readOutcome(text) { reader throws(JSONError) in
                reader.skipWhitespace()
                return try reader.readBoolSlowly()
            }
            #expect(fast == full, "\(text)")
            let null = readOutcome(text) { reader throws(JSONError) in reader.decodeNull() }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            #expect(null == .value(trimmed.hasPrefix("null"), end: trimmed.hasPrefix("null") ? text.utf8.count - trimmed.utf8.count + 4 : text.utf8.count - trimmed.utf8.count), "\(text)")
        }
    }

    // MARK: - Support

    /// A document that starts with a string, or nearly: quotes, escapes (good and bad),
    /// control characters, bytes above ASCII (well-formed or not), lengths around the
    /// sixteen-byte blocks, and the end of the document close after it or not.
    static func stringLikeDocument(_ generator: inout SeededGenerator, round: Int) -> [UInt8] {
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        let plain = Array("abcdefghijklmnopqrstuvwxyz ABC0123456789-_.,:;{}[]/".utf8)
        var bytes: [UInt8] = oneIn(20) ? [UInt8(ascii: " ")] : []
        bytes.append(oneIn(40) ? UInt8(ascii: "x") : UInt8(ascii: "\""))
        let length = oneIn(3) ? Int(generator.next() % 48) : Int(generator.next() % 18)
        // Plain ASCII only, also well-formed bytes above ASCII, or anything below.
        let allowed: Set<UInt64> = [[], [3, 4], Set(0..<8)][Int(generator.next() % 3)]
        for _ in 0..<length {
            let choice = generator.next() % 40
            switch allowed.contains(choice) ? choice : 40 {
            case 0: bytes += Array("\\n".utf8)
            case 1: bytes += Array("\\u00e9".utf8)
            case 2: bytes += Array("\\\"".utf8)
            case 3: bytes += Array("é".utf8)
            case 4: bytes += Array("😀".utf8)
            case 5: bytes.append(oneIn(4) ? 0x0A : 0xC3)  // a control character, or a lone lead byte
            case 6: bytes += oneIn(3) ? Array("\\q".utf8) : Array("\\uD83D\\uDE00".utf8)
            case 7: bytes.append(oneIn(2) ? 0x80 : 0xFF)
            default: bytes.append(plain[Int(generator.next() % UInt64(plain.count))])
            }
        }
        if !oneIn(30) {
            bytes.append(UInt8(ascii: "\""))
        }
        // What follows: from nothing to more than a block.
        let tail = [0, 1, 2, 15, 16, 17, 40][Int(generator.next() % 7)]
        bytes += [UInt8](repeating: UInt8(ascii: round % 2 == 0 ? "," : " "), count: tail)
        return bytes
    }
}
