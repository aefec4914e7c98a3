// libFuzzer target for the JSON code Valuegen generates for ADTs in each representation (issue
// 14): Shape adjacently tagged (kind/data, a case key, an optional single value, a transient
// payload attribute), Media externally tagged, State a plain enumeration as a bare string and
// Event internally tagged under "event", each with an %unknownCase. The models below are the
// generator's output for CodingDialectsCompileTests' schemas, `public` removed, compiled with
// the runtime's sources (see run-fuzzers.sh). Regenerate them when that output changes.
//
// On arbitrary bytes each type's reading may fail (a JSONError) but never crash; whatever is
// read is written, and the bytes written read back to the same value and write the same bytes.

import Foundation

// MARK: - Generated models

enum Shape {
    case circle(radius: Double)
    case square(side: Double, cachedArea: Double = 0)
    case label(String)
    case note(String?)
    case empty
    case other(UnknownCase)
}

extension Shape: JSONCodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        var tag: String?
        var result: Self?
        var content: JSONReader?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "kind":
                guard tag == nil else {
                    throw reader.error("member \"kind\" of Shape is repeated")
                }
                tag = try reader.readString()
            case "data":
                if let tag {
                    result = try Self.readAdjacentContent(of: tag, from: &reader)
                } else {
                    // Read once the tag is known.
                    content = reader
                    try reader.skipValue()
                }
            default:
                break
            }
        }
        guard let tag else {
            throw reader.error("missing member \"kind\" naming the case of Shape")
        }
        if let result {
            self = result
        } else if var content {
            self = try content.readPassedMember("data") { reader throws(JSONError) in try Self.readAdjacentContent(of: tag, from: &reader) }
        } else {
            switch tag {
            case "CIRCLE":
                throw reader.error("missing member \"data\" with the payload of Shape.circle")
            case "square":
                throw reader.error("missing member \"data\" with the payload of Shape.square")
            case "label":
                throw reader.error("missing member \"data\" with the payload of Shape.label")
            case "note":
                self = .note(nil)
            case "empty":
                self = .empty
            default:
                self = .other(UnknownCase(tag: tag))
            }
        }
    }

    /// The case named `tag`, its payload read from the content member's value.
    private static func readAdjacentContent(of tag: String, from reader: inout JSONReader) throws(JSONError) -> Self {
        switch tag {
        case "CIRCLE":
            var radius: Double?
            try reader.readObject { reader, member throws(JSONError) in
                switch member.count {
                case 6:
                    switch member {
                    case "radius":
                        radius = try Double(from: &reader)
                    default:
                        break
                    }
                default:
                    break
                }
            }
            guard let radius = radius.take() else {
                throw reader.error("missing member \"radius\"")
            }
            return .circle(radius: radius)
        case "square":
            var side: Double?
            try reader.readObject { reader, member throws(JSONError) in
                switch member.count {
                case 4:
                    switch member {
                    case "side":
                        side = try Double(from: &reader)
                    default:
                        break
                    }
                default:
                    break
                }
            }
            guard let side = side.take() else {
                throw reader.error("missing member \"side\"")
            }
            return .square(side: side, cachedArea: 0)
        case "label":
            return .label(try String(from: &reader))
        case "note":
            return .note(try reader.decodeNull() ? nil : String(from: &reader))
        case "empty":
            try reader.skipValue()
            return .empty
        default:
            return .other(UnknownCase(tag: tag, json: try reader.readRawValue()))
        }
    }

    func encode(to writer: inout JSONWriter) {
        if writer.skipsNestedValues { return }
        writer.beginObject()
        writer.writeRawKey("\"kind\":")
        switch self {
        case .circle(let radius):
            writer.writeString("CIRCLE")
            writer.writeRawKey("\"data\":")
            writer.beginObject()
            writer.writeRawKey("\"radius\":")
            radius.encode(to: &writer)
            writer.endObject()
        case .square(let side, _):
            writer.writeString("square")
            writer.writeRawKey("\"data\":")
            writer.beginObject()
            writer.writeRawKey("\"side\":")
            side.encode(to: &writer)
            writer.endObject()
        case .label(let value):
            writer.writeString("label")
            writer.writeRawKey("\"data\":")
            value.encode(to: &writer)
        case .note(let value):
            writer.writeString("note")
            if case .some = value {
                writer.writeRawKey("\"data\":")
                value?.encode(to: &writer)
            }
        case .empty:
            writer.writeString("empty")
        case .other(let value):
            writer.writeString(value.tag)
            if let json = value.json {
                writer.writeRawKey("\"data\":")
                writer.writeRaw(json)
            }
        }
        writer.endObject()
    }
}

extension Shape: Equatable {}

enum Media {
    case image(url: String, width: Int)
    case count(Int)
    case nothing
    case unrecognized(UnknownCase)
}

extension Media: JSONCodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        if reader.nextValueIsString() {
            let tag = try reader.readString()
            switch tag {
            case "nothing":
                self = .nothing
            default:
                self = .unrecognized(UnknownCase(tag: tag))
            }
            return
        }
        var result: Self?
        try reader.readObject { reader, tag throws(JSONError) in
            guard result == nil else {
                throw reader.error("an externally tagged Media has one member, named for its case; found another, \"\(tag.string)\"")
            }
            switch tag {
            case "image":
                var url: String?
                var width: Int?
                try reader.readObject { reader, member throws(JSONError) in
                    switch member.count {
                    case 3:
                        switch member {
                        case "url":
                            url = try String(from: &reader)
                        default:
                            break
                        }
                    case 5:
                        switch member {
                        case "width":
                            width = try Int(from: &reader)
                        default:
                            break
                        }
                    default:
                        break
                    }
                }
                guard let url = url.take() else {
                    throw reader.error("missing member \"url\"")
                }
                guard let width = width.take() else {
                    throw reader.error("missing member \"width\"")
                }
                result = .image(url: url, width: width)
            case "count":
                result = .count(try Int(from: &reader))
            case "nothing":
                try reader.skipValue()
                result = .nothing
            default:
                result = .unrecognized(UnknownCase(tag: tag.string, json: try reader.readRawValue()))
            }
        }
        guard let result else {
            throw reader.error("an externally tagged Media needs a member named for its case; found none")
        }
        self = result
    }

    func encode(to writer: inout JSONWriter) {
        if writer.skipsNestedValues { return }
        switch self {
        case .image(let url, let width):
            writer.beginObject()
            writer.writeRawKey("\"image\":")
            writer.beginObject()
            writer.writeRawKey("\"url\":")
            url.encode(to: &writer)
            writer.writeRawKey("\"width\":")
            width.encode(to: &writer)
            writer.endObject()
            writer.endObject()
        case .count(let value):
            writer.beginObject()
            writer.writeRawKey("\"count\":")
            value.encode(to: &writer)
            writer.endObject()
        case .nothing:
            writer.writeString("nothing")
        case .unrecognized(let value):
            if let json = value.json {
                writer.beginObject()
                writer.writeKey(value.tag)
                writer.writeRaw(json)
                writer.endObject()
            } else {
                writer.writeString(value.tag)
            }
        }
    }
}

extension Media: Equatable {}

enum State {
    case `open`
    case closed
    case other(UnknownCase)
}

extension State: JSONCodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        let tag = try reader.readString()
        switch tag {
        case "open":
            self = .`open`
        case "closed_for_good":
            self = .closed
        default:
            self = .other(UnknownCase(tag: tag))
        }
    }

    func encode(to writer: inout JSONWriter) {
        switch self {
        case .`open`:
            writer.writeString("open")
        case .closed:
            writer.writeString("closed_for_good")
        case .other(let value):
            writer.writeString(value.tag)
        }
    }
}

extension State: Equatable {}

enum Event {
    case click(x: Int, y: Int)
    case message(String)
    case unrecognized(UnknownCase)
}

extension Event: JSONCodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readVariant("event", ifMissing: "missing member \"event\" naming the case of Event", guessingFrom: { member in
            switch member {
            case "x", "y": return "click"
            default: return nil
            }
        }) { reader, tag throws(JSONError) in
            switch tag {
            case "click":
                var x: Int?
                var y: Int?
                try reader.readCaseMembers { reader, member throws(JSONError) in
                    switch member.count {
                    case 1:
                        switch member {
                        case "x":
                            x = try Int(from: &reader)
                        case "y":
                            y = try Int(from: &reader)
                        default:
                            break
                        }
                    default:
                        break
                    }
                }
                guard let x = x.take() else {
                    throw reader.error("missing member \"x\"")
                }
                guard let y = y.take() else {
                    throw reader.error("missing member \"y\"")
                }
                return .click(x: x, y: y)
            case "message":
                var value: String?
                try reader.readCaseMembers { reader, member throws(JSONError) in
                    switch member.count {
                    case 5:
                        switch member {
                        case "value":
                            value = try String(from: &reader)
                        default:
                            break
                        }
                    default:
                        break
                    }
                }
                guard let value = value.take() else {
                    throw reader.error("missing member \"value\"")
                }
                return .message(value)
            default:
                return .unrecognized(UnknownCase(tag: tag, json: try reader.readUnknownVariant()))
            }
        }
    }

    func encode(to writer: inout JSONWriter) {
        if writer.skipsNestedValues { return }
        if case .unrecognized(let unknown) = self, let json = unknown.json {
            writer.writeRaw(json)
            return
        }
        writer.beginObject()
        writer.writeRawKey("\"event\":")
        switch self {
        case .click(let x, let y):
            writer.writeString("click")
            writer.writeRawKey("\"x\":")
            x.encode(to: &writer)
            writer.writeRawKey("\"y\":")
            y.encode(to: &writer)
        case .message(let value):
            writer.writeString("message")
            writer.writeRawKey("\"value\":")
            value.encode(to: &writer)
        case .unrecognized(let value):
            writer.writeString(value.tag)
        }
        writer.endObject()
    }
}

extension Event: Equatable {}

// MARK: - The fuzz target

@inline(never)
func fail(_ what: String, _ input: UnsafeRawBufferPointer) -> Never {
    fatalError("\(what) for \(Array(input)) (\(String(decoding: input, as: UTF8.self)))")
}

func roundTrip<T: JSONCodable & Equatable>(_ type: T.Type, _ input: UnsafeRawBufferPointer) {
    var reader = JSONReader(bytes: input)
    guard let value = try? T(from: &reader) else { return }
    var writer = JSONWriter()
    value.encode(to: &writer)
    let written = writer.bytes
    let again = written.withUnsafeBytes { bytes -> T? in
        var reader = JSONReader(bytes: bytes)
        return try? T(from: &reader)
    }
    guard let again else { fail("\(T.self): what it wrote does not read back: \(String(decoding: written, as: UTF8.self))", input) }
    guard again == value else { fail("\(T.self): \(value) read back as \(again)", input) }
    var second = JSONWriter()
    again.encode(to: &second)
    guard second.bytes == written else { fail("\(T.self): written twice differently", input) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    roundTrip(Shape.self, input)
    roundTrip(Media.self, input)
    roundTrip(State.self, input)
    roundTrip(Event.self, input)
    roundTrip([Shape].self, input)
    roundTrip([Event].self, input)
    return 0
}
