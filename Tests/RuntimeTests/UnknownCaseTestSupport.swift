import Foundation
import ValuegenRuntime

/// An ADT with an unknown case (`%unknownCase`), coded by hand the way generated code codes it:
/// internally tagged JSON, and binary with field 1 = case number, field 2 = payload, and for a
/// case read from JSON field 3 = its tag, field 4 = its JSON.
enum Media: JSONCodable, BinaryCodable, Equatable {
    case image(url: String)
    case note
    indirect case box(Media)
    case unknown(UnknownCase)

    init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("type", ifMissing: "missing member \"type\" naming the case of Media") { reader, type throws(JSONError) in
            switch type {
            case "image":
                var url: String?
                try reader.readCaseMembers { reader, key throws(JSONError) in
                    if key.matches("url") { url = try reader.readString() }
                }
                guard let url else { throw reader.error("missing member \"url\"") }
                return .image(url: url)
            case "note":
                try reader.readCaseMembers { _, _ throws(JSONError) in }
                return .note
            case "box":
                var content: Media?
                try reader.readCaseMembers { reader, key throws(JSONError) in
                    if key.matches("value") { content = try Media(from: &reader) }
                }
                guard let content else { throw reader.error("missing member \"value\"") }
                return .box(content)
            default:
                return .unknown(UnknownCase(tag: type, json: try reader.readUnknownVariant()))
            }
        }
    }

    func encode(to writer: inout JSONWriter) {
        switch self {
        case .image(let url):
            writer.beginObject()
            writer.writeRawKey("\"type\":")
            writer.writeString("image")
            writer.writeRawKey("\"url\":")
            writer.writeString(url)
            writer.endObject()
        case .note:
            writer.beginObject()
            writer.writeRawKey("\"type\":")
            writer.writeString("note")
            writer.endObject()
        case .box(let content):
            writer.beginObject()
            writer.writeRawKey("\"type\":")
            writer.writeString("box")
            writer.writeRawKey("\"value\":")
            content.encode(to: &writer)
            writer.endObject()
        case .unknown(let unknown):
            if let json = unknown.json {
                writer.writeRaw(json)
            } else {
                writer.beginObject()
                writer.writeRawKey("\"type\":")
                writer.writeString(unknown.tag)
                writer.endObject()
            }
        }
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            switch self {
            case .image(let url):
                writer.writeField(1, 1)
                writer.writeMessageField(2) { writer in writer.writeField(1, url) }
            case .note:
                writer.writeField(1, 2)
            case .box(let content):
                writer.writeField(1, 3)
                writer.writeField(2, content)
            case .unknown(let unknown):
                if let number = unknown.binaryCaseNumber {
                    writer.writeField(1, number)
                    if let payload = unknown.binaryPayload {
                        writer.writeRawField(2, payload)
                    }
                } else {
                    writer.writeStringField(3, unknown.tag)
                    if let json = unknown.json {
                        writer.writeField(4, json)
                    }
                }
            }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        let message = try reader.beginMessage()
        var caseNumber = try reader.readNextField(1, Int.self)
        var payload = try reader.deferNextField(2)
        var tag: String?
        var json: RawJSON?
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 1: caseNumber = try reader.read(Int.self)
            case 2: payload = reader
            case 3: tag = try reader.read(String.self)
            case 4: json = try reader.read(RawJSON.self)
            default: break
            }
        }
        guard let caseNumber else {
            guard let tag else { throw reader.error("missing field 1 (the case number) or 3 (the tag) of Media") }
            self = .unknown(UnknownCase(tag: tag, json: json))
            return
        }
        do throws(BinaryError) {
            switch caseNumber {
            case 1:
                guard var reader = payload else { throw reader.error("missing the payload of Media.image") }
                var url: String?
                try reader.readMessageField { reader, field throws(BinaryError) in
                    if field == 1 { url = try reader.read(String.self) }
                }
                guard let url else { throw reader.error("missing field 1 (url) of Media.image") }
                self = .image(url: url)
            case 2:
                self = .note
            case 3:
                guard var reader = payload else { throw reader.error("missing the payload of Media.box") }
                self = .box(try reader.read(Media.self))
            default:
                self = .unknown(UnknownCase(binaryCaseNumber: caseNumber, binaryPayload: try payload?.readRawField()))
            }
        } catch {
            throw error.inField(2)
        }
    }
}
