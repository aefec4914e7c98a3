import Foundation

/// The object table of a binary property list: where each object starts, and for arrays, sets
/// and dictionaries where their references to other objects are. Every offset is checked
/// against the bytes; nil or false for anything that does not fit.
struct BinaryPropertyListTable {
    let bytes: UnsafeRawBufferPointer
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTable: Int

    /// A container's references: `count` of them from `first` (a dictionary's keys, then its
    /// values).
    struct Children {
        var first: Int
        var count: Int
    }

    init?(_ bytes: UnsafeRawBufferPointer) {
        // The trailer: 6 unused bytes, the sizes of offsets and of references, then the
        // object count, the top object and the offset table's offset, big-endian 8 bytes each.
        guard bytes.count >= 8 + 32 else { return nil }
        let trailer = bytes.count - 32
        self.bytes = bytes
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { return nil }
        let count = Self.integer(bytes, at: trailer + 8, size: 8)
        let top = Self.integer(bytes, at: trailer + 16, size: 8)
        let table = Self.integer(bytes, at: trailer + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count), top < count, table < UInt64(trailer),
              UInt64(trailer) - table >= count * UInt64(offsetSize) else { return nil }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTable = Int(table)
    }

    /// The references of object `object` when it is an array, a set or a dictionary; nil for
    /// every other kind, and for one that does not fit in the bytes.
    func children(of object: Int) -> Children? {
        guard let offset = start(of: object) else { return nil }
        let kind = bytes[offset] >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD, let (entries, first) = counted(at: offset) else { return nil }
        // A dictionary's count is of its entries: a key and a value each.
        let count = kind == 0xD ? entries * 2 : entries
        guard count <= (offsetTable - first) / referenceSize else { return nil }
        return Children(first: first, count: count)
    }

    /// Where object `object` starts: its marker byte. Nil when that is not before the offset
    /// table.
    func start(of object: Int) -> Int? {
        let offset = Int(truncatingIfNeeded: Self.integer(bytes, at: offsetTable + object * offsetSize, size: offsetSize))
        return offset >= 0 && offset < offsetTable ? offset : nil
    }

    /// The count in the marker of the object at `offset` (data, a string, an array, a set or a
    /// dictionary) and where what it counts begins; nil when it does not fit in the bytes.
    func counted(at offset: Int) -> (count: Int, first: Int)? {
        let count = Int(bytes[offset] & 0x0F)
        let first = offset + 1
        guard count == 0x0F else { return (count, first) }
        // The count is an integer object of its own: 0x1n, then 2^n bytes.
        guard first < offsetTable, bytes[first] >> 4 == 0x1, bytes[first] & 0x0F <= 3 else { return nil }
        let size = 1 << Int(bytes[first] & 0x0F)
        guard first + 1 + size <= offsetTable else { return nil }
        let large = Self.integer(bytes, at: first + 1, size: size)
        guard large <= UInt64(offsetTable) else { return nil }
        return (Int(large), first + 1 + size)
    }

    /// The object a reference at `offset` refers to; nil when there is no such object.
    func reference(_ offset: Int) -> Int? {
        let object = Self.integer(bytes, at: offset, size: referenceSize)
        return object < UInt64(objectCount) ? Int(object) : nil
    }

    static func integer(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }
}
