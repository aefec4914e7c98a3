/// How a JSON array makes room for its elements when they are large: values of many attributes
/// held inline (a list page's charges, about 2 KB each). Issue 38 found the copies of such
/// elements a seventh of a page's decode, much of it the array moving every element each time
/// it doubled.
@usableFromInline
enum LargeElements {
    /// From this stride on, the array is sized from the bytes left.
    @inlinable
    static var stride: Int { 128 }

    /// The most an array grows at once, in elements read so far: a short array followed by much
    /// else in the document would otherwise take room for elements that never come.
    @inlinable
    static var furthestGuess: Int { 8 }
}

extension Array {
    /// Makes room for more elements when the array is full. Small elements double it; large
    /// ones take room for as many more as the bytes left would hold if they were as long as
    /// those read (`read` bytes so far, `left` after them), so a page that ends with its list
    /// is read into an array of about the right size after its fourth element, not moved eight
    /// times on the way. At least half again what it holds, at most `furthestGuess` times.
    @inlinable @inline(__always)
    mutating func growForElements(read: Int, left: Int) {
        guard MemoryLayout<Element>.stride >= LargeElements.stride, count > 0, read > 0 else {
            growAdvisingHugePages()
            return
        }
        let expected = left / Swift.max(read / count, 1)
        let more = Swift.min(Swift.max(expected, count / 2, 1), count &* LargeElements.furthestGuess)
        growAdvisingHugePages(toHold: count &+ more)
    }
}
