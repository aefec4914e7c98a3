import Foundation
import Testing
import ValuegenRuntime

@Suite("JSON scalars")
struct JSONScalarTests {
    // MARK: - Integers

    private func expectIntegerLimits<T: FixedWidthInteger & JSONCodable>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for value in [T.min, T.max, 0, 1, T.max - 1, T.min + (T.isSigned ? 1 : 0)] {
            #expect(encoded(value) == String(value), sourceLocation: sourceLocation)
            #expect(try decode(T.self, encoded(value)) == value, sourceLocation: sourceLocation)
        }
        if T.isSigned {
            #expect(try decode(T.self, "-1") == -1, sourceLocation: sourceLocation)
        }
        #expect(try decode(T.self, "-0") == 0, sourceLocation: sourceLocation)
        #expect(try decode(T.self, " \n\t\r7 \n") == 7, sourceLocation: sourceLocation)
    }

    private func expectOutOfRange<T: FixedWidthInteger & JSONCodable>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) {
        let aboveMax = (T.max.magnitude.description as String).incrementedDecimal
        let belowMin = T.isSigned ? "-" + T.min.magnitude.description.incrementedDecimal : "-1"
        for text in [aboveMax, belowMin, "1" + String(repeating: "0", count: 40), "-1" + String(repeating: "0", count: 40)] {
            expectError(T.self, text, "\(text) is out of the range of \(T.self)", at: 0, sourceLocation: sourceLocation)
            expectError([T].self, "[0, \(text)]", "\(text) is out of the range of \(T.self)", at: 4, path: [.index(1)], sourceLocation: sourceLocation)
        }
    }

    @Test func everyIntegerWidthRoundTripsItsMinimumAndMaximum() throws {
        try expectIntegerLimits(Int.self)
        try expectIntegerLimits(Int8.self)
        try expectIntegerLimits(Int16.self)
        try expectIntegerLimits(Int32.self)
        try expectIntegerLimits(Int64.self)
        try expectIntegerLimits(UInt.self)
        try expectIntegerLimits(UInt8.self)
        try expectIntegerLimits(UInt16.self)
        try expectIntegerLimits(UInt32.self)
        try expectIntegerLimits(UInt64.self)
        #expect(encoded(Int64.min) == "-9223372036854775808")
        #expect(encoded(UInt64.max) == "18446744073709551615")
    }

    @Test func everyIntegerWidthRefusesNumbersOneBeyondItsRange() {
        expectOutOfRange(Int.self)
        expectOutOfRange(Int8.self)
        expectOutOfRange(Int16.self)
        expectOutOfRange(Int32.self)
        expectOutOfRange(Int64.self)
        expectOutOfRange(UInt.self)
        expectOutOfRange(UInt8.self)
        expectOutOfRange(UInt16.self)
        expectOutOfRange(UInt32.self)
        expectOutOfRange(UInt64.self)
        expectError(Int8.self, "128", "128 is out of the range of Int8", at: 0)
        expectError(Int8.self, "-129", "-129 is out of the range of Int8", at: 0)
        expectError(UInt64.self, "18446744073709551616", "18446744073709551616 is out of the range of UInt64", at: 0)
        expectError(Int64.self, "-9223372036854775809", "-9223372036854775809 is out of the range of Int64", at: 0)
    }

    @Test func integersRefuseFractionsAndExponents() {
        expectError(Int.self, "1.0", "expected an integer, found 1.0", at: 0)
        expectError(Int.self, "1e2", "expected an integer, found 1e2", at: 0)
        expectError(UInt8.self, " -0.5", "expected an integer, found -0.5", at: 1)
    }

    // MARK: - Doubles

    @Test func doublesAtTheExtremesRoundTripBitForBit() throws {
        let values: [Double] = [
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 2.2250738585072014e-308, .leastNormalMagnitude.nextDown, 1.7976931348623157e308, -1.7976931348623157e308,
            0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, .pi, 1e-7, 123456.789, 1e15, 1e16, 9007199254740992, 9007199254740994,
            1e21, 1e22, 1e23, 4.35, 2.5e-5, 100, 999999999999999, 123456789012345.67,
        ]
        for value in values {
            let text = encoded(value)
            #expect(text == value.description, "\(value)")
            let back = try decode(Double.self, text)
            #expect(back.bitPattern == value.bitPattern, "\(text)")
        }
        #expect(encoded(Double.leastNonzeroMagnitude) == "5e-324")
        #expect(encoded(1.7976931348623157e308) == "1.7976931348623157e+308")
        #expect(encoded(-0.0) == "-0.0")
        #expect(try decode(Double.self, "-0").sign == .minus)
        #expect(try decode(Double.self, "-0.0e5").sign == .minus)
    }

    @Test func doublesAreWrittenInTheShortestFormThatRoundTrips() throws {
        var generator = SeededGenerator(seed: 8259)
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = encoded(value)
            #expect(text == value.description)
            #expect(try decode(Double.self, text).bitPattern == value.bitPattern)
            checked += 1
        }
        // Small integers and short decimals take other paths in the writer and the reader.
        for _ in 0..<5_000 {
            let value = Double(Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000, using: &generator)) / [1, 10, 100, 1000][Int.random(in: 0..<4, using: &generator)]
            #expect(encoded(value) == value.description)
            #expect(try decode(Double.self, encoded(value)) == value)
        }
    }

    @Test func doublesReadEveryNumberSyntaxCorrectlyRounded() throws {
        #expect(try decode(Double.self, "1E+2") == 100)
        #expect(try decode(Double.self, "1e-2") == 0.01)
        #expect(try decode(Double.self, "12345678901234567890") == 12345678901234567890.0)
        #expect(try decode(Double.self, "0.1000000000000000055511151231257827") == 0.1)
        #expect(try decode(Double.self, "2.4703282292062328e-324") == .leastNonzeroMagnitude)
        #expect(try decode(Double.self, "1e-400") == 0)
        #expect(try decode(Double.self, "9007199254740993") == 9007199254740992)
        #expect(try decode(Double.self, "1" + String(repeating: "0", count: 300)) == 1e300)
    }

    @Test func doublesBeyondTheRangeAreErrors() {
        expectError(Double.self, "1e309", "1e309 is out of the range of Double", at: 0)
        expectError(Double.self, "-1.8e308", "-1.8e308 is out of the range of Double", at: 0)
        expectError([Double].self, "[1, 1e99999999999]", "1e99999999999 is out of the range of Double", at: 4, path: [.index(1)])
    }

    @Test func nonFiniteDoublesAreWrittenAsNull() throws {
        #expect(encoded(Double.infinity) == "null")
        #expect(encoded(-Double.infinity) == "null")
        #expect(encoded(Double.nan) == "null")
        #expect(encoded([1, Double.nan, 2]) == "[1.0,null,2.0]")
        #expect(try decode([Double?].self, encoded([1, Double.infinity])) == [1, nil])
        expectError(Double.self, "null", "expected a number, found null", at: 0)
        expectError(Double.self, "NaN", "expected a number, found 'NaN'", at: 0)
        expectError(Double.self, "-Infinity", "expected a digit after '-' in a number", at: 1)
    }

    // MARK: - Floats

    @Test func floatsRoundTripInTheirOwnShortestForm() throws {
        let values: [Float] = [.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, -0.0, 0.1, 1.0 / 3, 16_777_218, 3.4e38]
        for value in values {
            #expect(encoded(value) == value.description)
            #expect(try decode(Float.self, encoded(value)).bitPattern == value.bitPattern)
        }
        var generator = SeededGenerator(seed: 754)
        for _ in 0..<20_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            guard value.isFinite else { continue }
            #expect(encoded(value) == value.description)
            #expect(try decode(Float.self, encoded(value)).bitPattern == value.bitPattern)
        }
        #expect(encoded(Float.nan) == "null")
    }

    @Test func floatsAreRoundedOnceFromTheDecimal() throws {
        // Just above the midpoint of 1 and the next Float: through a Double it would round to
        // the midpoint, then to even (1.0).
        #expect(try decode(Float.self, "1.000000059604644775390625000001") == 1.0000001)
        #expect(try decode(Float.self, "1.00000005960464477539062499") == 1)
        #expect(try decode(Float.self, "0.1") == 0.1)
        #expect(try decode(Float.self, "1e-46") == 0)
    }

    @Test func floatsBeyondTheRangeAreErrors() {
        expectError(Float.self, "3.5e38", "3.5e38 is out of the range of Float", at: 0)
        expectError([Float].self, "[ -1e39 ]", "-1e39 is out of the range of Float", at: 2, path: [.index(0)])
    }

    // MARK: - Bool

    @Test func boolsRoundTrip() throws {
        #expect(encoded(true) == "true")
        #expect(encoded(false) == "false")
        #expect(try decode(Bool.self, " true ") == true)
        #expect(try decode([Bool].self, "[false,true]") == [false, true])
        expectError(Bool.self, "1", "expected true or false, found a number", at: 0)
        expectError(Bool.self, "True", "expected true or false, found 'True'", at: 0)
        expectError(Bool.self, "\"true\"", "expected true or false, found a string", at: 0)
    }

    // MARK: - Strings

    @Test func stringsReadEveryEscape() throws {
        let json = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u00E9\u20AC\uD83D\uDE00\u0000\uFFFF\uDBFF\uDFFF""#
        #expect(try decode(String.self, json) == "\"\\/\u{8}\u{C}\n\r\tA\u{E9}\u{E9}\u{20AC}\u{1F600}\u{0}\u{FFFF}\u{10FFFF}")
    }

    @Test func stringsWriteTheShortEscapesAndHexForOtherControlCharacters() throws {
        #expect(encoded("\"\\/\u{8}\u{C}\n\r\t") == #""\"\\/\b\f\n\r\t""#)
        for scalar in 0..<0x20 where ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(scalar) {
            let text = String(Unicode.Scalar(UInt8(scalar)))
            let hex = String(scalar, radix: 16)
            #expect(encoded(text) == "\"\\u00" + (hex.count == 1 ? "0" : "") + hex + "\"")
        }
        for scalar in 0..<0x80 {
            let text = "a" + String(Unicode.Scalar(UInt8(scalar))) + "b"
            #expect(try decode(String.self, encoded(text)) == text)
        }
        // DEL and the line separators need no escape in JSON.
        #expect(encoded("\u{7F}\u{2028}\u{2029}") == "\"\u{7F}\u{2028}\u{2029}\"")
    }

    @Test func stringsWithScalarsOutsideTheBasicPlaneRoundTrip() throws {
        let text = "😀 𝄞 🇫🇷 \u{10FFFF} 👩‍👩‍👧 é e\u{301}"
        #expect(encoded(text) == "\"" + text + "\"")
        #expect(try decode(String.self, encoded(text)) == text)
        #expect(try decode(String.self, #""\ud83d\ude00""#) == "😀")
        #expect(try decode(String.self, "\"\u{1F600}\\n\"") == "😀\n")
        #expect(encoded("") == "\"\"")
        #expect(try decode(String.self, "\"\"") == "")
    }

    @Test func stringsRefuseOtherTypes() {
        expectError(String.self, "1", "expected a string, found a number", at: 0)
        expectError(String.self, "null", "expected a string, found null", at: 0)
        expectError(String.self, "'a'", "expected a string, found '''", at: 0)
        expectError(String.self, "[\"a\"]", "expected a string, found an array", at: 0)
    }
}

private extension String {
    /// "255" → "256": one more than a non-negative decimal.
    var incrementedDecimal: String {
        var digits = Array(utf8)
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                digits[index] += 1
                return String(decoding: digits, as: UTF8.self)
            }
        }
        return "1" + String(decoding: digits, as: UTF8.self)
    }
}
