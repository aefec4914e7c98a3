import Foundation

// Integers that may come as strings, through Foundation's `Decoder`: what generated `Coding`
// code calls for an attribute marked lenient. A string is accepted as
// `JSONReader.readLenientInteger(_:)` accepts it.

extension KeyedDecodingContainer {
    /// The integer at `key`: a number the decoder reads as `T`, or a string holding exactly an
    /// integer in decimal (an optional `-` and digits) in `T`'s range.
    /// `DecodingError.dataCorrupted` for a string that is not such an integer or is out of
    /// range, `DecodingError.typeMismatch` for a value that is neither a number nor a string;
    /// both with the coding path to `key`.
    public func decodeLenient<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let numberMismatch: DecodingError
        do {
            return try decode(T.self, forKey: key)
        } catch let error as DecodingError {
            guard case .typeMismatch = error else { throw error }
            numberMismatch = error
        }
        let text: String
        do {
            text = try decode(String.self, forKey: key)
        } catch DecodingError.typeMismatch {
            guard case .typeMismatch(_, let context) = numberMismatch else { throw numberMismatch }
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: "expected an integer or a string holding one, found neither",
                underlyingError: numberMismatch
            ))
        }
        switch DecimalInteger<T>(parsing: text) {
        case .value(let value):
            return value
        case .outOfRange:
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is out of the range of \(T.self)")
        case .notAnInteger:
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected an integer or a string holding one, found \"\(text)\"")
        }
    }

    /// The integer at `key` as ``decodeLenient(_:forKey:)`` reads it, or nil when the key is
    /// missing or null.
    public func decodeLenientIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeLenient(T.self, forKey: key)
    }
}
