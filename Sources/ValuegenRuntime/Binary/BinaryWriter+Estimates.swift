// Large collections: room made once, and a length prefix of the right size from the start.
// Growing a buffer by doubling touches every new buffer's pages (a 36 MB document touched
// ~100 MB of fresh memory, which the system zeroes page by page), and a length prefix that
// turns out to need more bytes than were left moves the whole payload. An estimate after the
// first elements avoids both for a collection whose elements are alike.

extension BinaryWriter {
    /// Collections of at least this many elements estimate their size, after this many.
    @inlinable
    static var elementsToEstimate: Int { 16 }

    /// Called after the first `written` of `total` elements of a collection whose payload
    /// `prefix` started and whose elements start at `elementsStart`: gives the length prefix
    /// the bytes that the varint of the payload's estimated size takes (at the rate of the
    /// elements so far), moving only those elements, and makes room for the rest plus an
    /// eighth (up to `LargeMemory.largestEstimatedRoom`). A wrong estimate costs what writing
    /// without one costs: a move of the payload at the end, growing the buffer, or (when the
    /// estimate was far too large) a copy of the document (`finishDocument()`).
    @usableFromInline
    mutating func expectElements(_ total: Int, after written: Int, from elementsStart: Int, of prefix: inout BinaryLengthPrefix) {
        guard written > 0, total > written else { return }
        let payload = count - prefix.offset - prefix.size
        let elements = count - elementsStart
        let estimate = Double(payload - elements) + Double(elements) / Double(written) * Double(total)
        guard estimate < Double(Int32.max) else { return }
        prefix = resize(prefix, to: Self.varintSize(UInt64(estimate)))
        let remaining = min(Int(estimate * 1.125) - payload, LargeMemory.largestEstimatedRoom)
        if remaining > capacity - count {
            grow(remaining)
        }
    }
}
