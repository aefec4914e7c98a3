import Foundation

extension RawJSON: Codable {
    /// Any JSON-shaped value a `Decoder` holds (null, Bool, integers, floating-point numbers,
    /// strings, keyed and unkeyed containers, nested), written as JSON by ``JSONWriter``: through
    /// `JSONDecoder`, the value as `JSONWriter` writes it, members sorted by name (a `Decoder`
    /// does not keep their order).
    public init(from decoder: any Decoder) throws {
        var writer = JSONWriter()
        try JSONTree(from: decoder).write(to: &writer)
        self.init(checkedBytes: writer.bytes)
    }

    /// The value into an `Encoder`'s containers: objects keyed, members in their order;
    /// arrays unkeyed; integers that fit `Int64` (or `UInt64`) as integers, other numbers as
    /// `Double`. A number beyond `Double`'s range (kept as written, `1e400`) is an
    /// `EncodingError.invalidValue`.
    public func encode(to encoder: any Encoder) throws {
        let result: Result<JSONTree, JSONError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                return try JSONTree(from: &reader)
            }
        }
        let tree: JSONTree
        do {
            tree = try result.get()
        } catch {
            throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "cannot encode the JSON value \(self): \(error)", underlyingError: error))
        }
        try tree.encode(to: encoder)
    }
}
