import Foundation
import Testing
import ValuegenRuntime

/// docs/BinaryFormat.md, "Numbers in fields": a field's wire type is chosen per value.
@Suite struct BinaryNumberFieldTests {
    // MARK: - Doubles as short decimals

    @Test(arguments: [
        (0.0 as Double, "08 00"), (0.1, "08 21"), (-0.1, "08 11"), (2.5, "08 A1 06"), (1e-9, "08 29"), (1.0, "08 20"),
        (100.0, "08 80 19"), (0.345, "08 A3 56"), (698.483, "08 E3 9C D4 0A"), (-104.048, "08 F3 9B CB 01"),
        (0.123456789012, "08 8C 85 8D 99 FD 72"), (17_592_186_044_415.0, "08 E0 FF FF FF FF FF 7F"),
    ] as [(Double, String)])
    func writesAShortDecimalAsAVarint(value: Double, hex: String) throws {
        #expect(binaryFieldHex(value) == hex)
        #expect(try readBinaryField(Double.self, hex).bitPattern == value.bitPattern)
    }

    @Test(arguments: [
        (0.1 + 0.2, "09 34 33 33 33 33 33 D3 3F"), (-0.0, "09 00 00 00 00 00 00 00 80"),
        (Double.nan, "09 00 00 00 00 00 00 F8 7F"), (Double.infinity, "09 00 00 00 00 00 00 F0 7F"),
        (17_592_186_044_416.0, "09 00 00 00 00 00 00 B0 42"), (Double.pi, "09 18 2D 44 54 FB 21 09 40"),
        (123_456_789_012_345.0, "09 40 DE 77 83 21 12 DC 42"),
    ] as [(Double, String)])
    func writesAnyOtherDoubleAsFixed64(value: Double, hex: String) throws {
        #expect(binaryFieldHex(value) == hex)
        #expect(try readBinaryField(Double.self, hex).bitPattern == value.bitPattern)
    }

    @Test func writesDatesAndCGFloatsAsDoubles() throws {
        // 1.5 s after the reference date: 15 / 10^1.
        #expect(binaryFieldHex(Date(timeIntervalSinceReferenceDate: 1.5)) == "08 E1 03")
        // 1970: -978307200 s, an integer.
        #expect(binaryFieldHex(Date(timeIntervalSince1970: 0)) == "08 F0 9F E4 CF 74")
        #expect(try readBinaryField(Date.self, "08 F0 9F E4 CF 74") == Date(timeIntervalSince1970: 0))
        #expect(binaryFieldHex(CGFloat(2.5)) == "08 A1 06")
        #expect(try readBinaryField(CGFloat.self, "08 A1 06") == 2.5)
        let now = Date()
        #expect(try BinaryField<Date>(binaryBytes: BinaryField(now).binaryBytes()).value == now)
    }

    @Test func keepsFloatsAndCollectionElementsFixed() {
        #expect(binaryFieldHex(Float(1.5)) == "0D 00 00 C0 3F")
        // Elements carry no tag: every element of a [Double] is fixed64.
        #expect(binaryPayloadHex([0.5]) == "09 01 00 00 00 00 00 00 E0 3F")
        #expect(binaryPayloadHex(["a": 0.5]) == "0B 01 01 61 00 00 00 00 00 00 E0 3F")
        #expect(binaryPayloadHex(Double?.some(0.5)) == "08 00 00 00 00 00 00 E0 3F")
        // The root is no field either.
        #expect(binaryPayloadHex(0.5) == "00 00 00 00 00 00 E0 3F")
    }

    @Test func readsADecimalThatIsNotTheShortest() throws {
        // 0.1 as 10 / 10^2: zigzag(10) << 4 | 2 = 322.
        #expect(try readBinaryField(Double.self, "08 C2 02") == 0.1)
        // Any varint is some Double: the largest, m = -(2^59), k = 15.
        #expect(try readBinaryField(Double.self, "08 FF FF FF FF FF FF FF FF FF 01") == Double(-(Int64(1) << 59)) / 1e15)
    }

    @Test func refusesOtherWireTypesForDoubles() {
        expectBinaryError(BinaryField<Double>.self, binaryDocument("02 0A 00"), "field 1 has wire type length-delimited, expected fixed64 or varint", at: 6, path: [1])
        expectBinaryError(BinaryField<Float>.self, binaryDocument("02 08 00"), "field 1 has wire type varint, expected fixed32", at: 6, path: [1])
        expectBinaryError(BinaryField<Double>.self, binaryDocument("02 08 80"), "a varint runs past the end of the enclosing value, which ends at byte 8", at: 7, path: [1])
    }

    /// The definition, by brute force: the smallest k in 0...15 for which m, the nearest
    /// integer to d · 10^k, gives d back as Double(m) / 10^k, while |d · 10^k| < 2^44 (so that
    /// the varint is shorter than 8 bytes).
    private static func referenceDecimal(_ value: Double) -> (m: Int64, k: Int)? {
        let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
        guard value.isFinite, value.bitPattern != (-0.0 as Double).bitPattern else { return nil }
        for k in 0...15 {
            let scaled = value * powers[k]
            guard abs(scaled) < 0x1p44 else { return nil }
            let m = scaled.rounded()
            if (m / powers[k]).bitPattern == value.bitPattern {
                return (Int64(m), k)
            }
        }
        return nil
    }

    private static func expectedFieldHex(_ value: Double) -> String {
        guard let (m, k) = referenceDecimal(value) else {
            return hexString([0x09] + withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) })
        }
        var varint = (UInt64(bitPattern: (m << 1) ^ (m >> 63)) << 4) | UInt64(k)
        var bytes: [UInt8] = [0x08]
        while varint >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: varint) | 0x80)
            varint >>= 7
        }
        bytes.append(UInt8(varint))
        return hexString(bytes)
    }

    @Test func choosesTheDecimalTheDefinitionChoosesForManyValues() throws {
        var generator = SeededGenerator(seed: 21)
        var values: [Double] = [0, 1, -1, 0.5, 1e-15, 1.5e-15, 1e-16, .leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p44, 0x1p44 - 1, 0x1p43 + 0.5,
                                1e13, 1.7e13, 1.76e13, 17_592_186_044_415.5, 9_999_999_999_999.9, 0.30000000000000004, 1.0 / 3]
        for _ in 0..<20_000 {
            // Decimals m / 10^k, as the benchmark and most data make them.
            let digits = Int.random(in: 0...14, using: &generator)
            let m = Int64.random(in: -(Int64(1) << 44)...(Int64(1) << 44), using: &generator) / Int64(pow(10, Double(Int.random(in: 0...13, using: &generator))))
            values.append(Double(m) / pow(10, Double(digits)))
            // Arithmetic on decimals, which often is no short decimal.
            values.append(Double(UInt64.random(in: 0..<180_000, using: &generator)) / 1000 - 90)
            // Any bits at all.
            values.append(Double(bitPattern: generator.next()))
            // Values near the powers of two that bound k.
            values.append(Double(sign: .plus, exponent: Int.random(in: -60...50, using: &generator), significand: 1) * (1 + Double(Int.random(in: -3...3, using: &generator)) * 0x1p-52))
        }
        for value in values {
            #expect(binaryFieldHex(value) == Self.expectedFieldHex(value), "\(value)")
            #expect(binaryFieldHex(-value) == Self.expectedFieldHex(-value), "\(-value)")
            let back = try BinaryField<Double>(binaryBytes: BinaryField(value).binaryBytes()).value
            #expect(back.bitPattern == value.bitPattern || (back.isNaN && value.isNaN), "\(value)")
        }
    }

    /// Field `fieldNumber` holding `value` as the definition has it: tag and payload.
    private static func expectedFieldBytes(_ fieldNumber: Int, _ value: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        guard let (m, k) = referenceDecimal(value) else {
            varint(UInt64(fieldNumber) << 3 | 1)
            return bytes + withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
        }
        varint(UInt64(fieldNumber) << 3)
        varint((UInt64(bitPattern: (m << 1) ^ (m >> 63)) << 4) | UInt64(k))
        return bytes
    }

    /// The writer first tries, as the most decimals, the `k` of the last decimal of the same
    /// field number (modulo 16) that this did not find: a long run of fields in one writer,
    /// whose values have the number of decimals of the one before, or one more or fewer, or
    /// trailing zeros, or are no decimal at all, gives what each value alone gives by the
    /// definition.
    @Test func choosesTheDecimalTheDefinitionChoosesWhateverCameBefore() {
        var generator = SeededGenerator(seed: 77)
        var writer = BinaryWriter()
        var expected: [UInt8] = []
        let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 0x1p44, 0x1p44 - 1, 17_592_186_044_415.5, .leastNonzeroMagnitude,
                                  .leastNormalMagnitude, 1e-15, 1.5e-15, 1e15, 0.30000000000000004, 100, 1e-16]
        for _ in 0..<60_000 {
            let fieldNumber = [1, 2, 3, 17, 18, 19, 33, 15, 16, 31][Int.random(in: 0..<10, using: &generator)]
            let value: Double
            switch Int.random(in: 0..<8, using: &generator) {
            case 0:
                value = specials[Int.random(in: 0..<specials.count, using: &generator)]
            case 1:
                value = Double(bitPattern: generator.next())
            case 2:
                // Arithmetic on decimals, often no short decimal.
                value = Double(UInt64.random(in: 0..<360_000, using: &generator)) / 1000 - 180
            default:
                // Decimals of 0 to 15 places, few of them per field so that hints hit; some
                // end in zeros.
                let places = (fieldNumber + Int.random(in: -1...1, using: &generator) + 16) % 16
                let digits = Int64.random(in: 0...(Int64(1) << 46), using: &generator) / Int64(pow(10, Double(Int.random(in: 0...14, using: &generator))))
                let m = Int.random(in: 0..<4, using: &generator) == 0 ? digits * 100 : digits
                value = (Bool.random(using: &generator) ? -1 : 1) * Double(m) / pow(10, Double(places))
            }
            writer.writeField(fieldNumber, value)
            expected += Self.expectedFieldBytes(fieldNumber, value)
        }
        let written = writer.bytes
        #expect(written.count == expected.count)
        if written != expected {
            let first = (0..<min(written.count, expected.count)).first { written[$0] != expected[$0] } ?? min(written.count, expected.count)
            Issue.record("the bytes differ first at \(first): \(hexString(Array(written[max(0, first - 12)..<min(written.count, first + 12)])))")
        }
    }

    // MARK: - Integers as fixed64 when that is shorter

    @Test(arguments: [
        (Int64(1), "08 02"), (Int64(-1), "08 01"),
        (Int64(36_028_797_018_963_967), "08 FE FF FF FF FF FF FF 7F"), (Int64(-36_028_797_018_963_968), "08 FF FF FF FF FF FF FF 7F"),
        (Int64(36_028_797_018_963_968), "09 00 00 00 00 00 00 80 00"), (Int64(-36_028_797_018_963_969), "09 FF FF FF FF FF FF 7F FF"),
        (Int64.max, "09 FF FF FF FF FF FF FF 7F"), (Int64.min, "09 00 00 00 00 00 00 00 80"),
    ] as [(Int64, String)])
    func writesASignedIntegerAsFixed64WhenItsVarintWouldBeLonger(value: Int64, hex: String) throws {
        #expect(binaryFieldHex(value) == hex)
        #expect(binaryFieldHex(Int(value)) == hex)
        #expect(try readBinaryField(Int64.self, hex) == value)
        #expect(try readBinaryField(Int.self, hex) == Int(value))
    }

    @Test(arguments: [
        (UInt64(1), "08 01"), (UInt64(72_057_594_037_927_935), "08 FF FF FF FF FF FF FF 7F"),
        (UInt64(72_057_594_037_927_936), "09 00 00 00 00 00 00 00 01"), (UInt64.max, "09 FF FF FF FF FF FF FF FF"),
    ] as [(UInt64, String)])
    func writesAnUnsignedIntegerAsFixed64WhenItsVarintWouldBeLonger(value: UInt64, hex: String) throws {
        #expect(binaryFieldHex(value) == hex)
        #expect(binaryFieldHex(UInt(value)) == hex)
        #expect(try readBinaryField(UInt64.self, hex) == value)
    }

    @Test func keepsNarrowIntegersVarintsAndReadsEitherWireType() throws {
        #expect(binaryFieldHex(Int32.min) == "08 FF FF FF FF 0F")
        #expect(binaryFieldHex(UInt32.max) == "08 FF FF FF FF 0F")
        // Small values written as fixed64 (another writer may) read the same.
        #expect(try readBinaryField(Int8.self, "09 FB FF FF FF FF FF FF FF") == -5)
        #expect(try readBinaryField(UInt16.self, "09 05 00 00 00 00 00 00 00") == 5)
        #expect(try readBinaryField(Int.self, "09 05 00 00 00 00 00 00 00") == 5)
    }

    @Test func checksTheRangeOfAFixed64Integer() {
        expectBinaryError(BinaryField<Int8>.self, binaryDocument("09 09 2C 01 00 00 00 00 00 00"), "300 is out of the range of Int8", at: 7, path: [1])
        expectBinaryError(BinaryField<UInt32>.self, binaryDocument("09 09 00 00 00 00 01 00 00 00"), "4294967296 is out of the range of UInt32", at: 7, path: [1])
        expectBinaryError(BinaryField<UInt8>.self, binaryDocument("09 09 FF FF FF FF FF FF FF FF"), "18446744073709551615 is out of the range of UInt8", at: 7, path: [1])
        expectBinaryError(BinaryField<Int>.self, binaryDocument("03 09 01 02"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 9", at: 7, path: [1])
    }

    @Test func refusesOtherWireTypesForIntegersAndBools() {
        expectBinaryError(BinaryField<Int>.self, binaryDocument("05 0D 00 00 00 00"), "field 1 has wire type fixed32, expected varint or fixed64", at: 6, path: [1])
        expectBinaryError(BinaryField<UInt8>.self, binaryDocument("02 0A 00"), "field 1 has wire type length-delimited, expected varint or fixed64", at: 6, path: [1])
        expectBinaryError(BinaryField<Bool>.self, binaryDocument("09 09 01 00 00 00 00 00 00 00"), "field 1 has wire type fixed64, expected varint", at: 6, path: [1])
    }

    @Test func roundTripsIntegersOfEveryWidthThroughFields() throws {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<2000 {
            let bits = generator.next() >> UInt64.random(in: 0...63, using: &generator)
            let signed = Int64(bitPattern: bits) * (Bool.random(using: &generator) ? 1 : -1)
            #expect(try BinaryField<Int64>(binaryBytes: BinaryField(signed).binaryBytes()).value == signed)
            #expect(try BinaryField<UInt64>(binaryBytes: BinaryField(bits).binaryBytes()).value == bits)
            #expect(try BinaryField<Int32>(binaryBytes: BinaryField(Int32(truncatingIfNeeded: signed)).binaryBytes()).value == Int32(truncatingIfNeeded: signed))
        }
    }
}
