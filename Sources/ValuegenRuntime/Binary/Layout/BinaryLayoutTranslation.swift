// Reading a self-describing document written by another version of the schema: its payload is
// rewritten with the reader's numbers (fields and cases mapped by name), then read as a plain
// document (docs/BinaryFormat.md, "Self-describing documents"). Only the values that hold
// model types are taken apart; everything else (numbers, strings as they are, string
// references included, the string table) is copied byte for byte.

extension BinaryReader {
    /// The document rewritten as a plain one numbered as `type`'s schema numbers things, when
    /// its layout is not `type`'s; nil when it is (or `type` is no model), for the caller to
    /// go on reading the root as it is. The reader is at the root.
    @usableFromInline
    func translatedDocument(for type: Any.Type) throws(BinaryError) -> [UInt8]? {
        guard let layoutRange = writerLayout, let model = type as? any BinaryModel.Type else { return nil }
        guard let translation = try DocumentLayoutCache.shared.translation(to: model, from: bytes, layout: layoutRange) else {
            return nil
        }
        var reader = self
        var output = BinaryWriter(capacity: bytes.count + 16)
        for byte in BinaryFormat.header {
            output.writeByte(byte)
        }
        output.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[tableStart..<position]))
        guard let writerRoot = translation.writer.types[translation.writer.rootName], let readerRoot = translation.reader.types[translation.reader.rootName] else {
            throw fail("the layout of the data names no root type")
        }
        try translation.model(writerRoot, as: readerRoot, from: &reader, to: &output)
        try reader.finish()
        return output.bytes
    }
}

/// The writer's layout and the reader's: how a value of one is written as the other. Made once
/// per reader type and writer layout (`DocumentLayoutCache`), and never changed after.
final class BinaryLayoutTranslation: Sendable {
    let writer: BinaryLayout
    let reader: BinaryLayout
    /// For each message the reader has (a type's name, or `Type.case` for an ADT case's
    /// payload), what becomes of each of the writer's field numbers.
    private let fieldMaps: [String: [Int: FieldMapping]]

    /// A writer's field in the reader's message: nil `target` when the reader has none. A class,
    /// so that looking one up for every field of every message copies a reference.
    final class FieldMapping: Sendable {
        let written: BinaryLayoutField
        let target: BinaryLayoutField?
        let readsAsTarget: Bool
        /// Whether the value holds no model type and no integer that changed between signed and
        /// unsigned, and so is copied as it is.
        let isCopied: Bool

        init(written: BinaryLayoutField, target: BinaryLayoutField?, readsAsTarget: Bool, isCopied: Bool) {
            self.written = written
            self.target = target
            self.readsAsTarget = readsAsTarget
            self.isCopied = isCopied
        }
    }

    init(writer: BinaryLayout, reader: BinaryLayout) {
        self.writer = writer
        self.reader = reader
        var maps: [String: [Int: FieldMapping]] = [:]
        for (name, read) in reader.types {
            guard let written = name == reader.rootName ? writer.types[writer.rootName] : writer.types[name] else { continue }
            maps[String(name)] = Self.map(written.fields, to: read.fields, writer: writer)
            for readCase in read.cases {
                guard case .fields(let target) = readCase.payload, let writtenCase = written.cases.first(where: { $0.name == readCase.name }),
                      case .fields(let fields) = writtenCase.payload else { continue }
                maps["\(name).\(readCase.name)"] = Self.map(fields, to: target, writer: writer)
            }
        }
        fieldMaps = maps
    }

    private static func map(_ written: [BinaryLayoutField], to read: [BinaryLayoutField], writer: BinaryLayout) -> [Int: FieldMapping] {
        let readType = BinaryLayoutType(fields: read)
        var map: [Int: FieldMapping] = [:]
        for field in written {
            let target = readType.field(matching: field)
            let changesIntegers = target.map { field.shape.changesIntegerSignedness(to: $0.shape) } ?? false
            map[field.number] = FieldMapping(written: field, target: target, readsAsTarget: target.map { field.shape.reads(as: $0.shape) } ?? false, isCopied: !writer.holdsModels(field.shape) && !changesIntegers)
        }
        return map
    }

    /// A value of a type the writer's layout describes, read as the reader's type of the same
    /// name (or the root).
    func model(_ written: BinaryLayoutType, as read: BinaryLayoutType, from input: inout BinaryReader, to output: inout BinaryWriter) throws(BinaryError) {
        switch (written.kind, read.kind) {
        case (.message, .message):
            try message(written.fields, as: read.fields, owner: String(read.name), from: &input, to: &output)
        case (.enumeration, .enumeration):
            let number = try input.readVarint()
            output.writeVarint(UInt64(try caseNumber(Int(truncatingIfNeeded: number), of: written, as: read, input: input)))
        case (.enumeration, .adt):
            // A plain enumeration that has gained a case with a payload is a message now.
            let number = try caseNumber(Int(truncatingIfNeeded: try input.readVarint()), of: written, as: read, input: input)
            let prefix = output.beginMessage()
            output.writeField(1, number)
            output.endMessage(prefix)
        case (.adt, .adt), (.adt, .enumeration):
            try adt(written, as: read, from: &input, to: &output)
        default:
            throw input.fail("\(read.name) was saved as \(written.kindDescription), but this version declares it \(read.kindDescription)")
        }
    }

    /// A message of fields, each mapped to the reader's field of its name; a field the reader
    /// does not have is left out, one of a changed type is an error.
    func message(_ written: [BinaryLayoutField], as read: [BinaryLayoutField], owner: String, from input: inout BinaryReader, to output: inout BinaryWriter) throws(BinaryError) {
        let map = fieldMaps[owner] ?? Self.map(written, to: read, writer: writer)
        let outerEnd = try input.beginLengthDelimited()
        let prefix = output.beginMessage()
        while input.position < input.end {
            let tagStart = input.position
            let number = try input.readTag()
            let wireType = input.fieldWireType
            input.fieldIsUnread = false
            guard let mapping = map[number], let target = mapping.target else {
                do throws(BinaryError) { try input.skipValue(ofWireType: wireType) } catch { throw error.inside(number) }
                continue
            }
            guard mapping.readsAsTarget else {
                throw BinaryError(message: "\(owner).\(target.name) was saved as \(mapping.written.type), but this version declares it \(target.type)", offset: tagStart)
            }
            if let writtenNil = mapping.written.shape.nilWireType(in: writer), wireType == writtenNil.rawValue {
                // An explicit nil (an optional whose default is not nil): one as the reader's
                // type writes it.
                do throws(BinaryError) { try input.skipValue(ofWireType: wireType) } catch { throw error.inside(number) }
                output.writeNilField(target.number, wireType: target.shape.nilWireType(in: reader) ?? writtenNil)
                continue
            }
            output.writeTag(target.number, BinaryWireType(rawValue: wireType)!)
            if mapping.isCopied {
                let valueStart = input.position
                do throws(BinaryError) { try input.skipValue(ofWireType: wireType) } catch { throw error.inside(number) }
                output.writeBytes(UnsafeRawBufferPointer(rebasing: input.bytes[valueStart..<input.position]))
                continue
            }
            do throws(BinaryError) {
                try value(mapping.written.shape, as: target.shape, wireType: wireType, attribute: "\(owner).\(target.name)", from: &input, to: &output)
            } catch {
                throw error.inside(number)
            }
        }
        try input.endLengthDelimited(outerEnd)
        output.endMessage(prefix)
    }

    /// An ADT's message: the case mapped by name, its payload mapped as the case's fields or
    /// single value; fields 3 to 5 (an unknown case's) copied.
    func adt(_ written: BinaryLayoutType, as read: BinaryLayoutType, from input: inout BinaryReader, to output: inout BinaryWriter) throws(BinaryError) {
        let start = input.position
        let outerEnd = try input.beginLengthDelimited()
        var number: Int?
        var payload: (reader: BinaryReader, wireType: UInt8)?
        var others: [(number: Int, wireType: UInt8, bytes: UnsafeRawBufferPointer)] = []
        while input.position < input.end {
            let field = try input.readTag()
            let wireType = input.fieldWireType
            let valueStart = input.position
            do throws(BinaryError) {
                switch field {
                case 1:
                    number = try input.read(Int.self)
                case 2:
                    input.fieldIsUnread = false
                    payload = (input, wireType)
                    try input.skipValue(ofWireType: wireType)
                default:
                    input.fieldIsUnread = false
                    try input.skipValue(ofWireType: wireType)
                    others.append((field, wireType, UnsafeRawBufferPointer(rebasing: input.bytes[valueStart..<input.position])))
                }
            } catch {
                throw error.inside(field)
            }
        }
        try input.endLengthDelimited(outerEnd)
        let writtenCase = number.flatMap { number in written.cases.first { $0.number == number } }
        let readCase = writtenCase.flatMap { writtenCase in read.cases.first { $0.name == writtenCase.name } }
        if read.kind == .enumeration {
            guard let readCase, case .plain = writtenCase?.payload else {
                throw BinaryError(message: "\(read.name).\(writtenCase?.name ?? "(none)") was saved with a payload, but this version's \(read.name) is a plain enumeration", offset: start)
            }
            output.writeVarint(UInt64(readCase.number))
            return
        }
        let prefix = output.beginMessage()
        if let writtenCase, let readCase {
            output.writeField(1, readCase.number)
            if let payload {
                var payloadReader = payload.reader
                let wireType = payload.wireType
                output.writeTag(2, BinaryWireType(rawValue: wireType)!)
                do throws(BinaryError) {
                    switch (writtenCase.payload, readCase.payload) {
                    case (.fields(let fields), .fields(let target)):
                        try message(fields, as: target, owner: "\(read.name).\(readCase.name)", from: &payloadReader, to: &output)
                    case (.single(let type, let shape), .single(let targetType, let target)):
                        guard shape.reads(as: target) else {
                            throw payloadReader.fail("\(read.name).\(readCase.name) was saved with a \(type), but this version declares a \(targetType)")
                        }
                        try value(shape, as: target, wireType: wireType, attribute: "\(read.name).\(readCase.name)", from: &payloadReader, to: &output)
                    default:
                        throw payloadReader.fail("the payload of \(read.name).\(readCase.name) was saved otherwise than this version declares it")
                    }
                } catch {
                    throw error.inside(2)
                }
            }
        } else if case .adt(keepsUnknownCases: true) = read.kind, let number {
            // Kept as an unknown case, under a number the reader does not use.
            output.writeField(1, (read.cases.map(\.number).max() ?? 0) + number)
            if let (payloadReader, wireType) = payload {
                output.writeTag(2, BinaryWireType(rawValue: wireType)!)
                var copy = payloadReader
                try copy.skipValue(ofWireType: wireType)
                output.writeBytes(UnsafeRawBufferPointer(rebasing: input.bytes[payloadReader.position..<copy.position]))
            }
        } else if number == nil, others.contains(where: { $0.number == 3 }) {
            // An unknown case kept from JSON: no number, its tag (field 3) and content (field
            // 4), copied below as they are, for an ADT that still keeps unknown cases.
            guard case .adt(keepsUnknownCases: true) = read.kind else {
                throw BinaryError(message: "\(read.name) was saved holding a case it did not know (kept by %unknownCase), but this version of \(read.name) keeps no unknown cases", offset: start)
            }
        } else if let writtenCase {
            throw BinaryError(message: "\(read.name).\(writtenCase.name) was saved (case \(writtenCase.number)), but this version has no such case", offset: start)
        } else {
            throw BinaryError(message: "unknown \(read.name) case number \(number.map(String.init) ?? "(none)")", offset: start)
        }
        for other in others {
            output.writeTag(other.number, BinaryWireType(rawValue: other.wireType)!)
            output.writeBytes(other.bytes)
        }
        output.endMessage(prefix)
    }

    /// A plain enumeration's case number in the reader's numbering.
    func caseNumber(_ number: Int, of written: BinaryLayoutType, as read: BinaryLayoutType, input: BinaryReader) throws(BinaryError) -> Int {
        guard let writtenCase = written.cases.first(where: { $0.number == number }) else {
            throw input.fail("unknown \(read.name) case number \(number)")
        }
        guard let readCase = read.cases.first(where: { $0.name == writtenCase.name }) else {
            throw input.fail("\(read.name).\(writtenCase.name) was saved (case \(number)), but this version has no such case")
        }
        return readCase.number
    }

    /// A value of the writer's shape as the reader's (which it reads as): taken apart where it
    /// holds model types or integers that changed between signed and unsigned, copied
    /// otherwise. `wireType`: the field's, or nil for an element; `attribute`: what holds the
    /// value, `Note.count`, for errors.
    func value(_ written: BinaryLayoutShape, as read: BinaryLayoutShape, wireType: UInt8?, attribute: String, from input: inout BinaryReader, to output: inout BinaryWriter) throws(BinaryError) {
        guard writer.holdsModels(written) || written.changesIntegerSignedness(to: read) else {
            guard let wireType = wireType ?? written.elementWireType(in: writer)?.rawValue else {
                throw input.fail("a collection of a type without a layout cannot be read across a change of the types it holds")
            }
            let start = input.position
            try input.skipValue(ofWireType: wireType)
            output.writeBytes(UnsafeRawBufferPointer(rebasing: input.bytes[start..<input.position]))
            return
        }
        switch (written, read) {
        case (.named(let name), .named(let targetName)) where writer.types[name] == nil:
            try integer(name, as: targetName, wireType: wireType, attribute: attribute, from: &input, to: &output)
        case (.named(let name), .named(let targetName)):
            guard let writtenType = writer.types[name], let readType = reader.types[targetName] else {
                throw input.fail("\(targetName) has no layout in this version")
            }
            try model(writtenType, as: readType, from: &input, to: &output)
        case (.optional(let inner), .optional(let target)):
            let outerEnd = try input.beginLengthDelimited()
            let prefix = output.beginLengthPrefixed()
            if input.position < input.end {
                try value(inner, as: target, wireType: nil, attribute: attribute, from: &input, to: &output)
            }
            try input.endLengthDelimited(outerEnd)
            output.endLengthPrefixed(prefix)
        case (.array(let element), .array(let target)), (.set(let element), .set(let target)), (.array(let element), .set(let target)), (.set(let element), .array(let target)):
            try collection(minimumEntrySize: 1, from: &input, to: &output) { input, output throws(BinaryError) in
                try value(element, as: target, wireType: nil, attribute: attribute, from: &input, to: &output)
            }
        case (.dictionary(let key, let item), .dictionary(let targetKey, let targetItem)):
            try collection(minimumEntrySize: 2, from: &input, to: &output) { input, output throws(BinaryError) in
                try value(key, as: targetKey, wireType: nil, attribute: attribute, from: &input, to: &output)
                try value(item, as: targetItem, wireType: nil, attribute: attribute, from: &input, to: &output)
            }
        default:
            throw input.fail("a value was saved in another shape than this version declares")
        }
    }
}

extension BinaryLayoutTranslation {
    /// An array's, a set's or a dictionary's payload: a count, then each entry, which `entry`
    /// maps; errors get the entry's index in their path.
    private func collection(minimumEntrySize: Int, from input: inout BinaryReader, to output: inout BinaryWriter, _ entry: (inout BinaryReader, inout BinaryWriter) throws(BinaryError) -> Void) throws(BinaryError) {
        let outerEnd = try input.beginLengthDelimited()
        let prefix = output.beginLengthPrefixed()
        let count = try input.readCount(minimumElementSize: minimumEntrySize)
        output.writeVarint(UInt64(count))
        for index in 0..<count {
            do throws(BinaryError) {
                try entry(&input, &output)
            } catch {
                throw error.inside(index)
            }
        }
        try input.endLengthDelimited(outerEnd)
        output.endLengthPrefixed(prefix)
    }
}

private extension BinaryLayoutType {
    init(fields: [BinaryLayoutField]) {
        self.init(name: "", kind: .message, fields: fields)
    }
}
