// The binary format of Optional and the standard collections: all length-delimited, whatever
// their elements are, so that a reader can skip them without knowing what they hold.
//
// The wire type is declared once per type, without constraints: declared in both the
// encodable and the decodable extension it would make `[Int].binaryWireType` ambiguous.

extension Optional {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` optional.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Array {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` array.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Set {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` set.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
}

extension Dictionary {
    /// Length-delimited, as a ``BinaryEncodable`` or ``BinaryDecodable`` dictionary.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
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

// Decoding is `@inlinable` and written without closures, so that it specializes for its
// element type in the module that reads: generated code in the app's module.

extension Optional: BinaryDecodable where Wrapped: BinaryDecodable {
    @inlinable
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let outerEnd = try reader.beginLengthDelimited()
        self = reader.remainingByteCount == 0 ? nil : try Wrapped(from: &reader)
        try reader.endLengthDelimited(outerEnd)
    }
}

extension Array: BinaryEncodable where Element: BinaryEncodable {
    /// Length-delimited: a varint count, then each element's payload.
    @inlinable
    public func encode(to writer: inout BinaryWriter) {
        var prefix = writer.beginLengthPrefixed()
        writer.writeVarint(UInt64(count))
        let elementsStart = writer.byteCount
        forEachInPlace { index, element in
            element.encode(to: &writer)
            if index &+ 1 == BinaryWriter.elementsToEstimate {
                writer.expectElements(count, after: index &+ 1, from: elementsStart, of: &prefix)
            }
        }
        writer.endLengthPrefixed(prefix)
    }
}

extension Array: BinaryDecodable where Element: BinaryDecodable {
    @inlinable
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let outerEnd = try reader.beginLengthDelimited()
        let count = try reader.readCount(minimumElementSize: Element.binaryWireType.minimumPayloadSize)
        var elements: [Element]
        if count * MemoryLayout<Element>.stride >= LargeMemory.threshold {
            elements = try Self.readLarge(count, from: &reader)
        } else if count == 0 {
            elements = []
        } else {
            elements = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                do throws(BinaryError) {
                    elements.append(try Element(from: &reader))
                } catch {
                    throw error.inside(index)
                }
            }
        }
        try reader.endLengthDelimited(outerEnd)
        self = elements
    }
}

extension Array where Element: BinaryDecodable {
    /// A large array's elements, each read into its place, in memory advised to be huge pages
    /// before it is touched (LargeMemory.swift).
    @inlinable
    static func readLarge(_ count: Int, from reader: inout BinaryReader) throws(BinaryError) -> [Element] {
        var failure: BinaryError?
        let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let first = buffer.baseAddress else { return }
            LargeMemory.adviseHugePages(first, count: count * MemoryLayout<Element>.stride)
            for index in 0..<count {
                do throws(BinaryError) {
                    (first + index).initialize(to: try Element(from: &reader))
                    initialized = index + 1
                } catch {
                    failure = error.inside(index)
                    return
                }
            }
        }
        if let failure {
            throw failure
        }
        return elements
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
    @inlinable
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let outerEnd = try reader.beginLengthDelimited()
        let count = try reader.readCount(minimumElementSize: Element.binaryWireType.minimumPayloadSize)
        var elements = Set<Element>(minimumCapacity: count)
        for index in 0..<count {
            do throws(BinaryError) {
                elements.insert(try Element(from: &reader))
            } catch {
                throw error.inside(index)
            }
        }
        try reader.endLengthDelimited(outerEnd)
        self = elements
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
    @inlinable
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let outerEnd = try reader.beginLengthDelimited()
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
        try reader.endLengthDelimited(outerEnd)
        self = dictionary
    }
}
