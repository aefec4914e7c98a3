// A document's layout (docs/BinaryFormat.md, "Self-describing documents"): one line per model
// type,
//
//     Note = 1 title String; 2 pinned Bool; 3 count Int
//     Priority = enum 1 low; 2 high
//     Shape = adt 1 circle { 1 radius Double }; 2 label String; 3 empty
//
// a value's or object's fields (number, name with `/`-separated former names, type), a plain
// enumeration's cases, or an ADT's (`adt unknown` when it keeps unknown cases): number, name,
// and a payload of fields in braces or a single value's type. Its text is read, strictly, in
// BinaryLayout+Parsing.swift.

/// The layout of every model type of a document, by name; the first line's type is the root's.
struct BinaryLayout: Sendable {
    var types: [Substring: BinaryLayoutType] = [:]
    var rootName: Substring = ""

    /// Whether a value of this shape holds a model type of the layout, and so needs mapping.
    func holdsModels(_ shape: BinaryLayoutShape) -> Bool {
        switch shape {
        case .named(let name): return types[name] != nil
        case .optional(let inner), .array(let inner), .set(let inner): return holdsModels(inner)
        case .dictionary(let key, let value): return holdsModels(key) || holdsModels(value)
        }
    }
}

/// One model type's line.
struct BinaryLayoutType: Sendable {
    enum Kind: Equatable, Sendable {
        /// A value or an object: a message of fields.
        case message
        /// A plain enumeration: a varint, the case number.
        case enumeration
        /// An ADT: a message of the case number and its payload.
        case adt(keepsUnknownCases: Bool)
    }

    var name: Substring
    var kind: Kind
    var fields: [BinaryLayoutField] = []
    var cases: [BinaryLayoutCase] = []

    init(name: Substring, kind: Kind, fields: [BinaryLayoutField] = [], cases: [BinaryLayoutCase] = []) {
        self.name = name
        self.kind = kind
        self.fields = fields
        self.cases = cases
    }

    /// The reader's field that a writer's field is: the one of its name, else one whose former
    /// names hold its name, else one named like one of its former names (data from a newer
    /// version that renamed the attribute).
    func field(matching written: BinaryLayoutField) -> BinaryLayoutField? {
        fields.first { $0.name == written.name }
            ?? fields.first { $0.formerNames.contains(written.name) }
            ?? fields.first { written.formerNames.contains($0.name) }
    }

    /// What kind of declaration the type is, in a message's words.
    var kindDescription: String {
        switch kind {
        case .message: return "a value or an object"
        case .enumeration, .adt: return "an ADT"
        }
    }
}

/// A field: an attribute of a value, an object or an ADT case.
struct BinaryLayoutField: Sendable {
    var number: Int
    var name: Substring
    var formerNames: [Substring]
    var type: Substring
    /// The shape of the field's value: an optional attribute's field holds the wrapped value.
    var shape: BinaryLayoutShape

    /// `shape` is the type's: an optional's is unwrapped here.
    init(number: Int, name: Substring, formerNames: [Substring], type: Substring, shape: BinaryLayoutShape) {
        self.number = number
        self.name = name
        self.formerNames = formerNames
        self.type = type
        if case .optional(let wrapped) = shape {
            self.shape = wrapped
        } else {
            self.shape = shape
        }
    }
}

/// A case of an ADT or a plain enumeration.
struct BinaryLayoutCase: Sendable {
    enum Payload: Sendable {
        case plain
        case fields([BinaryLayoutField])
        case single(type: Substring, shape: BinaryLayoutShape)
    }

    var number: Int
    var name: Substring
    var payload: Payload
}

/// A type spelled in a layout: `[String:User]`, `Set<Int>`, `URL?`, `User`.
indirect enum BinaryLayoutShape: Sendable {
    case named(Substring)
    case optional(BinaryLayoutShape)
    case array(BinaryLayoutShape)
    case set(BinaryLayoutShape)
    case dictionary(key: BinaryLayoutShape, value: BinaryLayoutShape)

    private static let integers: Set<Substring> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    private static let doubles: Set<Substring> = ["Double", "CGFloat", "TimeInterval"]

    /// Whether data of this shape reads as `other`: the same type, integers of any width
    /// (the reader checks the range), `Double` and `CGFloat`, arrays and sets of such.
    func reads(as other: BinaryLayoutShape) -> Bool {
        switch (self, other) {
        case (.named(let a), .named(let b)):
            return a == b || (Self.integers.contains(a) && Self.integers.contains(b)) || (Self.doubles.contains(a) && Self.doubles.contains(b))
        case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)), (.set(let a), .set(let b)), (.array(let a), .set(let b)), (.set(let a), .array(let b)):
            return a.reads(as: b)
        case (.dictionary(let aKey, let aValue), .dictionary(let bKey, let bValue)):
            return aKey.reads(as: bKey) && aValue.reads(as: bValue)
        default:
            return false
        }
    }

    /// The wire type of a value of this shape outside a field (an element), when the layout
    /// knows it: nil for a type the layout does not describe.
    func elementWireType(in layout: BinaryLayout) -> BinaryWireType? {
        switch self {
        case .optional, .array, .set, .dictionary: return .lengthDelimited
        case .named(let name):
            if let type = layout.types[name] {
                return type.kind == .enumeration ? .varint : .lengthDelimited
            }
            if Self.integers.contains(name) || name == "Bool" { return .varint }
            if Self.doubles.contains(name) || name == "Date" { return .fixed64 }
            if name == "Float" { return .fixed32 }
            if ["String", "Data", "URL", "UUID"].contains(name) { return .lengthDelimited }
            return nil
        }
    }
}
