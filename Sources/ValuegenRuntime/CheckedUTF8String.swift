// Strings of more than 15 bytes made from UTF-8 the reader has already checked.
//
// `String(decoding:as:)` checks its bytes again, one at a time: 5–9 % of decoding a document
// of long texts (Markdown bodies, tweets in other scripts). Since Swift 6.2 the standard
// library says in public API that bytes are known to be well-formed, `UTF8Span(unchecked:)`,
// and `String(copying:)` then copies them without a check. The readers call this only after
// their own check (or for bytes they wrote themselves from decoded scalars), so nothing is
// accepted that was refused before; where the API is not available (Apple platforms before
// 26) the String is made the standard way, checked twice as before.

extension String {
    /// The String of `count` bytes at `base`, which must be well-formed UTF-8; `isASCII`
    /// must be exact (every byte below 0x80 or not): it becomes the String's own flag, which
    /// its comparisons and hashing rely on.
    @inline(__always)
    init(checkedUTF8 base: UnsafePointer<UInt8>, count: Int, isASCII: Bool) {
        let buffer = UnsafeBufferPointer(start: base, count: count)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = String(copying: unsafe UTF8Span(unchecked: buffer.span, isKnownASCII: isASCII))
        } else {
            self = String(decoding: buffer, as: UTF8.self)
        }
    }
}
