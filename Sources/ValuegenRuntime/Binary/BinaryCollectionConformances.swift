// The binary format of Optional and the standard collections: all length-delimited, whatever
// their elements are, so that a reader can skip them without knowing what they hold.
//
// The wire type is declared once per type, without constraints: declared in both the
// encodable and the decodable extension it would make `[Int].binaryWireType` ambiguous.

extension Optional {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` optional.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Array {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` array.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Set {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` set.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Dictionary {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` dictionary.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Optional: BinaryEncodable where Wrapped: BinaryEncodable {
    /// Length-delimited: nothing for nil, the wrapped value's payload otherwise. No payload of
    /// any wire type is empty, so no marker byte is needed. Generated code writes an optional
    /// attribute as its wrapped value and leaves out the field when it is nil; this is for
    /// optionals inside collections (`[Int?]`).
    public func encode(to writer: inout BinaryWriter) {
        guard let self else {
            writer.writeVarint(0)
            return
        }
        writer.writeLengthPrefixed { writer in self.encode(to: &writer) }
    }
}

extension Optional: BinaryDecodable where Wrapped: BinaryDecodable {
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = try reader.readLengthPrefixed { reader throws(BinaryError) in
            reader.remainingByteCount == 0 ? nil : try Wrapped(from: &reader)
        }
    }
}

extension Array: BinaryEncodable where Element: BinaryEncodable {
    /// Length-delimited: a varint count, then each element's payload.
    public func encode(to writer: inout BinaryWriter) {
        writer.writeLengthPrefixed { writer in
            writer.writeVarint(UInt64(count))
            for element in self {
                element.encode(to: &writer)
            }
        }
    }
}

extension Array: BinaryDecodable where Element: BinaryDecodable {
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = try reader.readLengthPrefixed { reader throws(BinaryError) in
            let count = try reader.readCount(minimumElementSize: Element.binaryWireType.minimumPayloadSize)
            var elements: [Element] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                do throws(BinaryError) {
                    elements.append(try Element(from: &reader))
                } catch {
                    throw error.inside(index)
                }
            }
            return elements
        }
    }
}

extension Set: BinaryEncodable where Element: BinaryEncodable {
    /// As an array, with the elements in the byte order of their payloads, so that equal sets
    /// give equal bytes.
    public func encode(to writer: inout BinaryWriter) {
        writer.writeSortedEntries(self, key: { writer, element in element.encode(to: &writer) }, value: { _, _ in })
    }
}

extension Set: BinaryDecodable where Element: BinaryDecodable {
    /// An element that appears twice is kept once.
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = try reader.readLengthPrefixed { reader throws(BinaryError) in
            let count = try reader.readCount(minimumElementSize: Element.binaryWireType.minimumPayloadSize)
            var elements = Set<Element>(minimumCapacity: count)
            for index in 0..<count {
                do throws(BinaryError) {
                    elements.insert(try Element(from: &reader))
                } catch {
                    throw error.inside(index)
                }
            }
            return elements
        }
    }
}

extension Dictionary: BinaryEncodable where Key: BinaryEncodable, Value: BinaryEncodable {
    /// Length-delimited: a varint count, then per entry the key's payload and the value's,
    /// entries in the byte order of their keys' payloads, so that equal dictionaries give
    /// equal bytes.
    public func encode(to writer: inout BinaryWriter) {
        writer.writeSortedEntries(
            self,
            key: { writer, entry in entry.key.encode(to: &writer) },
            value: { writer, entry in entry.value.encode(to: &writer) }
        )
    }
}

extension Dictionary: BinaryDecodable where Key: BinaryDecodable, Value: BinaryDecodable {
    /// A key that appears twice keeps its last value. An error's path has the entry's index.
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = try reader.readLengthPrefixed { reader throws(BinaryError) in
            let count = try reader.readCount(minimumElementSize: Key.binaryWireType.minimumPayloadSize + Value.binaryWireType.minimumPayloadSize)
            var dictionary: [Key: Value] = [:]
            dictionary.reserveCapacity(count)
            for index in 0..<count {
                do throws(BinaryError) {
                    let key = try Key(from: &reader)
                    dictionary[key] = try Value(from: &reader)
                } catch {
                    throw error.inside(index)
                }
            }
            return dictionary
        }
    }
}
