extension String {
    /// Calls `body` with the string's UTF-8 in place, without the copy (and the retain and
    /// release) that `withUTF8` needs to be mutating; only a string bridged from elsewhere,
    /// which has no contiguous UTF-8, is copied first. What the writers and the URL check use
    /// for every string they look at.
    @inline(__always)
    func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        var copy = self
        return copy.withUTF8(body)
    }
}
