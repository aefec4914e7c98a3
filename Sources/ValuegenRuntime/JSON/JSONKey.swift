#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A member name as the reader found it, compared without building a String when it has no
/// escapes. Generated code switches over it: `case "userId":`.
public struct JSONKey {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let unescaped: String?

    @inlinable
    init(bytes: UnsafeRawBufferPointer, unescaped: String?) {
        self.bytes = bytes
        self.unescaped = unescaped
    }

    /// The key as a String.
    public var string: String {
        unescaped ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The length of the key in UTF-8 code units (escapes decoded). Generated code switches
    /// over it before it compares the key with the names that have that length.
    @inlinable
    public var count: Int {
        if let unescaped {
            return unescaped.utf8.count
        }
        return bytes.count
    }

    /// Whether the key is exactly the given text.
    @_transparent
    public func matches(_ text: StaticString) -> Bool {
        if unescaped != nil {
            return matchesUnescaped(text)
        }
        // Inlined where a generated `switch` uses it: the lengths differ for most cases, and
        // member names are short enough that a loop beats a call to memcmp.
        let count = text.utf8CodeUnitCount
        guard count == bytes.count else { return false }
        guard count > 0, let base = bytes.baseAddress else { return true }
        let expected = text.utf8Start
        var index = 0
        while index < count {
            if base.load(fromByteOffset: index, as: UInt8.self) != expected[index] { return false }
            index += 1
        }
        return true
    }

    @usableFromInline
    func matchesUnescaped(_ text: StaticString) -> Bool {
        unescaped == text.description
    }

    /// Lets a `switch` over a key use string literals: `case "userId":`.
    @_transparent
    public static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
        key.matches(pattern)
    }
}
