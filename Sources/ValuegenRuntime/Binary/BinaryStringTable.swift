#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The writer's half of a document's string table (docs/BinaryFormat.md, "The string
/// table"): which short strings it has written, and which of them the table holds.
///
/// A string of 3 to 32 UTF-8 bytes is remembered the first time it is written (and written
/// inline); when it comes again it joins the table and is written as a reference from then on,
/// if a reference is shorter than the string. One pass, so the table is known only at the end
/// and goes in front of the body then.
///
/// Two hash sets over the strings' bytes, read as four words (no String, no SipHash): the
/// strings of the table, which only grows, and the strings seen once. The second is forgotten
/// whenever it holds `maximumSeenOnce` strings, which keeps memory and look-ups cheap however
/// many distinct strings a document has; a repetition is missed only when that many other
/// strings came between. (Two sets, not one: the table's, searched for every string, stays
/// small enough for the fastest cache.) What is written depends on the strings and their
/// order only, not on their hashes (but for strings built to collide, below).
///
/// A class over memory of its own: it belongs to one writer, which cannot be copied, and its
/// slots are written for almost every string without the uniqueness checks of an array (or
/// the run-time exclusivity checks of a class's properties: nothing else can reach them).
final class BinaryStringTable {
    /// The table as it is written after the header: each string's length and bytes, in the
    /// order of their indices.
    @exclusivity(unchecked) private(set) var encodedStrings: [UInt8] = []
    /// How many strings the table has.
    @exclusivity(unchecked) private(set) var count = 0
    /// The table's strings by hash: open addressing, linear probing, at most half full.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var slotCount = 64
    /// The strings seen once, by hash, the same way. A slot whose `stamp` is not
    /// `seenOnceStamp` is empty: forgetting them all is one increment.
    @exclusivity(unchecked) private var seenOnce: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var seenOnceSlotCount = 64
    @exclusivity(unchecked) private var seenOnceCount = 0
    @exclusivity(unchecked) private var seenOnceStamp: UInt32 = 1
    /// For each source of strings (a field at a depth, modulo `sourceCount`; 0 for strings
    /// outside fields): how many of its strings in a row were new, and how many of its next
    /// strings are written inline without a look-up.
    @exclusivity(unchecked) private var sources: UnsafeMutablePointer<Source>

    /// Strings are remembered from this many bytes: a reference takes at least three.
    static let minimumLength = 3
    /// … to this many.
    static let maximumLength = 32
    /// How many strings seen once are remembered before they are all forgotten.
    static let maximumSeenOnce = 4096
    /// Probes after which a string is left inline, so that strings built to collide cannot make
    /// writing quadratic.
    private static let maximumProbes = 64
    /// Sources of strings told apart.
    private static let sourceCount = 64
    /// After this many new strings in a row from one source (none seen before, none in the
    /// table) …
    static let newStringsBeforeSkipping: UInt16 = 32
    /// … this many of its next strings are written inline without a look-up. Then it is
    /// looked up again, and skipped again if it still brings only new strings: a field of
    /// unique values (e-mail addresses, street addresses) costs a look-up for one string in
    /// eight. A repetition is missed when its first occurrence was skipped.
    static let stringsSkipped: UInt16 = 224

    init() {
        slots = Self.allocateEmptySlots(slotCount)
        seenOnce = Self.allocateEmptySlots(seenOnceSlotCount)
        sources = calloc(Self.sourceCount, MemoryLayout<Source>.stride)!.bindMemory(to: Source.self, capacity: Self.sourceCount)
    }

    deinit {
        free(slots)
        free(seenOnce)
        free(sources)
    }

    /// The index to write a reference to `utf8` with, or nil to write it inline. `utf8` has
    /// `minimumLength` to `maximumLength` bytes; `source` tells where it comes from (any
    /// number; the same for the strings of one field). Inlined as far as a skipped string
    /// goes, which is most strings of a field of unique values: they cost no call.
    @inline(__always)
    func reference(to utf8: UnsafeBufferPointer<UInt8>, source: Int) -> Int? {
        let source = sources + (source & (Self.sourceCount - 1))
        if source.pointee.skipped > 0 {
            source.pointee.skipped -= 1
            return nil
        }
        return reference(to: utf8, from: source)
    }

    /// `reference(to:source:)` for a string that is looked up.
    private func reference(to utf8: UnsafeBufferPointer<UInt8>, from source: UnsafeMutablePointer<Source>) -> Int? {
        guard let index = lookUp(utf8) else {
            source.pointee.newInARow += 1
            if source.pointee.newInARow == Self.newStringsBeforeSkipping {
                source.pointee = Source(newInARow: 0, skipped: Self.stringsSkipped)
            }
            return nil
        }
        source.pointee.newInARow = 0
        return index
    }

    /// The index of `utf8`'s reference: `nil` when the string is new (and now remembered as
    /// seen once), or seen before but not worth a reference, or when collisions make it too
    /// costly to find; the index (the table's own or a new one) otherwise. A string that is
    /// not worth a reference counts as a repetition for its source.
    private func lookUp(_ utf8: UnsafeBufferPointer<UInt8>) -> Int?? {
        let key = Key(utf8)
        let hash = key.hash
        // In the table? (Its slots are stamped with their index plus one; 0 is empty.)
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while slots[slot].stamp != 0 {
            if slots[slot].key == key { return Int(slots[slot].stamp) - 1 }
            probes += 1
            guard probes < Self.maximumProbes else { return nil }
            slot = (slot + 1) & mask
        }
        // Seen once?
        let seenMask = seenOnceSlotCount - 1
        var seenSlot = Int(truncatingIfNeeded: hash) & seenMask
        probes = 0
        while seenOnce[seenSlot].stamp == seenOnceStamp {
            if seenOnce[seenSlot].key == key {
                return .some(add(key, utf8, atSlot: slot))
            }
            probes += 1
            guard probes < Self.maximumProbes else { return nil }
            seenSlot = (seenSlot + 1) & seenMask
        }
        if seenOnceCount == Self.maximumSeenOnce {
            forgetSeenOnce()
        }
        seenOnce[seenSlot] = Slot(key: key, stamp: seenOnceStamp)
        seenOnceCount += 1
        if seenOnceCount * 2 > seenOnceSlotCount {
            let stamp = seenOnceStamp
            seenOnce = Self.rehash(seenOnce, count: seenOnceSlotCount, into: seenOnceSlotCount * 2) { $0.stamp == stamp }
            seenOnceSlotCount *= 2
        }
        return nil
    }

    /// Adds a string seen before to the table, at `slot` (where its probe ended), if a
    /// reference is shorter than the string inline; it stays among the strings seen once (the
    /// table is searched first).
    private func add(_ key: Key, _ utf8: UnsafeBufferPointer<UInt8>, atSlot slot: Int) -> Int? {
        let index = count
        // A reference is 0xFF and the index's varint in a length-delimited payload: it must be
        // shorter than the length and the bytes.
        guard BinaryWriter.varintSize(UInt64(index)) + 2 < utf8.count + 1 else { return nil }
        count += 1
        encodedStrings.append(UInt8(utf8.count))  // at most 32: a one-byte varint
        encodedStrings.append(contentsOf: utf8)
        slots[slot] = Slot(key: key, stamp: UInt32(count))
        if count * 2 > slotCount {
            slots = Self.rehash(slots, count: slotCount, into: slotCount * 2) { $0.stamp != 0 }
            slotCount *= 2
        }
        return index
    }

    /// Forgets the strings seen once: their slots keep an old stamp. Every 2^32 times the
    /// stamps start over, and the slots are cleared.
    private func forgetSeenOnce() {
        seenOnceCount = 0
        seenOnceStamp &+= 1
        if seenOnceStamp == 0 {
            seenOnce.update(repeating: Slot(), count: seenOnceSlotCount)
            seenOnceStamp = 1
        }
    }

    /// The slots `isUsed` keeps, moved to a table of `newCount` slots (the old one is freed).
    private static func rehash(_ old: UnsafeMutablePointer<Slot>, count: Int, into newCount: Int, isUsed: (Slot) -> Bool) -> UnsafeMutablePointer<Slot> {
        let new = allocateEmptySlots(newCount)
        let mask = newCount - 1
        for index in 0..<count where isUsed(old[index]) {
            var slot = Int(truncatingIfNeeded: old[index].key.hash) & mask
            while new[slot].stamp != 0 {
                slot = (slot + 1) & mask
            }
            new[slot] = old[index]
        }
        free(old)
        return new
    }

    /// `count` empty slots: zeroed memory (an empty `Slot` is all zero bits), from `calloc`,
    /// which for fresh memory from the system skips writing the zeros.
    private static func allocateEmptySlots(_ count: Int) -> UnsafeMutablePointer<Slot> {
        calloc(count, MemoryLayout<Slot>.stride)!.bindMemory(to: Slot.self, capacity: count)
    }

    /// What is known of one source of strings.
    struct Source {
        var newInARow: UInt16 = 0
        var skipped: UInt16 = 0
    }

    /// A string and a number: in the table, its index plus one; among the strings seen once,
    /// the stamp of when it was seen. 0: an empty slot.
    struct Slot {
        var key = Key()
        var stamp: UInt32 = 0
    }

    /// 3 to 32 bytes of UTF-8 as four words and their count. Each word is eight bytes loaded
    /// at once; those that a shorter string does not fill are loaded overlapping the bytes
    /// before (or are 0), so the words depend only on the bytes, and with the count they tell
    /// strings apart.
    struct Key: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count: Int32 = 0

        /// No string: an empty slot.
        init() {}

        @inline(__always)
        init(_ utf8: UnsafeBufferPointer<UInt8>) {
            let count = utf8.count
            self.count = Int32(count)
            let bytes = UnsafeRawPointer(utf8.baseAddress!)
            func word(_ offset: Int) -> UInt64 {
                bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            }
            if count >= 8 {
                words.0 = word(0)
                if count <= 16 {
                    words.1 = word(count - 8)
                } else {
                    words.1 = word(8)
                    if count <= 24 {
                        words.2 = word(count - 8)
                    } else {
                        words.2 = word(16)
                        words.3 = word(count - 8)
                    }
                }
            } else {
                // 3 to 7 bytes: the first four (or three) and the last four, overlapping.
                let head = count >= 4 ? UInt64(bytes.loadUnaligned(as: UInt32.self)) : UInt64(bytes.loadUnaligned(as: UInt16.self)) | UInt64(bytes.load(fromByteOffset: 2, as: UInt8.self)) << 16
                let tail = count >= 4 ? UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) : 0
                words.0 = head | tail << 32
            }
        }

        static func == (first: Key, second: Key) -> Bool {
            first.count == second.count && first.words.0 == second.words.0 && first.words.1 == second.words.1
                && first.words.2 == second.words.2 && first.words.3 == second.words.3
        }

        /// A multiplicative mix of the words.
        var hash: UInt64 {
            var hash = words.0 &* 0x9E37_79B9_7F4A_7C15
            hash ^= words.1 &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= words.2 &* 0x1656_67B1_9E37_79F9
            hash ^= words.3 &* 0x27D4_EB2F_1656_67C5
            hash ^= UInt64(UInt32(bitPattern: count))
            hash ^= hash >> 29
            hash &*= 0xBF58_476D_1CE4_E5B9
            return hash ^ (hash >> 32)
        }
    }
}
