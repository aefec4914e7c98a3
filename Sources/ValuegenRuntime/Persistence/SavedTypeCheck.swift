// Whether a Persistence JSON or property list file reads exactly in this version of its types.
// Such a file records the layout it was saved with (its stamp, SaveStamp.swift): the same
// lines as a binary document's (docs/BinaryFormat.md, "Self-describing documents"). JSON and
// property lists read by member name and never say which type wrote a value, so a changed type
// could read the saved text as something else without an error: a `String` "abcd" as 3 bytes
// of base64 `Data`, a number of seconds as a `Date`, an `Int` beyond 2^53 as a rounded
// `Double`. Such a change is refused here, before anything is read, naming the attribute and
// both types. Every other change is left to the reader, which reads the saved value exactly
// (an `Int32` as an `Int64`, a `String` as a `URL`, a case's tag as a `String`) or refuses it
// where the file holds one (a number where a `String` is declared): a file in which the
// attribute is nil or absent still loads.

/// The comparison of a saved layout with this version's, for JSON and property lists.
struct SavedTypeCheck {
    let saved: BinaryLayout
    let current: BinaryLayout
    /// Pairs of types (saved, current) already compared or being compared.
    private var compared: Set<String> = []

    /// Throws the first attribute whose saved type this version does not read exactly, in the
    /// words of `SavedTypeCheck.Refusal`; nothing when every one reads.
    static func check(saved: BinaryLayout, current: BinaryLayout) throws(Refusal) {
        var check = SavedTypeCheck(saved: saved, current: current)
        guard let savedRoot = saved.types[saved.rootName], let currentRoot = current.types[current.rootName] else { return }
        try check.model(savedRoot, as: currentRoot)
    }

    /// Why a saved file is not read: `Note.body was saved as String, but this version declares it Data, …`.
    struct Refusal: Error {
        let message: String
    }

    private init(saved: BinaryLayout, current: BinaryLayout) {
        self.saved = saved
        self.current = current
    }

    private mutating func model(_ written: BinaryLayoutType, as read: BinaryLayoutType) throws(Refusal) {
        guard compared.insert("\(written.name) \(read.name)").inserted else { return }
        switch (written.kind, read.kind) {
        case (.message, .message):
            try fields(written.fields, as: read.fields, owner: read.name)
        case (.enumeration, .enumeration), (.enumeration, .adt), (.adt, .adt), (.adt, .enumeration):
            // Cases are matched by name; one the reader does not have is its error when the file
            // holds it. A payload's fields are compared as the case's.
            for readCase in read.cases {
                guard let writtenCase = written.cases.first(where: { $0.name == readCase.name }) else { continue }
                switch (writtenCase.payload, readCase.payload) {
                case (.fields(let fields), .fields(let target)):
                    try self.fields(fields, as: target, owner: "\(read.name).\(readCase.name)")
                case (.single(let type, let shape), .single(let targetType, let target)):
                    try value(shape, as: target, attribute: "\(read.name).\(readCase.name)", written: type, read: targetType)
                default:
                    break
                }
            }
        default:
            throw Refusal(message: "\(read.name) was saved as \(written.kindDescription), but this version declares it \(read.kindDescription)")
        }
    }

    private mutating func fields(_ written: [BinaryLayoutField], as read: [BinaryLayoutField], owner: Substring) throws(Refusal) {
        let readType = BinaryLayoutType(name: owner, kind: .message, fields: read)
        for field in written {
            guard let target = readType.field(matching: field) else { continue }
            try value(field.shape, as: target.shape, attribute: "\(owner).\(target.name)", written: field.type, read: target.type)
        }
    }

    /// A value of the saved shape read as the current one (an optional's shape is its
    /// wrapped type's: JSON writes a value the same whether or not it may be nil).
    private mutating func value(_ written: BinaryLayoutShape, as read: BinaryLayoutShape, attribute: String, written writtenType: Substring, read readType: Substring) throws(Refusal) {
        let refusal = Refusal(message: "\(attribute) was saved as \(writtenType), but this version declares it \(readType), which would read the saved value as another one; read the file with the version that saved it, or give the attribute of the new type a new name")
        switch (written.unwrapped, read.unwrapped) {
        case (.named(let name), .named(let target)):
            switch (saved.types[name], current.types[target]) {
            case (let writtenModel?, let readModel?):
                try model(writtenModel, as: readModel)
            case (nil, nil):
                guard SavedLeaf(name).readsExactlyOrFails(as: SavedLeaf(target)) else { throw refusal }
            default:
                // A string read as an enumeration's case by its tag (or refused), a case's tag
                // read as a string; anything else is refused by the reader.
                break
            }
        case (.array(let element), .array(let target)), (.set(let element), .set(let target)), (.array(let element), .set(let target)), (.set(let element), .array(let target)):
            try value(element, as: target, attribute: attribute, written: writtenType, read: readType)
        case (.dictionary(let key, let item), .dictionary(let targetKey, let targetItem)):
            try value(key, as: targetKey, attribute: attribute, written: writtenType, read: readType)
            try value(item, as: targetItem, attribute: attribute, written: writtenType, read: readType)
        default:
            // Another shape (a list where a single value was): the reader refuses it.
            break
        }
    }
}

/// What a type that is no model of the layout is, as far as reading its saved JSON or property
/// list value as another type goes.
enum SavedLeaf: Equatable {
    /// An integer of `bits` bits, signed or not: read as another width or signedness where the
    /// value fits, refused where it does not.
    case integer(bits: Int)
    /// `Double`, `Float` and their aliases: read as one another (a `Double` beyond `Float`'s
    /// range is refused).
    case floating(significandBits: Int)
    /// `String`, `URL`, `UUID`, `Character`: text.
    case text
    /// `Data`: text too, in base64.
    case data
    /// `Date`: text (ISO 8601), or a number in a file saved before exact dates.
    case date
    /// Any other type.
    case other(Substring)

    init(_ name: Substring) {
        switch name {
        case "Int", "Int64", "UInt", "UInt64": self = .integer(bits: 64)
        case "Int32", "UInt32": self = .integer(bits: 32)
        case "Int16", "UInt16": self = .integer(bits: 16)
        case "Int8", "UInt8": self = .integer(bits: 8)
        case "Double", "CGFloat", "TimeInterval": self = .floating(significandBits: 53)
        case "Float": self = .floating(significandBits: 24)
        case "String", "URL", "UUID", "Character": self = .text
        case "Data": self = .data
        case "Date": self = .date
        default: self = .other(name)
        }
    }

    /// Whether a value saved as this is read as `other` exactly, or refused by the reader;
    /// false where the reader would take the saved text or number for another value.
    func readsExactlyOrFails(as other: SavedLeaf) -> Bool {
        switch (self, other) {
        case (.text, .data), (.data, .text), (.date, .text), (.text, .date), (.integer, .date), (.floating, .date), (.date, .integer), (.date, .floating):
            // The same JSON text or number, meant otherwise: base64, seconds, a date's text.
            return false
        case (.integer(let bits), .floating(let significandBits)):
            // Only where every integer of the width is a floating-point number of the type.
            return bits <= significandBits
        default:
            return true
        }
    }
}

extension BinaryLayoutShape {
    /// The shape without its optional wrappers.
    var unwrapped: BinaryLayoutShape {
        if case .optional(let wrapped) = self {
            return wrapped.unwrapped
        }
        return self
    }
}
