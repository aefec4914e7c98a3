import Foundation
import Testing
import ValuegenRuntime

@Suite struct BinaryMessageTests {
    // MARK: - docs/BinaryFormat.md's examples, byte for byte

    @Test func writesTheDocumentedUserExample() throws {
        let user = BinaryUser(userId: 42, nickname: "Ada", scores: ["chess": 2.5])
        let documented = "56 47 42 01 00 1B 08 54 12 03 41 64 61 22 01 00 2A 0F 01 05 63 68 65 73 73 00 00 00 00 00 00 04 40"
        #expect(hexString(user.binaryBytes()) == documented)
        #expect(try BinaryUser(binaryBytes: hexBytes(documented)) == user)
        // The page shows them annotated, a line's bytes before its words.
        let page = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/BinaryFormat.md"), encoding: .utf8)
        let dump = try #require(page.components(separatedBy: "```text tested-by=Tests/RuntimeTests/BinaryMessageTests.swift\n").dropFirst().first?.components(separatedBy: "\n```")[0])
        let shown = dump.split(separator: "\n").flatMap { line -> [Substring] in
            Array(line.split(separator: " ").prefix { $0.count == 2 && $0.allSatisfy(\.isHexDigit) })
        }
        #expect(shown.joined(separator: " ") == documented)
    }

    @Test func writesTheDocumentedShapeExamples() throws {
        let examples: [(BinaryShape, String)] = [
            (.circle(radius: 2.5), "07 08 02 12 03 08 A1 06"),
            (.label("hi"), "06 08 04 12 02 68 69"),
            (.empty, "02 08 06"),
        ]
        for (shape, hex) in examples {
            #expect(binaryPayloadHex(shape) == hex)
            #expect(try BinaryShape(binaryBytes: binaryDocument(hex)) == shape)
        }
    }

    @Test func roundTripsNestedMessages() throws {
        let friend = BinaryUser(userId: -1, nickname: String(repeating: "long ", count: 100), imageUrl: URL(string: "https://example.com/a.png"))
        let user = BinaryUser(userId: Int.min, nickname: "", friends: [friend, BinaryUser(userId: 0, nickname: "z", friends: [friend])], scores: ["": -0.0, "b": .infinity])
        #expect(try binaryRoundTrip(user) == user)
        let shapes: [BinaryShape] = [.empty, .circle(radius: -1), .label(""), .label("😀")]
        #expect(try binaryRoundTrip(shapes) == shapes)
        #expect(try binaryRoundTrip(["a": [BinaryShape.empty]]) == ["a": [.empty]])
    }

    @Test func readsARootValueWithReadOutsideAField() throws {
        let bytes = hexBytes("54")
        let value = try bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(bytes: buffer)
            let value = try reader.read(Int.self)
            try reader.finish()
            return value
        }
        #expect(value == 42)
    }

    // MARK: - Fields

    @Test func skipsUnknownFieldsOfEveryWireType() throws {
        // Field 1 = 3, then unknown fields 3 (varint), 4 (fixed64), 5 (length-delimited), 6
        // (fixed32) and 100 (a message), then field 2 = "ok".
        let body = "08 06  18 AC 02  21 01 02 03 04 05 06 07 08  2A 02 61 62  35 01 02 03 04  A2 06 02 08 01  12 02 6F 6B"
        let bytes = binaryDocument("20 " + body)
        #expect(try ProfileV1(binaryBytes: bytes) == ProfileV1(id: 3, name: "ok"))
    }

    @Test func readsFieldsInAnyOrder() throws {
        #expect(try ProfileV1(binaryBytes: binaryDocument("06 12 02 6F 6B 08 06")) == ProfileV1(id: 3, name: "ok"))
    }

    @Test func keepsTheLastValueOfAFieldThatAppearsTwice() throws {
        #expect(try ProfileV1(binaryBytes: binaryDocument("0A 08 02 12 01 61 08 04 12 01 62")) == ProfileV1(id: 2, name: "b"))
    }

    @Test func skipFieldSkipsTheCurrentFieldByItsWireType() throws {
        struct SkipsTheName: BinaryDecodable {
            static var binaryWireType: BinaryWireType { .lengthDelimited }
            var id = 0
            init(from reader: inout BinaryReader) throws(BinaryError) {
                var id = 0
                try reader.readMessage { reader, field throws(BinaryError) in
                    if field == 1 { id = try reader.read(Int.self) } else { try reader.skipField() }
                }
                self.id = id
            }
        }
        #expect(try SkipsTheName(binaryBytes: binaryDocument("06 12 02 6F 6B 08 06")).id == 3)
        expectBinaryError(SkipsTheName.self, binaryDocument("03 12 02 C3"), "a length-delimited value of 2 bytes runs past the end of the enclosing value, which ends at byte 9", at: 7, path: [2])
    }

    @Test func skipFieldOutsideAMessageIsAnError() {
        struct SkipsNothing: BinaryDecodable {
            static var binaryWireType: BinaryWireType { .varint }
            init(from reader: inout BinaryReader) throws(BinaryError) {
                try reader.skipField()
            }
        }
        expectBinaryError(SkipsNothing.self, binaryDocument("00"), "there is no field to skip: skipField() is for a readMessage body, once per field", at: 5)
    }

    // MARK: - Evolution

    @Test func oldReaderReadsNewDataIgnoringFieldsItDoesNotKnow() throws {
        let new = ProfileV2(id: 7, name: "Ada", email: "ada@example.com", zipCode: "12345", tags: ["x", "y"])
        #expect(try ProfileV1(binaryBytes: new.binaryBytes()) == ProfileV1(id: 7, name: "Ada"))
    }

    @Test func newReaderReadsOldDataWithDefaultsAndNil() throws {
        let old = ProfileV1(id: 7, name: "Ada")
        #expect(try ProfileV2(binaryBytes: old.binaryBytes()) == ProfileV2(id: 7, name: "Ada", email: nil, zipCode: "00000", tags: []))
    }

    @Test func writesAnExplicitFieldNumberInTheTag() {
        // Field 10, length-delimited: (10 << 3) | 2 = 0x52.
        #expect(binaryPayloadHex(ProfileV2(id: 1, name: "", tags: ["t"])).hasSuffix("52 03 01 01 74"))
    }

    @Test func changingAFieldsTypeIsAnErrorNotAMisreading() {
        // Version 1 wrote field 2 as a String; a reader that expects an Int says so.
        struct ProfileWithNumericName: BinaryDecodable {
            static var binaryWireType: BinaryWireType { .lengthDelimited }
            init(from reader: inout BinaryReader) throws(BinaryError) {
                try reader.readMessage { reader, field throws(BinaryError) in
                    if field == 2 { _ = try reader.read(Int.self) }
                }
            }
        }
        expectBinaryError(ProfileWithNumericName.self, ProfileV1(id: 1, name: "a").binaryBytes(), "field 2 has wire type length-delimited, expected varint or fixed64", at: 8, path: [2])
    }

    // MARK: - Bad messages

    @Test func refusesAFieldOfTheWrongWireType() {
        expectBinaryError(BinaryUser.self, binaryDocument("04 08 54 10 05"), "field 2 has wire type varint, expected length-delimited", at: 8, path: [2])
        expectBinaryError(BinaryUser.self, binaryDocument("06 0D 54 00 00 00 12 00"), "field 1 has wire type fixed32, expected varint or fixed64", at: 6, path: [1])
        // An ADT's payload is read after its message, but its errors are in field 2 all the same.
        expectBinaryError(BinaryShape.self, binaryDocument("06 08 02 12 02 0A 00"), "field 1 has wire type length-delimited, expected fixed64 or varint", at: 10, path: [2, 1])
    }

    @Test func refusesFieldNumbersOutOfRangeAndUnknownWireTypes() {
        expectBinaryError(ProfileV1.self, binaryDocument("02 00 00"), "field number 0 is out of the range 1...536870911", at: 6)
        expectBinaryError(ProfileV1.self, binaryDocument("06 80 80 80 80 10 00"), "field number 536870912 is out of the range 1...536870911", at: 6)
        expectBinaryError(ProfileV1.self, binaryDocument("02 0B 00"), "field 1 has an unknown wire type 3", at: 6)
        expectBinaryError(ProfileV1.self, binaryDocument("02 0F 00"), "field 1 has an unknown wire type 7", at: 6)
        expectBinaryError(ProfileV1.self, binaryDocument("02 1C 00"), "field 3 has an unknown wire type 4", at: 6)
    }

    @Test func refusesAMessageLongerThanTheData() {
        expectBinaryError(BinaryUser.self, binaryDocument("1B 08 54"), "a length-delimited value of 27 bytes runs past the end of the data", at: 5)
        expectBinaryError(BinaryUser.self, binaryDocument(""), "a varint runs past the end of the data", at: 5)
    }

    @Test func refusesAFieldThatRunsPastItsMessage() {
        expectBinaryError(ProfileV1.self, binaryDocument("02 08 80 01"), "a varint runs past the end of the enclosing value, which ends at byte 8", at: 7, path: [1])
        expectBinaryError(ProfileV1.self, binaryDocument("04 08 54 3A 05 00 00 00 00 00"), "a length-delimited value of 5 bytes runs past the end of the enclosing value, which ends at byte 10", at: 9, path: [7])
        expectBinaryError(ProfileV1.self, binaryDocument("04 08 54 21 00 00 00 00 00 00 00 00"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 10", at: 9, path: [4])
        expectBinaryError(ProfileV1.self, binaryDocument("01 08"), "a varint runs past the end of the enclosing value, which ends at byte 7", at: 7, path: [1])
    }

    @Test func reportsAMissingRequiredFieldAfterTheMessage() {
        expectBinaryError(BinaryUser.self, binaryDocument("02 08 54"), "missing field 2 (nickname) of BinaryUser", at: 8)
        expectBinaryError(BinaryShape.self, binaryDocument("02 08 02"), "missing the payload of BinaryShape.circle", at: 8)
        expectBinaryError(BinaryShape.self, binaryDocument("02 08 12"), "unknown BinaryShape case number 9", at: 8)
        expectBinaryError(BinaryShape.self, binaryDocument("00"), "unknown BinaryShape case number (none)", at: 6)
        // The payload message lacks the radius: the error is at the end of the payload, in field 2.
        expectBinaryError(BinaryShape.self, binaryDocument("04 08 02 12 00"), "missing field 1 (radius) of BinaryShape.circle", at: 10, path: [2])
    }

    @Test func readsAnADTsPayloadBeforeItsCaseNumber() throws {
        #expect(try BinaryShape(binaryBytes: binaryDocument("06 12 02 68 69 08 04")) == .label("hi"))
        #expect(try BinaryShape(binaryBytes: binaryDocument("0D 12 09 09 00 00 00 00 00 00 04 40 08 02")) == .circle(radius: 2.5))
    }

    @Test func readsTheLastPayloadOfAnADTWhoseFieldsAppearTwice() throws {
        #expect(try BinaryShape(binaryBytes: binaryDocument("0B 08 02 12 01 61 08 04 12 02 68 69")) == .label("hi"))
    }

    @Test func errorsDeepInsideHaveTheWholePath() throws {
        let user = BinaryUser(userId: 1, nickname: "a", friends: [BinaryUser(userId: 2, nickname: "x"), BinaryUser(userId: 3, nickname: "y")])
        var bytes = user.binaryBytes()
        let offset = try #require(bytes.firstIndex(of: UInt8(ascii: "y")))
        bytes[offset] = 0xFE
        expectBinaryError(BinaryUser.self, bytes, "a string is not valid UTF-8", at: offset, path: [4, 1, 2])
        let error = BinaryError(message: "a string is not valid UTF-8", offset: offset, path: [4, 1, 2])
        #expect(error.description == "a string is not valid UTF-8 at byte \(offset) ($.4.1.2)")
        // docs/BinaryFormat.md shows this error of this document.
        #expect(error.description == "a string is not valid UTF-8 at byte 31 ($.4.1.2)")
        #expect(BinaryError(message: "m", offset: 0).description == "m at byte 0 ($)")
    }

    @Test func requiredFieldErrorsInsideAnArrayHaveTheElementIndex() {
        // friends[0] lacks its nickname.
        expectBinaryError(BinaryUser.self, binaryDocument("0B 08 02 12 01 61 22 04 01 02 08 04"), "missing field 2 (nickname) of BinaryUser", at: 17, path: [4, 0])
    }

    // MARK: - Whole documents

    @Test func refusesDataThatIsNotValuegenBinary() {
        expectBinaryError(Int.self, [], "expected the magic bytes 56 47 42 (\"VGB\") of Valuegen binary data, found no bytes", at: 0)
        expectBinaryError(Int.self, Array("{\"a\":1}".utf8), "expected the magic bytes 56 47 42 (\"VGB\") of Valuegen binary data, found 7B 22 61", at: 0)
        expectBinaryError(Int.self, [0x56, 0x47], "expected the magic bytes 56 47 42 (\"VGB\") of Valuegen binary data, found 56 47", at: 0)
        expectBinaryError(Int.self, [0x56, 0x47, 0x42], "the data ends before the format version", at: 3)
        expectBinaryError(Int.self, [0x56, 0x47, 0x42, 0x01], "the data ends before the string table", at: 4)
    }

    @Test func refusesAnotherFormatVersion() {
        expectBinaryError(Int.self, [0x56, 0x47, 0x42, 0x04, 0x00], "binary format version 4 is not supported (this reader reads versions 1 to 3)", at: 3)
        expectBinaryError(Int.self, [0x56, 0x47, 0x42, 0x00, 0x00], "binary format version 0 is not supported (this reader reads versions 1 to 3)", at: 3)
        // Version 2 carries a layout before the string table.
        expectBinaryError(Int.self, [0x56, 0x47, 0x42, 0x02], "the data ends before the layout", at: 4)
        expectBinaryError(Int.self, [0x56, 0x47, 0x42, 0x02, 0x00], "the data ends before the string table", at: 5)
    }

    @Test func refusesBytesAfterTheRootValue() {
        expectBinaryError(Int.self, binaryDocument("02 FF"), "expected the end of the data, found 1 more byte", at: 6)
        expectBinaryError(BinaryNode.self, binaryDocument("00 00 00"), "expected the end of the data, found 2 more bytes", at: 6)
        expectBinaryError(Int.self, binaryDocument(""), "a varint runs past the end of the data", at: 5)
    }

    @Test func refusesVarintsThatAreTooLongOverflowOrNotShortest() {
        expectBinaryError(UInt64.self, binaryDocument("80"), "a varint runs past the end of the data", at: 5)
        expectBinaryError(UInt64.self, binaryDocument("FF FF FF FF FF FF FF FF FF FF 01"), "a varint is longer than 10 bytes", at: 5)
        expectBinaryError(UInt64.self, binaryDocument("FF FF FF FF FF FF FF FF FF 02"), "a varint overflows 64 bits", at: 5)
        expectBinaryError(UInt64.self, binaryDocument("80 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 5)
        expectBinaryError(UInt64.self, binaryDocument("FF 80 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 5)
        expectBinaryError(Bool.self, binaryDocument("81 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 5)
    }

    // MARK: - Nesting

    @Test func readsMessagesNestedToTheLimit() throws {
        let (bytes, _) = nestedDocument(depth: BinaryReader.maximumDepth, head: [0x0A], innermost: [0x00])
        var node = try BinaryNode(binaryBytes: bytes)
        var depth = 1
        while let child = node.child.first {
            node = child
            depth += 1
        }
        #expect(depth == BinaryReader.maximumDepth)
    }

    @Test(arguments: [BinaryReader.maximumDepth + 1, 100_000])
    func refusesMessagesNestedDeeperThanTheLimit(depth: Int) {
        let (bytes, lengthOffsets) = nestedDocument(depth: depth, head: [0x0A], innermost: [0x00])
        expectBinaryError(BinaryNode.self, bytes, "nesting deeper than 512 levels", at: lengthOffsets[512], path: Array(repeating: 1, count: 512))
    }

    @Test(arguments: [BinaryReader.maximumDepth + 1, 100_000])
    func refusesCollectionsNestedDeeperThanTheLimit(depth: Int) throws {
        // A type that holds an array of itself, written without messages: [[[…]]]. Each level
        // is a length, a count of 1 and the next level; the innermost is an empty array.
        let (bytes, lengthOffsets) = nestedDocument(depth: depth, head: [0x01], innermost: [0x01, 0x00])
        expectBinaryError(BinaryNest.self, bytes, "nesting deeper than 512 levels", at: lengthOffsets[512], path: Array(repeating: 0, count: 512))
        let (allowed, _) = nestedDocument(depth: BinaryReader.maximumDepth, head: [0x01], innermost: [0x01, 0x00])
        _ = try BinaryNest(binaryBytes: allowed)
    }
}

/// A type that holds an array of itself without a message around it.
private struct BinaryNest: BinaryDecodable {
    static var binaryWireType: BinaryWireType { .lengthDelimited }
    var children: [BinaryNest]

    init(from reader: inout BinaryReader) throws(BinaryError) {
        children = try [BinaryNest](from: &reader)
    }
}
