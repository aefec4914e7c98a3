extension RawJSON: BinaryCodable {
    /// Length-delimited: the JSON text's bytes.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }

    /// The bytes, written as they are.
    public func encode(to writer: inout BinaryWriter) {
        writer.writeLengthDelimited(bytes)
    }

    /// Bytes that must be one JSON value, checked as ``RawJSON/init(validating:)`` checks them;
    /// an error at the payload otherwise, with the JSON error and where it is in the JSON:
    /// `the bytes are not one JSON value: expected a value, found the end of the document at
    /// byte 5 ($[1])`.
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let start = reader.offset
        let payload = try reader.readLengthDelimited()
        do throws(JSONError) {
            self = try RawJSON(validating: payload)
        } catch {
            throw BinaryError(message: "the bytes are not one JSON value: \(error)", offset: start)
        }
    }
}
