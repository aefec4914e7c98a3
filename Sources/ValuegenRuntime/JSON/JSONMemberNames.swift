/// The member names a generated reader knows, matched by the runtime instead of by a `switch`
/// over string literals in the generated code: the shape of JSON readers generated for
/// `"optimizeFor": "codeSize"` (docs/Performance.md, issue 41).
///
/// A member's index is its position in the list; when a name is listed twice, the first wins,
/// as the first matching `case` of a `switch` does. Generated code makes one table per object
/// shape, once (a `static let` of a local type), and switches over the index:
///
///     enum Members { static let names = JSONMemberNames(["id", "name"]) }
///     try reader.readObject(Members.names) { reader, member throws(JSONError) in
///         switch member {
///         case 0: id = try Int(from: &reader)
///         case 1: name = try String(from: &reader)
///         default: break
///         }
///     }
///
/// Names are found through an open-addressed hash table of their length and first and last
/// eight bytes, then compared whole: one probe for most keys, whatever the number of names.
public final class JSONMemberNames: @unchecked Sendable {
    // Immutable after `init`; the storage is never written again, so sharing it between
    // threads is safe.
    /// Every name's UTF-8 bytes, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where each name starts in `bytes`; `starts[count]` is the end of the last one.
    private let starts: UnsafeMutablePointer<Int>
    /// The hash table: a name's index, or -1 for an empty slot.
    private let slots: UnsafeMutablePointer<Int32>
    private let slotMask: Int
    /// Whether a name is listed twice: then a key is always looked up in the table, which holds
    /// the first, and never taken for the name expected next.
    private let hasRepeatedNames: Bool
    /// Whether a name has a byte outside ASCII: then a string the table lacks may still equal
    /// one as Swift compares strings (``index(of:)-(String)``).
    private let hasNamesOutsideASCII: Bool
    /// Whether two names are equal as Swift compares strings but not byte for byte (`"é"`
    /// composed and not): then a string is always compared with the names in order, so that
    /// the first of them wins, as in a `switch`.
    private let hasEquivalentNames: Bool
    /// The number of names.
    public let count: Int

    /// A table of the names, each given its index in the list.
    public init(_ names: [StaticString]) {
        count = names.count
        let total = names.reduce(0) { $0 + $1.utf8CodeUnitCount }
        bytes = .allocate(capacity: max(total, 1))
        starts = .allocate(capacity: names.count + 1)
        var slotCount = 8
        while slotCount < names.count * 2 {
            slotCount *= 2
        }
        slotMask = slotCount - 1
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
        var end = 0
        for (index, name) in names.enumerated() {
            starts[index] = end
            if name.utf8CodeUnitCount > 0 {
                (bytes + end).initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
            }
            end += name.utf8CodeUnitCount
        }
        starts[names.count] = end
        var repeated = false
        for index in names.indices {
            let name = Self.name(index, bytes: bytes, starts: starts)
            guard Self.lookUp(name, slots: slots, slotMask: slotMask, bytes: bytes, starts: starts) == nil else {
                repeated = true
                continue
            }
            var slot = Self.hash(name) & slotMask
            while slots[slot] >= 0 {
                slot = (slot + 1) & slotMask
            }
            slots[slot] = Int32(index)
        }
        hasRepeatedNames = repeated
        let outsideASCII = names.contains { name in name.withUTF8Buffer { $0.contains { $0 >= 0x80 } } }
        hasNamesOutsideASCII = outsideASCII
        let strings = outsideASCII ? names.map { $0.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } } : []
        hasEquivalentNames = Set(strings).count < Set(strings.map { Array($0.utf8) }).count
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        slots.deallocate()
    }

    /// The index of the member the key names, or nil when it names none of them.
    public func index(of key: JSONKey) -> Int? {
        if var unescaped = key.unescaped {
            return unescaped.withUTF8 { index(ofBytes: UnsafeRawBufferPointer($0)) }
        }
        return index(ofBytes: key.bytes)
    }

    /// The index of the name equal to `string` as Swift compares strings, as a `switch` over
    /// string literals finds it (generated ADT readers look their tags up with it), or nil.
    /// The bytes are looked up first; only when the string or a name is outside ASCII, where
    /// canonically equivalent strings (`"é"` composed or not) can differ in their bytes, are
    /// the names then compared in order as strings.
    public func index(of string: String) -> Int? {
        var string = string
        if !hasEquivalentNames, let index = string.withUTF8({ index(ofBytes: UnsafeRawBufferPointer($0)) }) {
            return index
        }
        guard hasNamesOutsideASCII || string.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return (0..<count).first { self[$0] == string }
    }

    /// ``index(of:)``, trying first the name at `expected`: servers write an object's members
    /// in the same order every time, often the order the schema lists them in, so after one
    /// member the next is most often the one listed after it, and one compare finds it.
    func index(of key: JSONKey, expecting expected: Int) -> Int? {
        if key.unescaped == nil, expected < count, !hasRepeatedNames, Self.same(key.bytes, Self.name(expected, bytes: bytes, starts: starts)) {
            return expected
        }
        return index(of: key)
    }

    /// The name at the index.
    public subscript(index: Int) -> String {
        String(decoding: Self.name(index, bytes: bytes, starts: starts), as: UTF8.self)
    }

    private func index(ofBytes key: UnsafeRawBufferPointer) -> Int? {
        Self.lookUp(key, slots: slots, slotMask: slotMask, bytes: bytes, starts: starts)
    }

    /// The table's look-up, a static function so that `init` can use it before every stored
    /// property is set.
    private static func lookUp(
        _ key: UnsafeRawBufferPointer, slots: UnsafeMutablePointer<Int32>, slotMask: Int,
        bytes: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int>
    ) -> Int? {
        var slot = Self.hash(key) & slotMask
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 {
                return nil
            }
            if same(key, name(candidate, bytes: bytes, starts: starts)) {
                return candidate
            }
            slot = (slot + 1) & slotMask
        }
    }

    /// The bytes of the name at `index`. Static, as ``lookUp(_:slots:slotMask:bytes:starts:)``.
    private static func name(_ index: Int, bytes: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + starts[index], count: starts[index + 1] - starts[index])
    }

    /// Whether the key is the name, byte for byte.
    private static func same(_ key: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer) -> Bool {
        guard key.count == name.count else { return false }
        guard key.count > 0 else { return true }
        guard let keyBase = key.baseAddress, let nameBase = name.baseAddress else { return false }
        return JSONKey.equalBytes(keyBase, nameBase, count: key.count)
    }

    /// A hash of the length and the first and last bytes (eight of each where there are that
    /// many), read as words without a loop.
    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        let count = key.count
        var word: UInt64 = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if let base = key.baseAddress, count > 0 {
            if count >= 8 {
                word ^= base.loadUnaligned(as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
                word ^= base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) &* 0x1656_67B1_9E37_79F9
            } else if count >= 4 {
                word ^= UInt64(base.loadUnaligned(as: UInt32.self)) &* 0xC2B2_AE3D_27D4_EB4F
                word ^= UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) &* 0x1656_67B1_9E37_79F9
            } else {
                let bytes = UInt64(base.load(as: UInt8.self)) | UInt64(base.load(fromByteOffset: count / 2, as: UInt8.self)) << 8
                    | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self)) << 16
                word ^= bytes &* 0xC2B2_AE3D_27D4_EB4F
            }
        }
        word ^= word >> 29
        word = word &* 0xBF58_476D_1CE4_E5B9
        word ^= word >> 32
        return Int(truncatingIfNeeded: word)
    }
}
