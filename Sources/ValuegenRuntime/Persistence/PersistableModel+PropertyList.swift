import Foundation

// Persistence's property lists: binary property lists through `Codable` (the generated
// Coding), stamped as JSON files are (SaveStamp.swift): the root dictionary's entry
// `$valuegen` holds the format, the layout of the types and the checksum of the values
// (PropertyListDigest.swift), or, for a value whose property list is no dictionary, the
// entry beside `$value`.

extension PersistableModel {
    /// The binary property list `save(to:format: .propertyList)` writes; an error when it
    /// would be nested deeper than the readers of the other formats read.
    ///
    /// `PropertyListEncoder` and `PropertyListDecoder` recurse once per level with no limit and
    /// no look at the stack: a chain of 6,000 generated values overflowed Linux's main thread
    /// in the encoder. So the nesting is measured first, by the generated JSON coding, whose
    /// objects and arrays are the property list's dictionaries and arrays, and held to the same
    /// 512 levels, which `PersistenceStack` has room for.
    ///
    /// The value is encoded twice: once with a stamp without its checksum, to find the
    /// checksum, and once with the whole stamp.
    func savedPropertyListBytes() throws -> [UInt8] {
        var writer = JSONWriter()
        writer.stopsPastMaximumDepth = true
        encode(to: &writer)
        if writer.isNestedTooDeep, let refusal = SaveRefusal.nesting(of: Self.self, as: "a property list", maximumDepth: JSONReader.maximumDepth) {
            throw refusal
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        // A value or an object is a dictionary, which takes the stamp as one more entry; an
        // ADT may be a string or an array, or a dictionary whose keys are its own, so the
        // stamp wraps it.
        var stamp = SaveStamp(for: Self.self, wraps: !SaveStamp.rootIsObject(Self.self))
        let unchecked = try encoder.encode(StampedPropertyList(value: self, stamp: stamp))
        let checksum = unchecked.withUnsafeBytes { bytes -> UInt32? in
            guard var digest = PropertyListDigest(bytes) else { return nil }
            return digest.digestOfStampedValue(wrapped: stamp.wraps)
        }
        guard let checksum else {
            throw PersistenceSaveError(message: "cannot save \(Self.self) as a property list: PropertyListEncoder wrote one whose structure this version cannot follow")
        }
        stamp.checksum = checksum
        return Array(try encoder.encode(StampedPropertyList(value: self, stamp: stamp)))
    }

    /// Reads a saved property list, which is refused when it is nested deeper than the other
    /// formats' readers read (`PropertyListDecoder` would recurse until the stack overflowed),
    /// when its values are not those it was saved with, or when it holds a type that this
    /// version reads otherwise. One without a stamp (saved before 2026-12) is read as it is.
    init(savedPropertyList data: Data) throws {
        try PropertyListNesting.check(data, maximumDepth: JSONReader.maximumDepth)
        let stamp = try data.withUnsafeBytes { bytes throws(SavedPropertyListError) in
            try SaveStamp.verifiedStamp(inPropertyList: bytes, as: Self.self)
        }
        if stamp?.wraps == true {
            self = try PropertyListDecoder().decode(StampedPropertyList<Self>.self, from: data).value
        } else {
            self = try PropertyListDecoder().decode(Self.self, from: data)
        }
    }
}

/// Why a saved property list is refused before it is decoded.
struct SavedPropertyListError: Error, CustomStringConvertible {
    let description: String
}

/// A value and its stamp: the value's own dictionary with the stamp as one more entry, or a
/// dictionary of the two (`wraps`).
struct StampedPropertyList<Value: Codable>: Codable {
    var value: Value
    var stamp: SaveStamp

    private enum Key: String, CodingKey {
        case value = "$value"
        case stamp = "$valuegen"
    }

    init(value: Value, stamp: SaveStamp) {
        self.value = value
        self.stamp = stamp
    }

    func encode(to encoder: any Encoder) throws {
        if stamp.wraps {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value, forKey: .value)
            try container.encode(stamp, forKey: .stamp)
        } else {
            // The value's keyed container, which the encoder hands out again for the stamp.
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(stamp, forKey: .stamp)
        }
    }

    /// Only what wraps a value is decoded this way (the stamp was read before).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        value = try container.decode(Value.self, forKey: .value)
        stamp = SaveStamp()
    }
}

extension SaveStamp: Encodable {
    private enum Key: String, CodingKey {
        case format, wraps, layout, crc32c
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(format, forKey: .format)
        if wraps {
            try container.encode(true, forKey: .wraps)
        }
        try container.encodeIfPresent(layout, forKey: .layout)
        try container.encodeIfPresent(checksum.map(Self.spelled), forKey: .crc32c)
    }

    /// The stamp of a saved property list, checked: its format, the checksum of its values,
    /// and the types it was saved with against this version's. Nil for one without a stamp.
    static func verifiedStamp<Model: BinaryModel>(inPropertyList bytes: UnsafeRawBufferPointer, as model: Model.Type) throws(SavedPropertyListError) -> SaveStamp? {
        guard var digest = PropertyListDigest(bytes) else {
            if bytes.starts(with: "<?xml".utf8), bytes.firstRange(of: "<key>\(memberName)</key>".utf8) != nil {
                throw SavedPropertyListError(description: "the file is an XML property list with a \(memberName) stamp, whose checksum is of the binary property list save(to:format:) writes; convert it back (`plutil -convert binary1 FILE`), or remove the \(memberName) entry to load it unchecked")
            }
            return nil
        }
        guard let stampObject = digest.rootEntry(memberName) else {
            // A file saved before stamps: its structure is followed first all the same, since
            // `PropertyListDecoder` traps (a crash) on some damaged ones.
            guard digest.digestOfTop(excluding: nil) != nil else {
                throw SavedPropertyListError(description: "the property list's structure cannot be followed: the file is damaged")
            }
            return nil
        }
        let stamp = try read(stampObject, in: digest)
        if let refusal = stamp.formatRefusal() {
            throw SavedPropertyListError(description: refusal)
        }
        if let saved = stamp.checksum {
            guard let found = digest.digestOfStampedValue(wrapped: stamp.wraps) else {
                throw SavedPropertyListError(description: "the property list's structure cannot be followed: the file is damaged")
            }
            guard found == saved else {
                throw SavedPropertyListError(description: checksumRefusal(found: found, saved: saved))
            }
        }
        if let refusal = stamp.layoutRefusal(for: model) {
            throw SavedPropertyListError(description: refusal)
        }
        return stamp
    }

    /// The stamp dictionary `object`: `format`, `wraps`, `layout` and `crc32c`, nothing else.
    private static func read(_ object: Int, in digest: PropertyListDigest) throws(SavedPropertyListError) -> SaveStamp {
        let damaged = { (what: String) in SavedPropertyListError(description: "the file's \(memberName) stamp \(what): the file is damaged") }
        guard let entries = digest.entries(of: object) else { throw damaged("is no dictionary") }
        var stamp = SaveStamp()
        var format: Int?
        for entry in entries {
            guard let name = digest.string(entry.key) else { throw damaged("has a key that is no string") }
            switch name {
            case "format":
                guard let value = digest.integer(entry.value) else { throw damaged("has a format that is no integer") }
                format = value
            case "wraps":
                guard let value = digest.bool(entry.value) else { throw damaged("has a \"wraps\" that is no Boolean") }
                stamp.wraps = value
            case "layout":
                guard let value = digest.string(entry.value) else { throw damaged("has a layout that is no string") }
                stamp.layout = value
            case "crc32c":
                guard let value = digest.string(entry.value).flatMap({ checksum(spelled: $0) }) else { throw damaged("has a checksum that is not eight lowercase hexadecimal digits") }
                stamp.checksum = value
            default:
                throw damaged("has an entry \"\(name.prefix(32))\", which no version of Valuegen writes")
            }
        }
        guard let format else { throw damaged("has no format") }
        stamp.format = format
        return stamp
    }
}
