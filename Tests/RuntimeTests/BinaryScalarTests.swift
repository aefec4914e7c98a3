import Foundation
import Testing
import ValuegenRuntime

@Suite struct BinaryScalarTests {
    // MARK: - Header

    @Test func documentStartsWithMagicAndVersion() {
        #expect(BinaryFormat.magic == Array("VGB".utf8))
        #expect(BinaryFormat.version == 1)
        #expect(hexString(true.binaryBytes()) == "56 47 42 01 00 01", "the header, an empty string table, the value")
        #expect(Data(true.binaryBytes()) == true.binaryData())
    }

    @Test func readsFromDataAndFromBytes() throws {
        #expect(try Int(binaryData: Data(binaryDocument("54"))) == 42)
        #expect(try Int(binaryBytes: binaryDocument("54")) == 42)
    }

    // MARK: - Varints

    @Test(arguments: [
        (UInt64(0), "00"), (1, "01"), (127, "7F"), (128, "80 01"), (300, "AC 02"), (16_383, "FF 7F"), (16_384, "80 80 01"),
        (UInt64(UInt32.max), "FF FF FF FF 0F"), (UInt64(1) << 63, "80 80 80 80 80 80 80 80 80 01"),
        (UInt64.max, "FF FF FF FF FF FF FF FF FF 01"),
    ])
    func writesUnsignedIntegersAsShortestVarints(value: UInt64, hex: String) throws {
        #expect(binaryPayloadHex(value) == hex)
        #expect(try UInt64(binaryBytes: binaryDocument(hex)) == value)
    }

    @Test(arguments: [
        (Int64(0), "00"), (-1, "01"), (1, "02"), (-2, "03"), (63, "7E"), (-64, "7F"), (64, "80 01"), (-65, "81 01"),
        (Int64.max, "FE FF FF FF FF FF FF FF FF 01"), (Int64.min, "FF FF FF FF FF FF FF FF FF 01"),
    ])
    func writesSignedIntegersAsZigzagVarints(value: Int64, hex: String) throws {
        #expect(binaryPayloadHex(value) == hex)
        #expect(try Int64(binaryBytes: binaryDocument(hex)) == value)
    }

    @Test func writerVarintsAreWhatReaderVarintsRead() throws {
        var generator = SeededGenerator(seed: 5)
        var writer = BinaryWriter()
        var values: [UInt64] = []
        for _ in 0..<2000 {
            let value = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            values.append(value)
            writer.writeVarint(value)
        }
        let bytes = writer.bytes
        try bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(bytes: buffer)
            for value in values {
                #expect(try reader.readVarint() == value)
            }
            try reader.finish()
        }
    }

    // MARK: - Integers of every width

    @Test func roundTripsEveryIntegerTypeAtItsExtremes() throws {
        for value in [Int.min, -1, 0, 1, Int.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [Int8.min, -1, 0, 1, Int8.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [Int16.min, -1, 0, 1, Int16.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [Int32.min, -1, 0, 1, Int32.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [Int64.min, -1, 0, 1, Int64.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [UInt.min, 1, UInt.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [UInt8.min, 1, UInt8.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [UInt16.min, 1, UInt16.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [UInt32.min, 1, UInt32.max] { #expect(try binaryRoundTrip(value) == value) }
        for value in [UInt64.min, 1, UInt64.max] { #expect(try binaryRoundTrip(value) == value) }
    }

    @Test func narrowIntegersWriteTheSameBytesAsWideOnes() throws {
        #expect(binaryPayloadHex(Int8(-3)) == binaryPayloadHex(Int64(-3)))
        #expect(binaryPayloadHex(Int32.min) == binaryPayloadHex(Int64(Int32.min)))
        #expect(binaryPayloadHex(UInt16.max) == binaryPayloadHex(UInt64(UInt16.max)))
        #expect(try Int64(binaryBytes: Int8.min.binaryBytes()) == -128, "widening a type keeps old data readable")
    }

    @Test func refusesIntegersOutOfTheRangeOfTheType() {
        expectBinaryError(Int8.self, binaryDocument("D8 04"), "300 is out of the range of Int8", at: 5)
        expectBinaryError(Int8.self, binaryDocument("81 02"), "-129 is out of the range of Int8", at: 5)
        expectBinaryError(Int16.self, binaryDocument("80 80 04"), "32768 is out of the range of Int16", at: 5)
        expectBinaryError(Int32.self, binaryDocument("81 80 80 80 10"), "-2147483649 is out of the range of Int32", at: 5)
        expectBinaryError(UInt8.self, binaryDocument("AC 02"), "300 is out of the range of UInt8", at: 5)
        expectBinaryError(UInt16.self, binaryDocument("80 80 04"), "65536 is out of the range of UInt16", at: 5)
        expectBinaryError(UInt32.self, binaryDocument("80 80 80 80 10"), "4294967296 is out of the range of UInt32", at: 5)
    }

    // MARK: - Bool

    @Test func writesBoolsAsZeroOrOne() throws {
        #expect(binaryPayloadHex(false) == "00")
        #expect(binaryPayloadHex(true) == "01")
        #expect(try binaryRoundTrip(true) == true)
        #expect(try binaryRoundTrip(false) == false)
    }

    @Test func refusesBoolsOtherThanZeroOrOne() {
        expectBinaryError(Bool.self, binaryDocument("02"), "expected a Bool (0 or 1), found 2", at: 5)
        expectBinaryError(Bool.self, binaryDocument("FF 01"), "expected a Bool (0 or 1), found 255", at: 5)
        // 0 and 1 are read inline from one byte; a longer form of them is not shortest.
        expectBinaryError(Bool.self, binaryDocument("81 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 5)
        expectBinaryError(Bool.self, binaryDocument("80 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 5)
        expectBinaryError(Bool.self, binaryDocument(""), "a varint runs past the end of the data", at: 5)
    }

    @Test func aBoolIsNotReadFromPastTheEndOfItsMessage() throws {
        // A message of one byte, field 1's tag; the 01 after it is outside the message.
        expectBinaryError(BoolMessage.self, binaryDocument("01 08 01"), "a varint runs past the end of the enclosing value, which ends at byte 7", at: 7, path: [1])
        #expect(try BoolMessage(binaryBytes: binaryDocument("02 08 01")).flag == true)
        #expect(try BoolMessage(binaryBytes: binaryDocument("02 08 00")).flag == false)
    }

    // MARK: - Floating point

    @Test func writesDoublesAndFloatsAsLittleEndianIEEEBits() {
        #expect(binaryPayloadHex(1.0) == "00 00 00 00 00 00 F0 3F")
        #expect(binaryPayloadHex(-2.5) == "00 00 00 00 00 00 04 C0")
        #expect(binaryPayloadHex(Float(1.0)) == "00 00 80 3F")
        #expect(binaryPayloadHex(CGFloat(1.0)) == "00 00 00 00 00 00 F0 3F")
    }

    @Test func roundTripsEveryDoubleBitForBit() throws {
        let values: [Double] = [0, -0.0, 1, -1, .pi, .infinity, -.infinity, .nan, -.nan, .signalingNaN,
                                Double(nan: 0x1234, signaling: false), .leastNonzeroMagnitude, .leastNormalMagnitude,
                                .greatestFiniteMagnitude, 0.1, 1e-300]
        for value in values {
            #expect(try binaryRoundTrip(value).bitPattern == value.bitPattern)
        }
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<1000 {
            let value = Double(bitPattern: generator.next())
            #expect(try binaryRoundTrip(value).bitPattern == value.bitPattern)
        }
    }

    @Test func roundTripsFloatsAndCGFloatsBitForBit() throws {
        for value: Float in [0, -0.0, 1.5, .infinity, .nan, Float(nan: 7, signaling: false), .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            #expect(try binaryRoundTrip(value).bitPattern == value.bitPattern)
        }
        for value: CGFloat in [0, -1.25, .greatestFiniteMagnitude, .infinity] {
            #expect(try binaryRoundTrip(value) == value)
        }
        #expect(try binaryRoundTrip(CGFloat.nan).isNaN)
    }

    @Test func refusesFixedWidthValuesCutOff() {
        expectBinaryError(Double.self, binaryDocument("00 00 00"), "a fixed64 value runs past the end of the data", at: 5)
        expectBinaryError(Float.self, binaryDocument("00 00 80"), "a fixed32 value runs past the end of the data", at: 5)
        expectBinaryError(Date.self, binaryDocument(""), "a fixed64 value runs past the end of the data", at: 5)
    }

    // MARK: - Strings and bytes

    @Test func writesStringsAsLengthDelimitedUTF8() throws {
        #expect(binaryPayloadHex("") == "00")
        #expect(binaryPayloadHex("hé") == "03 68 C3 A9")
        #expect(binaryPayloadHex("😀") == "04 F0 9F 98 80")
        #expect(try binaryRoundTrip("naïve 😀 \u{0} \u{FFFF}") == "naïve 😀 \u{0} \u{FFFF}")
    }

    @Test func writesLongLengthsAsMultiByteVarints() throws {
        let text200 = String(repeating: "a", count: 200)
        #expect(binaryPayloadHex(text200).hasPrefix("C8 01 61"))
        let text20000 = String(repeating: "b", count: 20_000)
        #expect(binaryPayloadHex(text20000).hasPrefix("A0 9C 01 62"))
        #expect(try binaryRoundTrip(text20000) == text20000)
    }

    @Test func roundTripsHugeStringsAndData() throws {
        let huge = String(repeating: "Valuegen ✓ ", count: 200_000)
        #expect(try binaryRoundTrip(huge) == huge)
        var generator = SeededGenerator(seed: 3)
        let data = Data((0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(try binaryRoundTrip(data) == data)
        #expect(try binaryRoundTrip(Data()) == Data())
    }

    @Test func refusesInvalidUTF8() {
        expectBinaryError(String.self, binaryDocument("02 C3 28"), "a string is not valid UTF-8", at: 6)
        expectBinaryError(String.self, binaryDocument("03 ED A0 80"), "a string is not valid UTF-8", at: 6)  // a UTF-16 surrogate
        expectBinaryError(String.self, binaryDocument("02 C0 AF"), "a string is not valid UTF-8", at: 6)  // overlong '/'
        expectBinaryError(String.self, binaryDocument("01 FE"), "a string is not valid UTF-8", at: 6)
        expectBinaryError(String.self, binaryDocument("02 61 FF"), "a string is not valid UTF-8", at: 7)  // 0xFF only leads a reference
        // The offset is that of the first byte that is not UTF-8.
        expectBinaryError(String.self, binaryDocument("05 61 62 FF 63 64"), "a string is not valid UTF-8", at: 8)
        expectBinaryError(String.self, binaryDocument("0B 61 62 63 64 65 66 67 68 69 F4 90"), "a string is not valid UTF-8", at: 15)  // above U+10FFFF
        expectBinaryError(String.self, binaryDocument("03 61 E2 82"), "a string is not valid UTF-8", at: 7)  // cut off
    }

    @Test func refusesLengthsPastTheEnd() {
        expectBinaryError(String.self, binaryDocument("05 41"), "a length-delimited value of 5 bytes runs past the end of the data", at: 5)
        expectBinaryError(Data.self, binaryDocument("FF FF FF FF FF FF FF FF FF 01"), "a length-delimited value of 18446744073709551615 bytes runs past the end of the data", at: 5)
        expectBinaryError(Data.self, binaryDocument(""), "a varint runs past the end of the data", at: 5)
    }

    // MARK: - Foundation types

    @Test func writesDatesAsSecondsSinceTheReferenceDate() throws {
        #expect(binaryPayloadHex(Date(timeIntervalSinceReferenceDate: 1.0)) == "00 00 00 00 00 00 F0 3F")
        #expect(try Date(binaryBytes: binaryDocument("00 00 00 00 00 00 00 00")) == Date(timeIntervalSince1970: 978_307_200))
    }

    @Test func roundTripsEveryDateExactly() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<1000 {
            let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -4e9...4e9, using: &generator))
            #expect(try binaryRoundTrip(date) == date)
        }
        let now = Date()
        #expect(try binaryRoundTrip(now) == now)
        #expect(try binaryRoundTrip(Date.distantPast) == .distantPast)
        #expect(try binaryRoundTrip(Date.distantFuture) == .distantFuture)
    }

    @Test func writesURLsAsTheirAbsoluteString() throws {
        let url = URL(string: "https://example.com/a%20b?q=1#top")!
        #expect(try binaryRoundTrip(url) == url)
        #expect(binaryPayloadHex(URL(string: "a:b")!) == "03 61 3A 62")
        #expect(try binaryRoundTrip(URL(string: "relative/path")!) == URL(string: "relative/path")!)
    }

    @Test func refusesStringsThatAreNotURLs() {
        expectBinaryError(URL.self, binaryDocument("08") + Array("http://[".utf8), "expected a URL, found \"http://[\"", at: 5)
        expectBinaryError(URL.self, binaryDocument("00"), "expected a URL, found \"\"", at: 5)
    }

    @Test func writesUUIDsAsTheirSixteenBytes() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(binaryPayloadHex(uuid) == "10 E6 21 E1 F8 C3 6C 49 5A 93 FC 0C 24 7A 3E 6E 5F")
        #expect(try binaryRoundTrip(uuid) == uuid)
        let random = UUID()
        #expect(try binaryRoundTrip(random) == random)
    }

    @Test func refusesUUIDsOfAnotherLength() {
        expectBinaryError(UUID.self, binaryDocument("0F" + String(repeating: " 00", count: 15)), "a UUID has 16 bytes, found 15", at: 5)
        expectBinaryError(UUID.self, binaryDocument("00"), "a UUID has 16 bytes, found 0", at: 5)
    }
}

/// A message whose field 1 is a Bool.
private struct BoolMessage: BinaryDecodable {
    var flag: Bool?

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var flag: Bool?
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 { flag = try reader.read(Bool.self) }
        }
        self.flag = flag
    }
}
