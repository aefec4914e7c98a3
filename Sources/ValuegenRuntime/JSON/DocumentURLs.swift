#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The URLs a reader has made, keyed by the raw bytes of their strings in the document (escapes
/// undecoded: the same bytes decode to the same string), so that a URL read again is the same
/// `URL` (`JSONReader.readURL()`).
///
/// A string's hash picks a bucket of four slots, side by side in memory. A new URL takes
/// an empty slot, or else the oldest (first in the document) of those whose URL was never found
/// again; when all four were found, each loses its mark and the new URL is not kept (a second
/// chance). So the URLs a page keeps repeating (its users', its repository's) stay while the ones
/// each issue has alone stream past them. One slot a hash, each newer URL replacing the older,
/// made 15,000 URLs on a page of issues holding 11,698 different ones: a user's URLs were
/// evicted by the issues' own, and two repeated URLs with the same slot evicted each other at
/// every turn.
///
/// The slots start few (64, 3 KB) and grow fourfold, up to 4,096, each time more URLs were
/// offered than there are slots while at least one in four was found, or had been let go and
/// came again. A page of issues holds a few hundred URLs that repeat (13 a user, for a few dozen
/// users) among the ones each issue has alone, and a user comes again some forty issues later:
/// in 64 slots its URLs were let go long before, and counting only the URLs found never grew
/// the slots for such a page. So the table also keeps a bit for each URL it let go (a bit the
/// string's hash picks among 131,072 (16 KB), all cleared after 4,096 were set, so that at
/// most one in 32 is set by another string: with one in eight, 65 URLs that all differ now and
/// then found 17 bits set and grew the slots) and counts a URL whose bit is set as one it would
/// have found. A small document keeps its small table, and so does one whose URLs all differ
/// (a page of charges, each with its receipt's URL).
///
/// Such a page also stops paying for the table. Each URL it offers costs a skip of its string,
/// a hash, a look-up and a store (about 500 instructions, a tenth of the `URL`), and none is
/// ever found. When eight judgements in a row (520 URLs in 64 slots) found at most one URL in
/// 16 again (or let go and offered again: another string's let-go bit gives about one in 64),
/// the reader makes the next seven times as many URLs straight from their strings, without the
/// table (``readsNextURLAlone()``), then offers URLs to it again for a judgement, and reads
/// alone again after each that is as quiet: so a page of URLs that all differ looks one in
/// eight of them up, as Binary's string table does with fields of unique values. A URL
/// repeated while it is read alone is made again, equal to the first; a judgement that finds
/// more starts the count again. Two quiet judgements were too few: on a page of issues whose 40
/// authors had not come back within the first six issues, the URLs read alone made 1,626
/// author URLs where the table made 1,033 (`JSONURLTests`).
final class DocumentURLs {
    struct Entry {
        var hash: UInt64 = 0
        /// Where the string's raw bytes are in the document, between its quotes: the URLs of a
        /// bucket are aged by where they start.
        var start = 0
        var count = -1
        var url: URL?
        /// Whether the URL was found since it was stored, or since it was last spared.
        var found = false
    }

    static let firstSlotCount = 64
    static let mostSlots = 4096
    static let bucketSize = 4
    /// Longer strings are not remembered: their hash and comparison would cost more than they
    /// are likely to save.
    static let longestRemembered = 2048
    static let letGoBitCount = 131_072
    static let mostLetGoBitsSet = 4096
    /// Judgements in a row that found at most one URL in `quietShare` before URLs are read alone,
    /// and how many times the URLs of the last judgement are then read alone.
    static let quietJudgementsBeforeReadingAlone = 8
    static let quietShare = 16
    static let urlsReadAlonePerURLOffered = 7

    /// The slots, in memory of their own rather than an array: a look-up reads one slot's
    /// fields, without the copies of the whole entry and the exclusivity checks an array stored
    /// in a class costs (a fifth of the time the table took on a page of issues).
    private(set) var entries: UnsafeMutablePointer<Entry>
    private(set) var slotCount = firstSlotCount
    /// The bits of a hash that pick a bucket: its top log2(slotCount / bucketSize).
    var bucketShift: UInt64 = 64 - 4
    /// The URLs offered to the table (made because they were not found), found, and offered
    /// while their let-go bit was set, since the slots last grew or were last judged.
    var stored = 0
    var found = 0
    var foundLetGo = 0
    /// The let-go bits (made when the first URL is let go: a small document needs none), and
    /// how many were set since they were last cleared.
    private var letGo: UnsafeMutablePointer<UInt64>?
    private var letGoBitsSet = 0
    /// Judgements in a row that found almost none of the URLs offered, and how many of the next
    /// URLs are made without the table.
    private(set) var quietJudgements = 0
    private(set) var urlsToReadAlone = 0
    /// How many times the table was judged (for tests).
    private(set) var judgements = 0

    init() {
        entries = .allocate(capacity: slotCount)
        entries.initialize(repeating: Entry(), count: slotCount)
    }

    deinit {
        entries.deinitialize(count: slotCount)
        entries.deallocate()
        letGo?.deallocate()
    }

    /// Whether the next URL is made straight from its string, without the table: true for the
    /// URLs that follow judgements that found almost none again.
    @inline(__always)
    func readsNextURLAlone() -> Bool {
        guard urlsToReadAlone > 0 else { return false }
        urlsToReadAlone &-= 1
        return true
    }

    /// The hash of the bytes at `raw`, nil when they are too long to remember.
    @inline(__always)
    func key(of raw: Range<Int>, in document: UnsafeRawPointer) -> UInt64? {
        guard raw.count <= Self.longestRemembered else { return nil }
        return Self.hash(of: raw, in: document)
    }

    /// The first slot of the hash's bucket: the top bits of a product are the best mixed.
    @inline(__always)
    func bucket(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash &>> bucketShift) &* Self.bucketSize
    }

    /// Eight bytes a multiply.
    static func hash(of raw: Range<Int>, in document: UnsafeRawPointer) -> UInt64 {
        let count = raw.count
        let bytes = document + raw.lowerBound
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: count)
        var index = 0
        while index &+ 8 <= count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            index &+= 8
        }
        if index < count {
            var tail: UInt64 = 0
            if count >= 8 {
                tail = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            } else {
                for offset in index..<count {
                    tail = tail &<< 8 | UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))
                }
            }
            hash = (hash ^ tail) &* multiplier
        }
        return hash
    }

    /// The URL made of the same bytes as `raw` (whose hash is `hash`), if the table holds one.
    @inline(__always)
    func url(for hash: UInt64, matching raw: Range<Int>, in document: UnsafeRawPointer) -> URL? {
        var entry = entries + bucket(of: hash)
        for _ in 0..<Self.bucketSize {
            if entry.pointee.hash == hash, entry.pointee.count == raw.count,
               entry.pointee.start == raw.lowerBound || memcmp(document + entry.pointee.start, document + raw.lowerBound, raw.count) == 0 {
                found &+= 1
                entry.pointee.found = true
                return entry.pointee.url
            }
            entry += 1
        }
        return nil
    }

    /// Keeps `url`, made of the bytes at `raw` because the table did not hold it.
    func remember(_ url: URL, for hash: UInt64, raw: Range<Int>, in document: UnsafeRawPointer) {
        stored &+= 1
        if isLetGo(hash) {
            foundLetGo &+= 1
        }
        if let slot = slotToFill(in: bucket(of: hash)) {
            if entries[slot].url != nil {
                letGo(entries[slot].hash)
            }
            entries[slot] = Entry(hash: hash, start: raw.lowerBound, count: raw.count, url: url)
        } else {
            letGo(hash)
        }
        // Judged each time more URLs were offered than there are slots: grown when they
        // repeat; a document whose URLs differ keeps its first slots, and soon reads most of
        // them alone.
        if stored > slotCount {
            judgements &+= 1
            let repeated = found &+ foundLetGo
            if repeated >= stored / 4, slotCount < Self.mostSlots {
                grow(in: document)
            }
            if repeated <= stored / Self.quietShare {
                quietJudgements &+= 1
                if quietJudgements >= Self.quietJudgementsBeforeReadingAlone {
                    urlsToReadAlone = stored &* Self.urlsReadAlonePerURLOffered
                }
            } else {
                quietJudgements = 0
            }
            stored = 0
            found = 0
            foundLetGo = 0
        }
    }

    /// An empty slot of the bucket, or the oldest whose URL was never found again; nil when
    /// every URL of the bucket was found, which then all lose their mark.
    private func slotToFill(in bucket: Int) -> Int? {
        var oldest: Int?
        for slot in bucket ..< bucket + Self.bucketSize {
            let entry = entries + slot
            if entry.pointee.url == nil {
                return slot
            }
            if !entry.pointee.found, oldest.map({ entry.pointee.start < entries[$0].start }) ?? true {
                oldest = slot
            }
        }
        if oldest == nil {
            for slot in bucket ..< bucket + Self.bucketSize {
                entries[slot].found = false
            }
        }
        return oldest
    }

    /// The let-go bit of a hash: the top 17 bits of another product, which every bit of the
    /// hash moves. (A product's lower bits depend only on its factors' lower bits: picked by
    /// the hash's own middle bits, strings differing in their last digits shared a few bits.)
    @inline(__always)
    private static func letGoBit(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0xC2B2_AE3D_27D4_EB4F) &>> 47)
    }

    private func isLetGo(_ hash: UInt64) -> Bool {
        guard let letGo else { return false }
        let bit = Self.letGoBit(of: hash)
        return letGo[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0
    }

    private func letGo(_ hash: UInt64) {
        let words = Self.letGoBitCount / 64
        let bits: UnsafeMutablePointer<UInt64>
        if let letGo {
            bits = letGo
        } else {
            bits = .allocate(capacity: words)
            bits.initialize(repeating: 0, count: words)
            letGo = bits
        }
        if letGoBitsSet == Self.mostLetGoBitsSet {
            bits.update(repeating: 0, count: words)
            letGoBitsSet = 0
        }
        let bit = Self.letGoBit(of: hash)
        bits[bit &>> 6] |= 1 &<< UInt64(bit & 63)
        letGoBitsSet &+= 1
    }

    /// Four times the slots, with the URLs of the old ones in them.
    func grow(in document: UnsafeRawPointer) {
        let old = entries
        let oldCount = slotCount
        slotCount = oldCount * 4
        bucketShift -= 2
        entries = .allocate(capacity: slotCount)
        entries.initialize(repeating: Entry(), count: slotCount)
        for entry in UnsafeBufferPointer(start: old, count: oldCount) where entry.url != nil {
            let bucket = bucket(of: entry.hash)
            // A bucket of the new slots receives the URLs of at most one old bucket, four.
            if let slot = (bucket ..< bucket + Self.bucketSize).first(where: { entries[$0].url == nil }) {
                entries[slot] = entry
            }
        }
        old.deinitialize(count: oldCount)
        old.deallocate()
    }
}
