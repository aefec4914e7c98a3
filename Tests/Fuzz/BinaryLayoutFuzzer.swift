import Foundation

// libFuzzer target for the layout of self-describing documents (docs/BinaryFormat.md,
// "Self-describing documents"). Built by run-fuzzers.sh together with Sources/ValuegenRuntime
// into one module, so it does not import it.
//
// Every input is a layout's text: parsed alone, and as the layout of a version-2 document (no
// checksum to stop it) whose payload is a FuzzNote's, read as a FuzzNote, so that whatever
// layout parses is also translated. Both must throw or succeed, never crash, hang or exhaust
// memory; a layout that parses has what the grammar promises.

/// The payload of `FuzzNote(title: "ab", count: 1, tags: [2, 1])`, as version 1 writes it.
private let notePayload = FuzzNote(title: "ab", count: 1, tags: [2, 1]).binaryBytes().dropFirst(5)

@_cdecl("LLVMFuzzerTestOneInput")
public func binaryLayoutFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = UnsafeRawBufferPointer(start: data, count: size)
    if let layout = try? BinaryLayout(parsing: text) {
        precondition(layout.types[layout.rootName] != nil, "the root \(layout.rootName) has no line")
        for type in layout.types.values {
            precondition(Set(type.fields.map(\.number)).count == type.fields.count, "\(type.name): a field number twice")
            precondition(Set(type.cases.map(\.number)).count == type.cases.count, "\(type.name): a case number twice")
        }
    }
    var document: [UInt8] = BinaryFormat.magic + [BinaryFormat.selfDescribingVersionWithoutChecksum]
    var length = UInt64(size)
    while length >= 0x80 {
        document.append(UInt8(truncatingIfNeeded: length) | 0x80)
        length >>= 7
    }
    document.append(UInt8(length))
    document += Array(text) + [0] + notePayload
    do {
        _ = try FuzzNote(binaryBytes: document)
    } catch {
        precondition(error.offset >= 0 && error.offset <= document.count, "\(error) points outside \(document.count) bytes")
    }
    return 0
}

/// LeakSanitizer takes the layouts that DocumentLayoutCache keeps for leaks: a box of the indirect
/// enum BinaryLayoutShape is referenced by a pointer that holds the case in its spare bits, which
/// it does not recognize (a program of five lines that keeps such an enum in a global array
/// reproduces it). The other checks of AddressSanitizer stay on.
@_cdecl("__lsan_default_options")
public func leakSanitizerDefaultOptions() -> UnsafePointer<CChar> {
    let options: StaticString = "detect_leaks=0"
    return UnsafeRawPointer(options.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `Note = 1 title String; 2 count Int; 3 tags [Tag]`, Tag a plain enumeration of two cases.
struct FuzzNote: BinaryModel {
    var title: String
    var count: Int
    var tags: [FuzzTag]

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout {
        BinaryModelLayout("Note = 1 title String; 2 count Int; 3 tags [Tag]", nested: [FuzzTag.self])
    }

    init(title: String, count: Int, tags: [FuzzTag]) {
        self.title = title
        self.count = count
        self.tags = tags
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, title)
            writer.writeField(2, count)
            writer.writeField(3, tags)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var title = "", count = 0, tags: [FuzzTag] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: title = try reader.read(String.self)
            case 2: count = try reader.read(Int.self)
            case 3: tags = try reader.read([FuzzTag].self)
            default: break
            }
        }
        self.init(title: title, count: count, tags: tags)
    }
}

struct FuzzTag: BinaryModel, ExpressibleByIntegerLiteral {
    var number: UInt32

    init(integerLiteral number: UInt32) {
        self.number = number
    }

    static var binaryWireType: BinaryWireType { .varint }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Tag = enum 1 work; 2 home") }

    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(number))
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        number = try UInt32(from: &reader)
        guard number == 1 || number == 2 else { throw reader.error("unknown Tag case number \(number)") }
    }
}
