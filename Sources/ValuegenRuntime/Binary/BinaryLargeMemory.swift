#if canImport(Glibc)
import Glibc
#endif

/// Large buffers of the binary coders ask Linux for huge pages. Memory that is new to a
/// process costs a page fault for each 4 KB page it first touches — about 1.7 µs each on the
/// virtual machines Valuegen is measured on, so 16 ms for a 36 MB document, as long as writing
/// it — and a 2 MB huge page costs about as much as one of them. The advice is a hint: where
/// it is not supported (other systems, huge pages turned off) nothing changes.
@usableFromInline
enum BinaryLargeMemory {
    /// Below this, buffers are not worth a system call.
    @inlinable
    static var threshold: Int { 4 << 20 }

    /// Advises huge pages for the whole pages of `count` bytes at `start`, when they are many.
    @inlinable
    static func adviseHugePages(_ start: UnsafeMutableRawPointer, count: Int) {
        if count >= threshold {
            advise(start, count: count)
        }
    }

    @usableFromInline
    static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        let pageSize = Int(getpagesize())
        let first = (Int(bitPattern: start) + pageSize - 1) & ~(pageSize - 1)
        let end = (Int(bitPattern: start) + count) & ~(pageSize - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }
}
