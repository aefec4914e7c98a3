import Testing
import ValuegenRuntime

/// An ADT's payload (field 2) is read after the ADT's message, once the case is known, in a
/// `do` that throws `error.inField(2)`: its errors have field 2 in their path, as any field's do, however
/// the payload was marked (`markNextField` when it comes right after the case number,
/// `markCurrentField` in `readRemainingFields` otherwise) and however deep the ADT is. Errors about the ADT's message
/// itself (no payload, an unknown case) are reported after it, with its path, as a missing
/// field is.
@Suite("Binary ADT payload errors")
struct BinaryADTPayloadErrorTests {
    @Test func aPayloadFieldOfTheWrongWireTypeIsInFieldTwo() {
        // As written (markNextField), then after an unknown field 3 (marked in the loop).
        expectBinaryError(BinaryShape.self, binaryDocument("06 08 02 12 02 0A 00"), "field 1 has wire type length-delimited, expected fixed64 or varint", at: 10, path: [2, 1])
        expectBinaryError(BinaryShape.self, binaryDocument("08 18 00 12 02 0A 00 08 02"), "field 1 has wire type length-delimited, expected fixed64 or varint", at: 10, path: [2, 1])
        // A single-value payload of the wrong wire type: the payload is the field.
        expectBinaryError(BinaryShape.self, binaryDocument("04 08 04 10 01"), "field 2 has wire type varint, expected length-delimited", at: 8, path: [2])
    }

    @Test func aPayloadThatEndsInsideAFieldIsInFieldTwo() {
        // The payload holds 3 bytes: field 1's tag and 2 of the 8 bytes of its Double.
        expectBinaryError(BinaryShape.self, binaryDocument("07 08 02 12 03 09 00 00"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 13", at: 11, path: [2, 1])
        expectBinaryError(BinaryShape.self, binaryDocument("09 18 00 12 03 09 00 00 08 02"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 13", at: 11, path: [2, 1])
        expectBinaryError(BinaryShape.self, binaryDocument("05 08 04 12 01 FE"), "a string is not valid UTF-8", at: 10, path: [2])
    }

    @Test func aFieldMissingFromThePayloadIsMissingFromFieldTwo() {
        expectBinaryError(BinaryShape.self, binaryDocument("04 08 02 12 00"), "missing field 1 (radius) of BinaryShape.circle", at: 10, path: [2])
        expectBinaryError(BinaryShape.self, binaryDocument("06 18 00 12 00 08 02"), "missing field 1 (radius) of BinaryShape.circle", at: 10, path: [2])
    }

    @Test func theADTsOwnErrorsHaveItsPath() {
        expectBinaryError(BinaryShape.self, binaryDocument("02 08 02"), "missing the payload of BinaryShape.circle", at: 8)
        expectBinaryError(BinaryShape.self, binaryDocument("04 08 12 12 00"), "unknown BinaryShape case number 9", at: 10)
        expectBinaryError(BinaryShapeHolder.self, binaryDocument("04 1A 02 08 02"), "missing the payload of BinaryShape.circle", at: 10, path: [3])
        expectBinaryError(BinaryShapeHolder.self, binaryDocument("04 1A 02 08 12"), "unknown BinaryShape case number 9", at: 10, path: [3])
    }

    @Test func anADTInAFieldHasThatFieldFirst() {
        expectBinaryError(BinaryShapeHolder.self, binaryDocument("08 1A 06 08 02 12 02 0A 00"), "field 1 has wire type length-delimited, expected fixed64 or varint", at: 12, path: [3, 2, 1])
        expectBinaryError(BinaryShapeHolder.self, binaryDocument("09 1A 07 08 02 12 03 09 00 00"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 15", at: 13, path: [3, 2, 1])
        expectBinaryError(BinaryShapeHolder.self, binaryDocument("06 1A 04 08 02 12 00"), "missing field 1 (radius) of BinaryShape.circle", at: 12, path: [3, 2])
        // Element 1 of an array, the ADT's payload there.
        expectBinaryError([BinaryShape].self, binaryDocument("0B 02 04 08 04 12 00 04 08 02 12 00"), "missing field 1 (radius) of BinaryShape.circle", at: 17, path: [1, 2])
    }

    @Test func theDescriptionShowsThePayload() {
        do throws(BinaryError) {
            _ = try BinaryShapeHolder(binaryBytes: binaryDocument("08 1A 06 08 02 12 02 0A 00"))
            Issue.record("expected an error")
        } catch {
            #expect(error.pathDescription == "$.3.2.1")
            #expect(error.description == "field 1 has wire type length-delimited, expected fixed64 or varint at byte 12 ($.3.2.1)")
        }
    }
}

/// A message whose field 3 is an ADT, read as generated code reads a field.
private struct BinaryShapeHolder: BinaryDecodable {
    var shape: BinaryShape

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        let message = try reader.beginMessage()
        var shape = try reader.readNextField(3, BinaryShape.self)
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 3:
                shape = try reader.read(BinaryShape.self)
            default:
                break
            }
        }
        guard let shape else {
            throw reader.error("missing field 3 (shape) of BinaryShapeHolder")
        }
        self.shape = shape
    }
}
