// The stamp in a saved JSON file: the last member of the root object,
//
//     {"title":"Groceries","count":3,"$valuegen":{"format":2,"layout":"Note = 1 title String; 2 count Int","crc32c":"5c1e0b9a"}}
//
// or, for a value whose JSON is no object (an ADT's), the member beside `$value`:
//
//     {"$value":"high","$valuegen":{"format":2,"wraps":true,"layout":"Priority = enum 1 low; 2 high","crc32c":"…"}}
//
// The checksum is the CRC-32C of every byte of the file but its own eight digits.

extension SaveStamp {
    /// The file `value` (the model's JSON, compact) is saved as: stamped with the layout of
    /// `Model` and the checksum of the whole.
    static func stampedJSON<Model: BinaryModel>(_ value: [UInt8], of model: Model.Type) -> [UInt8] {
        let isObject = value.first == UInt8(ascii: "{") && value.last == UInt8(ascii: "}")
        let stamp = SaveStamp(for: model, wraps: !(isObject && rootIsObject(model)))
        var file: [UInt8]
        if stamp.wraps {
            file = Array("{\"\(valueMemberName)\":".utf8)
            file.reserveCapacity(value.count + 96 + (stamp.layout?.utf8.count ?? 0))
            file += value
            file.append(UInt8(ascii: ","))
        } else {
            // The value's own bytes (not a copy), its `}` replaced by the stamp's member.
            file = value
            file.reserveCapacity(value.count + 96 + (stamp.layout?.utf8.count ?? 0))
            file.removeLast()
            if value.count > 2 {
                file.append(UInt8(ascii: ","))
            }
        }
        var members = JSONWriter()
        members.writeKey(memberName)
        members.beginObject()
        members.writeKey("format")
        members.writeInteger(stamp.format)
        if stamp.wraps {
            members.writeKey("wraps")
            members.writeBool(true)
        }
        members.writeKey("layout")
        members.writeString(stamp.layout ?? "")
        members.writeKey("crc32c")
        file += members.bytes
        file.append(UInt8(ascii: "\""))
        let suffix: [UInt8] = Array("\"}}".utf8)
        let checksum = file.withUnsafeBytes { before in
            suffix.withUnsafeBytes { CRC32C.checksum(of: $0, continuing: CRC32C.checksum(of: before)) }
        }
        file += spelled(checksum).utf8
        file += suffix
        return file
    }
}

/// A saved JSON file's stamp as found in its bytes.
struct SaveStampInJSON {
    var stamp = SaveStamp()
    /// Where the stamp is, for errors about it.
    var offset: Int
    /// Where the checksum's eight digits are.
    var checksumOffset: Int?
    /// Where the value is when the stamp wraps it.
    var valueOffset: Int?

    /// Throws when the file is not as it was saved (a format this version does not read, a
    /// checksum that does not match) or holds a type that this version of `Model` would read
    /// otherwise.
    func verify<Model: BinaryModel>(_ bytes: UnsafeRawBufferPointer, as model: Model.Type) throws(JSONError) {
        if let refusal = stamp.formatRefusal() {
            throw JSONError(message: refusal, offset: offset)
        }
        if let saved = stamp.checksum, let digits = checksumOffset {
            let before = CRC32C.checksum(of: UnsafeRawBufferPointer(rebasing: bytes[..<digits]))
            let found = CRC32C.checksum(of: UnsafeRawBufferPointer(rebasing: bytes[(digits + 8)...]), continuing: before)
            guard found == saved else {
                throw JSONError(message: SaveStamp.checksumRefusal(found: found, saved: saved), offset: digits)
            }
        }
        if stamp.wraps, valueOffset == nil {
            throw JSONError(message: "the file's \(SaveStamp.memberName) stamp says it wraps the value, but the file has no \"\(SaveStamp.valueMemberName)\" member: the file is damaged", offset: offset)
        }
        if let refusal = stamp.layoutRefusal(for: model) {
            throw JSONError(message: refusal, offset: offset)
        }
    }
}

extension JSONReader {
    /// Reads a saved JSON file's value without decoding it: refuses an object that names a
    /// member twice (a saved file never does, so one that does was damaged or written by hand,
    /// and which of the two values is meant cannot be known), and reads the root object's
    /// stamp, if it has one.
    mutating func skipSavedFile() throws(JSONError) -> SaveStampInJSON? {
        skipWhitespace()
        guard nextIs(UInt8(ascii: "{")) else {
            try skipValueRefusingRepeatedMembers()
            return nil
        }
        var names = Set<String>()
        var found: SaveStampInJSON?
        var valueOffset: Int?
        try readObject { reader, key throws(JSONError) in
            let name = key.string
            try reader.refuseRepeated(name, in: &names)
            if name == SaveStamp.memberName {
                found = try reader.readSaveStamp()
            } else {
                if name == SaveStamp.valueMemberName {
                    reader.skipWhitespace()
                    valueOffset = reader.offset
                }
                try reader.skipValueRefusingRepeatedMembers()
            }
        }
        found?.valueOffset = valueOffset
        if let found, found.stamp.wraps, names.count != 2 {
            throw JSONError(message: "the file's \(SaveStamp.memberName) stamp wraps the value, so the root object has no members but \"\(SaveStamp.valueMemberName)\" and \"\(SaveStamp.memberName)\": the file is damaged", offset: found.offset)
        }
        return found
    }

    /// The value at the reader, refusing an object that names a member twice.
    mutating func skipValueRefusingRepeatedMembers() throws(JSONError) {
        skipWhitespace()
        if nextIs(UInt8(ascii: "{")) {
            var names = Set<String>()
            try readObject { reader, key throws(JSONError) in
                try reader.refuseRepeated(key.string, in: &names)
                try reader.skipValueRefusingRepeatedMembers()
            }
        } else if nextIs(UInt8(ascii: "[")) {
            try readArray { reader throws(JSONError) in
                try reader.skipValueRefusingRepeatedMembers()
            }
        } else {
            try skipValue()
        }
    }

    private func refuseRepeated(_ name: String, in names: inout Set<String>) throws(JSONError) {
        guard names.insert(name).inserted else {
            throw fail("the member \"\(name)\" appears twice in an object; a saved file names each member once")
        }
    }

    /// The stamp at the reader: an object of `format`, `wraps`, `layout` and `crc32c`, each
    /// at most once, nothing else.
    private mutating func readSaveStamp() throws(JSONError) -> SaveStampInJSON {
        skipWhitespace()
        var found = SaveStampInJSON(offset: offset)
        var format: Int?
        var names = Set<String>()
        try readObject { reader, key throws(JSONError) in
            let name = key.string
            try reader.refuseRepeated(name, in: &names)
            switch name {
            case "format":
                format = try reader.readInteger(Int.self)
            case "wraps":
                found.stamp.wraps = try reader.readBool()
            case "layout":
                found.stamp.layout = try reader.readString()
            case "crc32c":
                reader.skipWhitespace()
                let start = reader.offset
                let spelled = try reader.readString()
                guard let checksum = SaveStamp.checksum(spelled: spelled), reader.offset == start + 10 else {
                    throw JSONError(message: "the checksum \"\(spelled.prefix(16))\" is not eight lowercase hexadecimal digits: the file is damaged", offset: start)
                }
                found.stamp.checksum = checksum
                found.checksumOffset = start + 1
            default:
                throw reader.fail("the file's \(SaveStamp.memberName) stamp has a member \"\(name.prefix(32))\", which no version of Valuegen writes: the file is damaged")
            }
        }
        guard let format else {
            throw JSONError(message: "the file's \(SaveStamp.memberName) stamp has no \"format\": the file is damaged", offset: found.offset)
        }
        found.stamp.format = format
        return found
    }
}
