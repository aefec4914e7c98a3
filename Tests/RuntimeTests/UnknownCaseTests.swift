import Testing
import ValuegenRuntime

/// What an unknown case holds and prints.
@Suite("Unknown cases")
struct UnknownCaseTests {
    @Test func describesTheTagAndTheContent() throws {
        #expect(UnknownCase(tag: "open").description == #"unknown "open""#)
        #expect(try UnknownCase(tag: "video", json: RawJSON(#"{"type":"video","url":"v.mp4"}"#)).description == #"unknown "video" {"type":"video","url":"v.mp4"}"#)
        #expect(UnknownCase(binaryCaseNumber: 9).description == "unknown case 9")
        #expect(UnknownCase(binaryCaseNumber: 9, binaryPayload: BinaryRawField(wireType: .lengthDelimited, bytes: [1, 2, 3])).description == "unknown case 9 (length-delimited payload of 3 bytes)")
        #expect(UnknownCase(binaryCaseNumber: 2, binaryPayload: BinaryRawField(wireType: .varint, bytes: [1])).description == "unknown case 2 (varint payload of 1 byte)")
    }

    @Test func aCaseFromJSONHasNoBinaryPartsAndTheOtherWayRound() throws {
        let fromJSON = try UnknownCase(tag: "video", json: RawJSON("{}"))
        #expect(fromJSON.binaryCaseNumber == nil && fromJSON.binaryPayload == nil)
        let fromBinary = UnknownCase(binaryCaseNumber: 4)
        #expect(fromBinary.tag == "" && fromBinary.json == nil)
        #expect(fromJSON != UnknownCase(tag: "video"))
    }
}
