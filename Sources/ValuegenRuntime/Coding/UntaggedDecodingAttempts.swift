/// The cases an untagged ADT value has tried through a `Decoder` (generated `Coding`), and why
/// each did not fit. Each case decodes from the same decoder afresh (a single-value container
/// for a single value, a keyed container for attributes), so a case that fails leaves nothing
/// behind; the first that decodes wins.
///
/// A `Decoder` has no budget for what it reads again: untagged values nested in one another
/// whose early cases fail deep inside are decoded again for each case, so the work can grow
/// exponentially with their nesting. The `JSON` feature's reader bounds it (docs/Runtime.md).
public struct UntaggedDecodingAttempts {
    private var failures: [(caseName: String, error: any Error)] = []

    /// No case tried yet.
    public init() {}

    /// `decode`'s value, or nil when it throws; the error is kept for ``noCaseFits(_:codingPath:)``.
    public mutating func attempt<Value>(_ caseName: String, _ decode: () throws -> Value) -> Value? {
        do {
            return try decode()
        } catch {
            failures.append((caseName, error))
            return nil
        }
    }

    /// The error once every case failed: data corrupted at the value, its description naming
    /// each case, where in the value it failed and why, as the `JSON` feature's error does
    /// (`no case of Source fits the value; tried id (Expected to decode String but found a
    /// dictionary instead.), customer (at .email: missing member "email")`).
    public func noCaseFits(_ typeName: String, codingPath: [any CodingKey]) -> DecodingError {
        let tried = failures.map { failure in
            let (path, message) = Self.describe(failure.error)
            return (failure.caseName, Array(path.dropFirst(codingPath.count)), message)
        }
        return DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: UntaggedCases.noCaseFits(typeName, tried: tried)))
    }

    /// Where a decoding error happened, from the root, and why.
    private static func describe(_ error: any Error) -> (path: [JSONPathComponent], message: String) {
        guard let error = error as? DecodingError else { return ([], "\(error)") }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "missing member \"\(key.stringValue)\"")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> [JSONPathComponent] {
        codingPath.map { key in key.intValue.map(JSONPathComponent.index) ?? .key(key.stringValue) }
    }
}
