import Testing
@testable import ValuegenRuntime

/// The number fast paths (Clinger, Eisel–Lemire, eight digits at a time) against the paths
/// they short-cut: the same value to the bit, the same end, the same error.
@Suite("JSON number fast paths")
struct JSONNumberFastPathTests {
    // MARK: - Eisel–Lemire

    @Test func eiselLemireAgreesWithTheStandardLibraryWheneverItAnswers() {
        var generator = SeededGenerator(seed: 1_2021)
        var normal = 0
        var decided = 0
        for round in 0..<200_000 {
            // Significands of every length, powers of ten across the whole table and beyond.
            let bits = Int.random(in: 1...64, using: &generator)
            var significand = generator.next() >> (64 - bits)
            if round % 5 == 0 {
                // Significands as JSON has them: at most 19 decimal digits.
                significand %= 10_000_000_000_000_000_000
            }
            let power = Int.random(in: -360...330, using: &generator)
            let negative = round % 3 == 0
            let expected = Double("\(negative ? "-" : "")\(significand)e\(power)")!
            let answer = EiselLemire.double(significand: significand, power: power, negative: negative)
            if let answer {
                #expect(answer.bitPattern == expected.bitPattern, "\(significand)e\(power)")
            }
            if expected.isNormal {
                normal += 1
                if answer != nil { decided += 1 }
            } else if expected.isInfinite || expected.isSubnormal {
                #expect(answer == nil, "\(significand)e\(power) is \(expected)")
            }
        }
        // Undecided products are rare: almost every normal result comes from the fast path.
        #expect(normal > 100_000)
        #expect(Double(decided) > 0.999 * Double(normal), "decided \(decided) of \(normal)")
    }

    @Test func eiselLemireNeverGuessesAtAMidpoint() throws {
        // Decimals exactly halfway between two neighbouring Doubles: (2M + 1)·2^(e-1) with M
        // a 53-bit significand, written with a UInt64 significand and a power of ten.
        var generator = SeededGenerator(seed: 754)
        var cases: [(UInt64, Int)] = [(9_007_199_254_740_993, 0), (9_007_199_254_740_995, 0), (18_014_398_509_481_985, 0)]
        for _ in 0..<20_000 {
            let m = (1 << 52) | (generator.next() >> 12)
            let odd = 2 * m + 1
            // Binary exponents from 0 to 10: integers.
            let shift = Int.random(in: 0...10, using: &generator)
            cases.append((odd << shift, 0))
            // Negative binary exponents down to -4: (2M + 1)·5^k · 10^-k.
            let k = Int.random(in: 1...4, using: &generator)
            var power5: UInt64 = 1
            for _ in 0..<k { power5 *= 5 }
            cases.append((odd * power5, -k))
        }
        for (significand, power) in cases {
            let expected = Double("\(significand)e\(power)")!
            if let answer = EiselLemire.double(significand: significand, power: power, negative: false) {
                #expect(answer.bitPattern == expected.bitPattern, "\(significand)e\(power)")
            }
            // The reader rounds them to even whichever path decides.
            #expect(try decode(Double.self, "\(significand)e\(power)").bitPattern == expected.bitPattern)
        }
    }

    @Test func eiselLemireHandlesTheEdgesOfTheDoubleRange() {
        // The greatest Double and just past it, the least normal Double and the greatest
        // subnormal, the ends of the table, the ends of Clinger's range.
        let decided = [
            "17976931348623157e292", "17976931348623158e292", "22250738585072014e-324",
            "1e308", "1e-307", "8589973e-22", "9007199254740993e-22", "1e22", "1e-22", "9999999999999999999e-308",
        ]
        for text in decided {
            let parts = text.split(separator: "e")
            let answer = EiselLemire.double(significand: UInt64(parts[0])!, power: Int(parts[1])!, negative: false)
            #expect(answer?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        // Infinity, subnormals, zero, and 10^23, which is exactly halfway between two
        // Doubles (5^23 needs 54 bits): the exact parser's cases.
        let undecided = [
            "17976931348623159e292", "1e309", "2225073858507201e-323", "22250738585072011e-324", "4940656458412465e-339", "1e-308",
            "9999999999999999999e-343", "1e-342", "1e23",
        ]
        for text in undecided {
            let parts = text.split(separator: "e")
            #expect(EiselLemire.double(significand: UInt64(parts[0])!, power: Int(parts[1])!, negative: false) == nil, "\(text)")
        }
        #expect(EiselLemire.double(significand: 0, power: 500, negative: true)?.bitPattern == (-0.0).bitPattern)
        #expect(EiselLemire.double(significand: 1, power: 309, negative: false) == nil)
        #expect(EiselLemire.double(significand: 1, power: -343, negative: false) == nil)
    }

    // MARK: - The reader's fast and full paths

    @Test func readDoubleGivesWhatTheFullPathGives() {
        var generator = SeededGenerator(seed: 8_259_1)
        for round in 0..<100_000 {
            let text = Self.numberLikeText(&generator, round: round)
            let fast = readOutcome(text) { reader throws(JSONError) in try reader.readDouble().bitPattern }
            let full = readOutcome(text) { reader throws(JSONError) in
                reader.skipWhitespace()
                return try reader.readDoubleSlowly().bitPattern
            }
            #expect(fast == full, "\(text)")
        }
    }

    @Test func readDoubleIsCorrectlyRoundedForEveryShape() throws {
        var generator = SeededGenerator(seed: 31)
        var checked = 0
        for round in 0..<100_000 {
            let text = Self.numberLikeText(&generator, round: round)
            // Only well-formed numbers: the standard library reads a wider syntax.
            guard Self.isJSONNumber(text), let expected = Double(text), expected.isFinite else { continue }
            #expect(try decode(Double.self, text).bitPattern == expected.bitPattern, "\(text)")
            checked += 1
        }
        #expect(checked > 20_000)
    }

    @Test func readIntegerGivesWhatTheFullPathGives() {
        var generator = SeededGenerator(seed: 64)
        for round in 0..<100_000 {
            let text = Self.numberLikeText(&generator, round: round)
            #expect(Self.readInteger(Int64.self, text) == Self.readIntegerFully(Int64.self, text), "\(text)")
            #expect(Self.readInteger(UInt64.self, text) == Self.readIntegerFully(UInt64.self, text), "\(text)")
            #expect(Self.readInteger(Int8.self, text) == Self.readIntegerFully(Int8.self, text), "\(text)")
            #expect(Self.readInteger(UInt32.self, text) == Self.readIntegerFully(UInt32.self, text), "\(text)")
        }
    }

    @Test func integersOfEveryLengthReadExactly() throws {
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<50_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var limit: UInt64 = 1
            for _ in 1..<digits { limit *= 10 }
            let value = UInt64.random(in: (digits == 1 ? 0 : limit)...(limit * 10 - 1), using: &generator)
            #expect(try decode([UInt64].self, "[\(value),\(value)]") == [value, value])
            #expect(try decode(UInt64.self, " \(value)\n") == value)
            #expect(try decode(UInt64.self, "\(value)") == value)
            if value <= UInt64(Int64.max) {
                #expect(try decode(Int64.self, "-\(value)") == -Int64(value))
            }
        }
    }

    // MARK: - Support

    /// A number, a malformed number, or something after a number: every part optional,
    /// digits runs from none to 25, leading zeros, all sorts of exponents and what follows.
    static func numberLikeText(_ generator: inout SeededGenerator, round: Int) -> String {
        func digits(_ range: ClosedRange<Int>) -> String {
            let count = Int.random(in: range, using: &generator)
            return String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(generator.next() % 10))) })
        }
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        var text = ""
        if oneIn(2) { text += "-" }
        if oneIn(4) {
            text += "0"
        } else {
            text += digits(oneIn(10) ? 0...25 : 1...8)
        }
        if !oneIn(3) {
            text += "." + digits(oneIn(10) ? 0...25 : 1...17)
        }
        if oneIn(3) {
            text += ["e", "E"][Int(generator.next() % 2)] + ["", "+", "-"][Int(generator.next() % 3)]
            text += digits(oneIn(8) ? 0...12 : 1...3)
        }
        if oneIn(4) {
            text += [",", "]", " ", "x", ".", "e", "-", "0", "1.5", "e5"][Int(generator.next() % 10)]
        }
        // Now and then a whole run of the same digit: eight-digit steps of zeros and nines.
        if round % 97 == 0 {
            text = (oneIn(2) ? "-" : "") + String(repeating: ["0", "9", "1"][Int(generator.next() % 3)], count: Int(generator.next() % 30) + 1)
        }
        return text
    }

    /// Whether the text is exactly one RFC 8259 number.
    static func isJSONNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }

    static func readInteger<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> ReadOutcome<T> {
        readOutcome(text) { reader throws(JSONError) in try reader.readInteger(T.self) }
    }

    /// `readInteger` through its full path only.
    static func readIntegerFully<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> ReadOutcome<T> {
        readOutcome(text) { reader throws(JSONError) in
            let positiveLimit = T.bitWidth == 64 && !T.isSigned ? UInt64.max : UInt64(T.max)
            let negativeLimit: UInt64 = !T.isSigned ? 0 : T.bitWidth == 64 ? 1 << 63 : UInt64(T.max) + 1
            reader.skipWhitespace()
            let integer = try reader.readIntegerMagnitudeSlowly(positiveLimit: positiveLimit, negativeLimit: negativeLimit, typeName: "\(T.self)")
            return integer.negative
                ? T(truncatingIfNeeded: Int64(bitPattern: 0 &- integer.magnitude))
                : T(truncatingIfNeeded: integer.magnitude)
        }
    }
}
