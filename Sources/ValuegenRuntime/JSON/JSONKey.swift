#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A member name as the reader found it, compared without building a String when it has no
/// escapes. Generated code switches over it: `case "userId":`.
public struct JSONKey {
    private let bytes: UnsafeRawBufferPointer
    private let unescaped: String?

    init(bytes: UnsafeRawBufferPointer, unescaped: String?) {
        self.bytes = bytes
        self.unescaped = unescaped
    }

    /// The key as a String.
    public var string: String {
        unescaped ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the key is exactly the given text.
    @inline(__always)
    public func matches(_ text: StaticString) -> Bool {
        if let unescaped {
            return unescaped == text.description
        }
        let count = text.utf8CodeUnitCount
        guard count == bytes.count else { return false }
        guard count > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base, text.utf8Start, count) == 0
    }

    /// Lets a `switch` over a key use string literals: `case "userId":`.
    @inline(__always)
    public static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
        key.matches(pattern)
    }
}
