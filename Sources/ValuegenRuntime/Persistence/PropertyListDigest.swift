// The checksum of a saved property list's values: a CRC-32C that depends on what the binary
// property list (`bplist00`) holds, not on where its writer put it. `PropertyListEncoder` lays
// out objects and the entries of dictionaries in an order that changes from run to run, and
// the stamp that holds the checksum is itself an entry of the root dictionary; so the checksum
// is of a canonical form: a scalar's bytes as written (marker and contents), an array's
// elements in order, a dictionary's entries sorted by their keys' bytes. Every object is
// digested once, however many containers refer to it (the writer shares equal strings).
//
// A damaged byte changes the digest of the object it is in (or the structure: a reference, an
// offset, a count), and so the checksum, but once in 2^32; `load(from:)` then refuses the
// file. Bytes that no value uses (the trailer's unused bytes) change nothing that is read.

struct PropertyListDigest {
    private let table: BinaryPropertyListTable
    /// Each object's digest once computed.
    private var digests: [UInt32?]
    /// Objects being digested, to refuse a cycle.
    private var open: Set<Int> = []

    /// A digest of the binary property list's objects; nil when the bytes are not one whose
    /// structure can be followed.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.starts(with: "bplist00".utf8), let table = BinaryPropertyListTable(bytes) else { return nil }
        self.table = table
        digests = Array(repeating: nil, count: table.objectCount)
    }

    /// The top object.
    var top: Int { table.topObject }

    /// The digest of the top object, leaving out the root dictionary's entry `excludedKey`
    /// (the stamp). Nil when the structure cannot be followed.
    mutating func digestOfTop(excluding excludedKey: String?) -> UInt32? {
        guard let excludedKey, let entries = entries(of: top) else { return digest(of: top) }
        let excluded = Self.asciiKey(excludedKey)
        let kept = entries.filter { entry in !rawBytes(of: entry.key).elementsEqual(excluded) }
        return dictionaryDigest(kept)
    }

    /// The digest of the value a stamped property list holds, which its stamp's checksum is:
    /// the root dictionary's entry `$value` when the stamp wraps the value, otherwise the root
    /// without its `$valuegen` entry. Nil when the structure cannot be followed.
    mutating func digestOfStampedValue(wrapped: Bool) -> UInt32? {
        guard wrapped else { return digestOfTop(excluding: SaveStamp.memberName) }
        return rootEntry(SaveStamp.valueMemberName).flatMap { digest(of: $0) }
    }

    /// The object that the root dictionary's entry `key` holds; nil when there is none (or the
    /// root is no dictionary).
    func rootEntry(_ key: String) -> Int? {
        let wanted = Self.asciiKey(key)
        return entries(of: top)?.first { rawBytes(of: $0.key).elementsEqual(wanted) }?.value
    }

    /// Whether the top object is a dictionary.
    var topIsDictionary: Bool {
        entries(of: top) != nil
    }

    // MARK: - Reading objects

    /// The entries of a dictionary; nil for any other object.
    func entries(of object: Int) -> [(key: Int, value: Int)]? {
        guard let start = table.start(of: object), table.bytes[start] >> 4 == 0xD, let children = table.children(of: object) else { return nil }
        let count = children.count / 2
        var entries: [(key: Int, value: Int)] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            guard let key = table.reference(children.first + index * table.referenceSize),
                  let value = table.reference(children.first + (count + index) * table.referenceSize) else { return nil }
            entries.append((key, value))
        }
        return entries
    }

    /// The bytes of a scalar object (marker and contents); empty for a container or an object
    /// that does not fit.
    func rawBytes(of object: Int) -> UnsafeRawBufferPointer {
        guard let start = table.start(of: object), let end = scalarEnd(at: start) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: table.bytes[start..<end])
    }

    /// A string object's text (ASCII or UTF-16); nil for another object.
    func string(_ object: Int) -> String? {
        guard let start = table.start(of: object), let (count, first) = table.counted(at: start), scalarEnd(at: start) != nil else { return nil }
        switch table.bytes[start] >> 4 {
        case 0x5:
            return String(decoding: UnsafeRawBufferPointer(rebasing: table.bytes[first..<(first + count)]), as: UTF8.self)
        case 0x6:
            let units = (0..<count).map { UInt16(table.bytes[first + 2 * $0]) << 8 | UInt16(table.bytes[first + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }

    /// An integer object's value, when it fits in an Int; nil for another object.
    func integer(_ object: Int) -> Int? {
        guard let start = table.start(of: object), table.bytes[start] >> 4 == 0x1, let end = scalarEnd(at: start), end - start <= 9 else { return nil }
        let value = BinaryPropertyListTable.integer(table.bytes, at: start + 1, size: end - start - 1)
        return end - start == 9 ? Int(truncatingIfNeeded: value) : Int(exactly: value)
    }

    /// A Boolean object's value; nil for another object.
    func bool(_ object: Int) -> Bool? {
        guard let start = table.start(of: object) else { return nil }
        switch table.bytes[start] {
        case 0x08: return false
        case 0x09: return true
        default: return nil
        }
    }

    /// Where a scalar object that starts at `start` ends; nil for a container, an unknown kind,
    /// or one that does not fit before the offset table.
    private func scalarEnd(at start: Int) -> Int? {
        let marker = table.bytes[start]
        let low = Int(marker & 0x0F)
        let end: Int
        switch marker >> 4 {
        case 0x0:
            guard marker == 0x00 || marker == 0x08 || marker == 0x09 else { return nil }
            end = start + 1
        case 0x1:
            guard low <= 4 else { return nil }
            end = start + 1 + (1 << low)
        case 0x2:
            guard low == 2 || low == 3 else { return nil }
            end = start + 1 + (1 << low)
        case 0x3:
            guard marker == 0x33 else { return nil }
            end = start + 9
        case 0x4, 0x5:
            guard let (count, first) = table.counted(at: start) else { return nil }
            end = first + count
        case 0x6:
            guard let (count, first) = table.counted(at: start), count <= table.offsetTable / 2 else { return nil }
            end = first + 2 * count
        case 0x8:
            end = start + 2 + low
        default:
            return nil
        }
        return end <= table.offsetTable ? end : nil
    }

    // MARK: - Digests

    /// The digest of an object and all it holds; nil when the structure cannot be followed, or
    /// holds a cycle or more than 600 levels (the reader refuses 512 before).
    mutating func digest(of object: Int) -> UInt32? {
        if let digest = digests[object] {
            return digest
        }
        guard let start = table.start(of: object), open.count < 600, open.insert(object).inserted else { return nil }
        defer { open.remove(object) }
        let digest: UInt32?
        switch table.bytes[start] >> 4 {
        case 0xD:
            digest = entries(of: object).flatMap { dictionaryDigest($0) }
        case 0xA, 0xC:
            digest = arrayDigest(of: object, kind: table.bytes[start] >> 4)
        default:
            let raw = rawBytes(of: object)
            digest = raw.isEmpty ? nil : CRC32C.checksum(of: raw)
        }
        digests[object] = digest
        return digest
    }

    private mutating func arrayDigest(of object: Int, kind: UInt8) -> UInt32? {
        guard let children = table.children(of: object) else { return nil }
        var parts = Self.header(kind: kind, count: children.count)
        for index in 0..<children.count {
            guard let child = table.reference(children.first + index * table.referenceSize), let digest = digest(of: child) else { return nil }
            Self.append(digest, to: &parts)
        }
        return parts.withUnsafeBytes { CRC32C.checksum(of: $0) }
    }

    /// A dictionary's entries, sorted by their keys' bytes (a key is a string: a scalar).
    private mutating func dictionaryDigest(_ entries: [(key: Int, value: Int)]) -> UInt32? {
        var digested: [(key: UnsafeRawBufferPointer, keyDigest: UInt32, valueDigest: UInt32)] = []
        digested.reserveCapacity(entries.count)
        for entry in entries {
            let key = rawBytes(of: entry.key)
            guard !key.isEmpty, let valueDigest = digest(of: entry.value) else { return nil }
            digested.append((key, CRC32C.checksum(of: key), valueDigest))
        }
        digested.sort { $0.key.lexicographicallyPrecedes($1.key) }
        var parts = Self.header(kind: 0xD, count: digested.count)
        for entry in digested {
            Self.append(entry.keyDigest, to: &parts)
            Self.append(entry.valueDigest, to: &parts)
        }
        return parts.withUnsafeBytes { CRC32C.checksum(of: $0) }
    }

    private static func header(kind: UInt8, count: Int) -> [UInt8] {
        var parts: [UInt8] = [kind]
        withUnsafeBytes(of: UInt64(count).littleEndian) { parts += $0 }
        return parts
    }

    private static func append(_ digest: UInt32, to parts: inout [UInt8]) {
        withUnsafeBytes(of: digest.littleEndian) { parts += $0 }
    }

    /// The bytes of an ASCII string object: marker `0x5n` (n its length, below 15) and the
    /// characters.
    private static func asciiKey(_ key: String) -> [UInt8] {
        precondition(key.utf8.count < 15 && key.utf8.allSatisfy { $0 < 0x80 })
        return [0x50 | UInt8(key.utf8.count)] + Array(key.utf8)
    }
}
