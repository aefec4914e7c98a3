/// What an ADT's unknown case (`%unknownCase`) holds: a case the schema does not know, kept
/// with its content so that writing the value writes back what was read.
///
/// From JSON it is the tag and the content as they were read (the content without the white
/// space between its tokens, so an indented document gives what a compact one does); from
/// binary data, where a case
/// is a number, the number and the payload's bytes, with the strings its string references
/// name, so that it reads back right from any document it is written into. Generated code writes a JSON unknown case
/// back as JSON and a binary one back as binary; an unknown case read from one format and
/// written in the other keeps what that format can carry (docs/BinaryFormat.md, "Unknown
/// cases").
public struct UnknownCase: Hashable, Sendable, CustomStringConvertible {
    /// The case's name as it was read: the discriminator's value (`{"type": "video", …}`), the
    /// single member's name (`{"video": {…}}`) or the bare string (`"video"`); empty when the
    /// case came from binary data, which names cases by number.
    public var tag: String
    /// The JSON content as it was read, without white space (``RawJSON``): the whole object, discriminator included, for an
    /// internally tagged ADT; the member's value for an externally tagged one; the content
    /// member's value for an adjacently tagged one; nil for a bare tag or binary data.
    public var json: RawJSON?
    /// The case number read from binary data (field 1 of the ADT's message); nil from JSON.
    public var binaryCaseNumber: Int?
    /// The payload read from binary data (field 2 of the ADT's message), as its bytes and the
    /// string table its references point into (written back as field 5); nil when there was
    /// none, and from JSON.
    public var binaryPayload: BinaryRawField?

    /// A case read from JSON: its tag and, unless the tag came alone, its content.
    public init(tag: String, json: RawJSON? = nil) {
        self.tag = tag
        self.json = json
    }

    /// A case read from binary data: its number and its payload, if it had one.
    public init(binaryCaseNumber: Int, binaryPayload: BinaryRawField? = nil) {
        self.tag = ""
        self.binaryCaseNumber = binaryCaseNumber
        self.binaryPayload = binaryPayload
    }

    /// `unknown "video" {"type":"video","url":"v.mp4"}`, `unknown "open"`, or from binary data
    /// `unknown case 9 (length-delimited payload of 12 bytes)`.
    public var description: String {
        var text = "unknown"
        if let binaryCaseNumber, tag.isEmpty {
            text += " case \(binaryCaseNumber)"
        } else {
            text += " \"" + tag + "\""
        }
        if let json {
            text += " " + json.description
        }
        if let binaryPayload {
            let count = binaryPayload.bytes.count
            text += " (\(binaryPayload.wireType.name) payload of \(count) byte\(count == 1 ? "" : "s"))"
        }
        return text
    }
}
