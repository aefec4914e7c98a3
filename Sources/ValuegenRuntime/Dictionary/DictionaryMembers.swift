import Foundation

/// The members of a dictionary being read, for generated `init(dictionary:)` and ADT code: a
/// member is found under its key or one of its legacy keys, the first that has a value winning,
/// and `NSNull` (JSON's `null`) counts as absent, as the JSON feature reads members.
///
/// Errors from a member's value pass out with its key added, and with ``path`` in front of
/// that: the members of a case's content (`{"image": {"url": …}}`) say where they are.
public struct DictionaryMembers {
    /// The dictionary's members.
    public let dictionary: [String: Any]
    /// Where the dictionary is, relative to the value being read.
    public let path: [JSONPathComponent]

    static let tooDeepForTheStack = "nesting too deep for this thread's stack (read deeply nested data on a thread with a larger stack)"

    /// The members of `dictionary`, at `path`.
    public init(_ dictionary: [String: Any], path: [JSONPathComponent] = []) {
        self.dictionary = dictionary
        self.path = path
    }

    /// The members of a property-list value that is a dictionary with String keys (as
    /// `PropertyListSerialization` gives, `[AnyHashable: Any]` or `NSDictionary`, included).
    ///
    /// Every nested value a model reads passes here, one call deeper each level, so here a
    /// level is refused when the thread's stack has too little room left for it (see
    /// `ThreadStack`): a dictionary nested 10,000 deep is an error, not a crash. There is no
    /// depth limit besides: the dictionary is in memory already, as deep as its maker made it.
    public init(propertyListValue value: Any) throws(DictionaryError) {
        guard ThreadStack.hasRoomForAnotherLevel() else {
            throw DictionaryError(message: Self.tooDeepForTheStack)
        }
        if let dictionary = value as? [String: Any] {
            self.init(dictionary)
            return
        }
        if let dictionary = value as? [AnyHashable: Any] {
            var members: [String: Any] = [:]
            for (key, member) in dictionary {
                guard let key = key.base as? String else {
                    throw DictionaryError(message: "expected a dictionary with string keys, found the key \(key)")
                }
                members[key] = member
            }
            self.init(members)
            return
        }
        throw DictionaryError.expected("a dictionary", found: value)
    }

    /// The value under the first of `keys` that has one, read as `T`; nil when none has.
    public func decode<T: DictionaryDecodable>(_ type: T.Type, forKeys keys: String...) throws(DictionaryError) -> T? {
        try decode(keys, using: T.init(propertyListValue:))
    }

    /// The value under the first of `keys` that has one, read by `read`; nil when none has.
    public func decode<T>(forKeys keys: String..., using read: (Any) throws(DictionaryError) -> T) throws(DictionaryError) -> T? {
        try decode(keys, using: read)
    }

    /// The value of a required member, read as `T`. With one key, a missing member is an error
    /// and `NSNull` is read as a value (and refused by `T`), as JSON's `null` is for a required
    /// member; with legacy keys, `NSNull` counts as absent and the error names the first key.
    public func decodeRequired<T: DictionaryDecodable>(_ type: T.Type, forKeys keys: String...) throws(DictionaryError) -> T {
        try decodeRequired(keys, using: T.init(propertyListValue:))
    }

    /// The value of a required member, read by `read`; see
    /// ``decodeRequired(_:forKeys:)``.
    public func decodeRequired<T>(forKeys keys: String..., using read: (Any) throws(DictionaryError) -> T) throws(DictionaryError) -> T {
        try decodeRequired(keys, using: read)
    }

    /// The members of the dictionary under `key`: an ADT case's content.
    public func members(forKey key: String) throws(DictionaryError) -> DictionaryMembers {
        guard let value = dictionary[key] else {
            throw error("missing member \"\(key)\"")
        }
        let inner = path + [.key(key)]
        do throws(DictionaryError) {
            return DictionaryMembers(try DictionaryMembers(propertyListValue: value).dictionary, path: inner)
        } catch {
            throw error.inside(inner)
        }
    }

    /// An error about the dictionary itself, at ``path``.
    public func error(_ message: String) -> DictionaryError {
        DictionaryError(message: message, path: path)
    }

    private func decode<T>(_ keys: [String], using read: (Any) throws(DictionaryError) -> T) throws(DictionaryError) -> T? {
        for key in keys {
            guard let value = dictionary[key], !PropertyListKind.isNull(value) else { continue }
            return try readMember(value, key: key, using: read)
        }
        return nil
    }

    private func decodeRequired<T>(_ keys: [String], using read: (Any) throws(DictionaryError) -> T) throws(DictionaryError) -> T {
        if keys.count == 1, let value = dictionary[keys[0]] {
            return try readMember(value, key: keys[0], using: read)
        }
        guard let value = try decode(keys, using: read) else {
            throw error("missing member \"\(keys[0])\"")
        }
        return value
    }

    private func readMember<T>(_ value: Any, key: String, using read: (Any) throws(DictionaryError) -> T) throws(DictionaryError) -> T {
        do throws(DictionaryError) {
            return try read(value)
        } catch {
            throw error.inside(.key(key)).inside(path)
        }
    }
}
