#if canImport(Glibc)
import Glibc
#endif

/// Large buffers of the coders — JSON and binary alike — ask Linux for huge pages. Memory that
/// is new to a process costs a page fault for each 4 KB page it first touches (about 1.7 µs
/// each on the virtual machines Valuegen is measured on: 16 ms for a 36 MB document, as long
/// as writing it), and a 2 MB huge page costs about as much as one of them. Both formats get
/// the same advice, so the benchmark's binary-against-JSON ratios compare formats, not memory.
/// It is a hint: where it is not supported (other systems, huge pages turned off) nothing
/// changes.
@usableFromInline
enum LargeMemory {
    /// Below this, buffers are not worth a system call.
    @inlinable
    static var threshold: Int { 4 << 20 }

    /// Room a writer makes at once for the rest of a collection, from the rate of its first
    /// elements, is at most this (JSON's and binary's writers alike): an estimate is address
    /// space, not memory, until written, but a wrong one must not ask for gigabytes.
    static var largestEstimatedRoom: Int { 256 << 20 }

    /// Advises huge pages for the whole pages of `count` bytes at `start`, when they are many.
    /// Call it before the memory is first touched.
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

extension Array {
    /// Makes room for at least twice the elements, and advises huge pages for the new room when
    /// it is large. Decoders that append elements one by one (a JSON array's count is not known
    /// in advance) call it when the array is full, instead of letting `append` grow it.
    /// `toHold`, when given, is the room to make instead.
    @inlinable
    mutating func growAdvisingHugePages(toHold minimumCapacity: Int? = nil) {
        let stride = MemoryLayout<Element>.stride
        reserveCapacity(minimumCapacity ?? Swift.max(capacity &* 2, 4))
        guard capacity &* stride >= LargeMemory.threshold else { return }
        let used = count &* stride
        let room = (capacity &- count) &* stride
        withUnsafeMutableBufferPointer { elements in
            // The room past the elements has not been touched yet: the allocation is new.
            if let base = elements.baseAddress {
                LargeMemory.adviseHugePages(UnsafeMutableRawPointer(base) + used, count: room)
            }
        }
    }
}
