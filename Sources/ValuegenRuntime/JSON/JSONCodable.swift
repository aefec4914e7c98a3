import Foundation

/// A type that reads itself from JSON through a ``JSONReader``.
public protocol JSONDecodable {
    init(from reader: inout JSONReader) throws(JSONError)
}

/// A type that writes itself as JSON through a ``JSONWriter``.
public protocol JSONEncodable {
    func encode(to writer: inout JSONWriter)
}

/// Both directions.
public typealias JSONCodable = JSONDecodable & JSONEncodable

extension JSONDecodable {
    /// Reads a whole document: the value and nothing but white space after it.
    @inlinable
    public init(jsonBytes: [UInt8]) throws(JSONError) {
        let result: Result<Self, JSONError> = jsonBytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in try Self(jsonBuffer: buffer) }
        }
        self = try result.get()
    }

    /// Reads a whole document: the value and nothing but white space after it.
    @inlinable
    public init(jsonData: Data) throws(JSONError) {
        let result: Result<Self, JSONError> = jsonData.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in try Self(jsonBuffer: buffer) }
        }
        self = try result.get()
    }

    /// Reads a whole document from bytes that outlive the call.
    @inlinable
    public init(jsonBuffer: UnsafeRawBufferPointer) throws(JSONError) {
        var reader = JSONReader(bytes: jsonBuffer)
        self = try Self(from: &reader)
        try reader.finish()
    }
}

extension JSONEncodable {
    /// The value as a JSON document.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        encode(to: &writer)
        return writer.bytes
    }

    /// The value as a JSON document: the bytes of `jsonBytes()`, not a copy of them.
    public func jsonData() -> Data {
        Data(adopting: jsonBytes())
    }
}
