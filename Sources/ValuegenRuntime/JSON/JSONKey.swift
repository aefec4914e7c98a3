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
    /// over it before it compares the key with the names that have that length. Always
    /// inlined: in the closure of a model with many members the compiler called it (a call for
    /// each member read: 43 a charge on stripe-charges, 0.8 % of its decode's instructions).
    @inlinable @inline(__always)
    public var count: Int {
        guard let unescaped else { return bytes.count }
        return Self.count(of: unescaped)
    }

    /// The UTF-8 length of a name that had escapes: rare, and not inlined.
    @usableFromInline @inline(never)
    static func count(of unescaped: String) -> Int {
        unescaped.utf8.count
    }

    /// Whether the key is exactly the given text.
    @_transparent
    public func matches(_ text: StaticString) -> Bool {
        if unescaped != nil {
            return matchesUnescaped(text)
        }
        // Inlined where a generated `switch` uses it: the lengths differ for most cases, and a
        // name of the same length is compared a word at a time. The literal's words are
        // constants there, so each compare is one load of the key's bytes against an immediate.
        let count = text.utf8CodeUnitCount
        guard count == bytes.count else { return false }
        guard count > 0, let base = bytes.baseAddress else { return true }
        return Self.equalBytes(base, UnsafeRawPointer(text.utf8Start), count: count)
    }

    /// Whether the `count` (at least 1) bytes at `a` and at `b` are the same: in words of 8, 4,
    /// 2 or 1 bytes, the last word overlapping the one before it rather than a loop over the
    /// remaining bytes; no byte outside the two ranges is read.
    @inlinable @inline(__always)
    static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var index = 0
            while index &+ 8 < count {
                if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
                index &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        if count >= 2 {
            return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                && a.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self) == b.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
        }
        return a.load(as: UInt8.self) == b.load(as: UInt8.self)
    }

    /// Byte for byte, as a key without escapes is compared and as `JSONMemberNames` compares
    /// it: String's `==` would also take a canonically equivalent key (the same combining marks
    /// in another order), which the same key written without escapes does not match.
    @usableFromInline
    func matchesUnescaped(_ text: StaticString) -> Bool {
        guard let unescaped else { return false }
        return text.withUTF8Buffer { unescaped.utf8.elementsEqual($0) }
    }

    /// Lets a `switch` over a key use string literals: `case "userId":`.
    @_transparent
    public static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
        key.matches(pattern)
    }
}
