/// One kind of edit between two versions of a schema, as `valuegen compat` tells them apart.
/// `CompatibilityTable` says which categories each belongs to.
public enum SchemaChange: String, CaseIterable, Sendable, Codable {
    case typeAdded = "type-added"
    case typeRemoved = "type-removed"
    /// A value became an object or back: the same data, another Swift declaration.
    case valueObjectSwapped = "value-object-swapped"
    /// A value or an object became an ADT, or back.
    case kindChanged = "kind-changed"
    case featureAdded = "feature-added"
    case featureRemoved = "feature-removed"
    /// An optional attribute, or one with a default, after the others (or with a new number).
    case attributeAppended = "attribute-appended"
    /// An optional attribute, or one with a default, before others that are numbered by position.
    case attributeInserted = "attribute-inserted"
    /// A required attribute without a default, wherever it is.
    case requiredAttributeAdded = "required-attribute-added"
    /// An optional attribute, or one with a default.
    case attributeRemoved = "attribute-removed"
    case requiredAttributeRemoved = "required-attribute-removed"
    /// An attribute renamed, its key kept (`%codingKey`, or the old key as a legacy key).
    case attributeRenamed = "attribute-renamed"
    /// The memberwise initializer's parameters in another order.
    case initializerOrderChanged = "initializer-order-changed"
    /// An attribute's Binary field number changed (an insertion, a removal or a reordering
    /// before it, or another `%binaryField number=`).
    case fieldRenumbered = "field-renumbered"
    /// A new attribute has the field number an attribute of the old schema had.
    case fieldNumberReused = "field-number-reused"
    /// `%binaryField number=` written with the number the attribute had anyway.
    case fieldPinned = "field-pinned"
    /// `Int32` → `Int64`, `UInt8` → `UInt`.
    case integerWidened = "integer-widened"
    /// `Int64` → `Int32`, `UInt` → `UInt16`: old values read while they fit.
    case integerNarrowed = "integer-narrowed"
    /// `Int` → `UInt`, `UInt8` → `Int` (with any widths): Binary's zigzag varints against plain
    /// ones, while by-name formats read each value that fits.
    case integerSignednessChanged = "integer-signedness-changed"
    /// An integer of at most 32 bits → `Double`: every old value is a `Double` exactly.
    case integerToDouble = "integer-to-double"
    /// A 64-bit integer → `Double`: values beyond 2^53 have no exact `Double`.
    case wideIntegerToDouble = "wide-integer-to-double"
    /// `Double` → `Float`: JSON's numbers read rounded to the nearest `Float`; Binary's wire
    /// types differ.
    case doubleToFloat = "double-to-float"
    /// `Float` → `Double`.
    case floatToDouble = "float-to-double"
    /// `String` → a plain enumeration (without `%unknownCase`) coded as the string of its tag.
    case stringToEnumeration = "string-to-enumeration"
    /// A plain enumeration coded as a string → `String`.
    case enumerationToString = "enumeration-to-string"
    /// A model type renamed (the old name gone, the new one new) with the same attributes,
    /// keys and field numbers: JSON and Binary have no type names, Persistence's layout does.
    case typeRenamed = "type-renamed"
    /// Another type of the same wire type (`Int` → `Bool`, `String` → `Data`).
    case typeChanged = "type-changed"
    /// Another type of another wire type (`Int` → `String`).
    case wireTypeChanged = "wire-type-changed"
    /// `T` → `T?`.
    case madeOptional = "made-optional"
    /// `T = d` → `T?`: old code reads a nil that new code leaves out as its default.
    case madeOptionalWithDefault = "made-optional-with-default"
    /// `T?` → `T` without a default.
    case madeRequired = "made-required"
    /// `T?` → `T` with a default, which a nil saved before (left out) reads as.
    case madeRequiredWithDefault = "made-required-with-default"
    case defaultRemoved = "default-removed"
    /// An optional attribute that had none gets a default that is not nil (`note: String?` →
    /// `note: String? = "x"`): nil was left out, and a missing value takes the default.
    case optionalDefaultAdded = "optional-default-added"
    /// An optional attribute loses a default that was not nil.
    case optionalDefaultRemoved = "optional-default-removed"
    /// The JSON key changed and the old key is not a legacy key.
    case keyRenamed = "key-renamed"
    /// The JSON key changed and the old key is a `%codingLegacyKey`.
    case keyRenamedWithLegacyKey = "key-renamed-with-legacy-key"
    /// `%codingKeys style=` or valuegen.json's `codingKeys` changed the keys of a type.
    case keyStyleChanged = "key-style-changed"
    case caseAppended = "case-appended"
    /// A case added before others, which are numbered by position.
    case caseInserted = "case-inserted"
    case caseRemoved = "case-removed"
    /// A case renamed in its place.
    case caseRenamed = "case-renamed"
    /// A case's number changed (cases inserted, removed or reordered before it).
    case caseRenumbered = "case-renumbered"
    /// The tag that names a case in JSON changed.
    case caseTagChanged = "case-tag-changed"
    /// An ADT's JSON representation, discriminator or content key changed.
    case representationChanged = "representation-changed"
    /// An ADT became a plain enumeration (a varint) or stopped being one (a message).
    case enumerationWireTypeChanged = "enumeration-wire-type-changed"
}


/// One consequence of a kind of change: its category, the readers it concerns, the formats
/// where it happens, and what happens there.
public struct CompatibilityConsequence: Sendable {
    public var kind: CompatibilityKind
    /// The readers it concerns; nil where the comparison works it out from the two types (an
    /// integer's range: `Int` → `UInt` concerns new code reading old data, `UInt8` → `Int` old
    /// code reading new data).
    public var direction: ReadingDirection?
    /// The formats it concerns (empty for Swift source and additive changes).
    public var formats: [CodingFormat]
    /// What happens; `FORMATS` stands for the formats the type has, spelled out.
    public var text: String
    /// What happens instead when the ADT keeps unknown cases (`%unknownCase`): what it would
    /// refuse, it reads as that case. `UNKNOWN` stands for the case's name.
    public var unknownCaseText: String?

    init(_ kind: CompatibilityKind, _ direction: ReadingDirection?, _ text: String, unknownCase: String? = nil) {
        self.init(kind, direction, kind.defaultFormats, text, unknownCase: unknownCase)
    }

    init(_ kind: CompatibilityKind, _ direction: ReadingDirection?, _ formats: [CodingFormat], _ text: String, unknownCase: String? = nil) {
        self.kind = kind
        self.direction = direction
        self.formats = formats
        self.text = text
        unknownCaseText = unknownCase
    }
}

/// What one kind of change does, category by category: the table `valuegen compat` classifies
/// by, and that a test matrix can iterate. `evolutionRow` is the row of docs/BinaryFormat.md's
/// Evolution table the change is an instance of, as written there.
public struct CompatibilityRule: Sendable {
    public var change: SchemaChange
    public var evolutionRow: String?
    /// Each category the change belongs to, with what it does there.
    public var consequences: [CompatibilityConsequence]

    public var kinds: [CompatibilityKind] { consequences.map(\.kind) }

    init(change: SchemaChange, evolutionRow: String?, consequences: [CompatibilityConsequence]) {
        self.change = change
        self.evolutionRow = evolutionRow
        self.consequences = consequences
    }
}

public enum CompatibilityTable {
    typealias C = CompatibilityConsequence
    static let oldBinary = "data written by binaryData() before"
    static let eitherBinary = "binaryData() written on either side of the change"
    static let persistence = "files saved with Persistence read it: they carry the writer's layout and are read by name"
    static let silentDefault = "reads as the default, silently: the nil saved is lost"
    static let rangeError = "another value is an error naming the attribute"

    /// A value-range finding's text for the direction the two types give.
    static func valueRangeText(_ direction: ReadingDirection) -> String {
        switch direction {
        case .oldData: return "new code reads FORMATS written before while the values fit the new type; \(rangeError)"
        case .newData: return "old code reads FORMATS written after while the values fit the old type; \(rangeError)"
        case .both: return "each version reads FORMATS the other wrote while the values fit its type; \(rangeError)"
        }
    }

    public static let rules: [CompatibilityRule] = [
        CompatibilityRule(change: .typeAdded, evolutionRow: nil, consequences: [C(.additive, nil, "a new type")]),
        CompatibilityRule(change: .typeRemoved, evolutionRow: nil, consequences: [C(.swiftSource, nil, "code that names it no longer compiles")]),
        CompatibilityRule(change: .valueObjectSwapped, evolutionRow: nil, consequences: [C(.swiftSource, nil, "a struct and a final class are used differently (let and var, identity)")]),
        CompatibilityRule(change: .kindChanged, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) no longer reads"), C(.jsonWire, .both, "JSON written on either side no longer reads"),
            C(.persistence, .both, "Persistence files saved on either side are refused (the binary ones name both kinds)"),
            C(.swiftSource, nil, "code that uses it no longer compiles"),
        ]),
        CompatibilityRule(change: .featureAdded, evolutionRow: nil, consequences: [C(.additive, nil, "new API")]),
        CompatibilityRule(change: .featureRemoved, evolutionRow: nil, consequences: [C(.swiftSource, nil, "code that uses what it generated no longer compiles")]),
        CompatibilityRule(change: .attributeAppended, evolutionRow: "append an attribute (optional or with a default)", consequences: [
            C(.additive, nil, "old data reads it as nil or its default; old readers skip it"),
        ]),
        CompatibilityRule(change: .attributeInserted, evolutionRow: nil, consequences: [
            C(.additive, nil, "the memberwise initializer gains a parameter with a default"),
        ]),
        CompatibilityRule(change: .requiredAttributeAdded, evolutionRow: "append a required attribute without a default", consequences: [
            C(.binaryWire, .oldData, "\(oldBinary) lacks the field: an error (give it a default or make it optional)"),
            C(.jsonWire, .oldData, "JSON written before lacks the key: an error (give it a default or make it optional)"),
            C(.persistence, .oldData, "Persistence files saved before lack it: an error (give it a default or make it optional)"),
            C(.swiftSource, nil, "every call of the memberwise initializer needs the new argument"),
        ]),
        CompatibilityRule(change: .attributeRemoved, evolutionRow: "remove an optional attribute or one with a default", consequences: [
            C(.swiftSource, nil, "code that uses it no longer compiles"),
            C(.persistenceSafe, .both, "old data's field is skipped; old code reads new data without it as nil or its default"),
        ]),
        CompatibilityRule(change: .requiredAttributeRemoved, evolutionRow: nil, consequences: [
            C(.binaryWire, .newData, "old code reading binaryData() written after requires the field, which new data lacks: an error (new code reads old data, skipping it)"),
            C(.jsonWire, .newData, "old code reading JSON written after requires the key, which new JSON lacks: an error (new code reads old JSON, skipping it)"),
            C(.persistence, .newData, "old code reading Persistence files saved after requires it, and they lack it: an error (new code reads old files, skipping it)"),
            C(.swiftSource, nil, "code that uses it no longer compiles"),
        ]),
        CompatibilityRule(change: .attributeRenamed, evolutionRow: nil, consequences: [
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files name attributes, and neither version reads the other's name: an error, or nil or the default instead of the value saved"),
            C(.swiftSource, nil, "code that uses the old name no longer compiles"),
        ]),
        CompatibilityRule(change: .initializerOrderChanged, evolutionRow: "reorder attributes with explicit numbers", consequences: [
            C(.swiftSource, nil, "calls of the memberwise initializer pass their arguments in the old order and no longer compile"),
        ]),
        CompatibilityRule(change: .fieldRenumbered, evolutionRow: "reorder attributes without explicit numbers", consequences: [
            C(.binaryWire, .both, "\(oldBinary) reads its old field into another attribute, or fails"),
            C(.persistenceSafe, .both, persistence),
        ]),
        CompatibilityRule(change: .fieldNumberReused, evolutionRow: "reorder attributes without explicit numbers", consequences: [
            C(.binaryWire, .both, "\(oldBinary) has another attribute in that field, which would be read as this one"),
            C(.persistenceSafe, .both, persistence),
        ]),
        CompatibilityRule(change: .fieldPinned, evolutionRow: "give an attribute an explicit number %binaryField number=N not used before", consequences: [
            C(.persistenceSafe, .both, "the bytes are the same"),
        ]),
        CompatibilityRule(change: .integerWidened, evolutionRow: "widen an integer type (Int32 → Int64, UInt8 → UInt)", consequences: [
            C(.valueRange, nil, "old code reads FORMATS written after while the values fit the old type; \(rangeError)"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .integerNarrowed, evolutionRow: nil, consequences: [
            C(.valueRange, nil, "new code reads FORMATS written before while the values fit the new type; \(rangeError)"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .integerSignednessChanged, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is misread, silently: signed integers are zigzag varints, unsigned ones plain (42 reads as 84, or as 21)"),
            C(.valueRange, nil, CodingFormat.byName, "new code reads FORMATS written before while the values fit the new type; \(rangeError)"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .integerToDouble, evolutionRow: "change an attribute's type where the wire types agree (Int32 to Double)", consequences: [
            C(.binaryWire, .both, "the wire types agree, so \(eitherBinary) is misread, not refused"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and an integer saved is refused as a Double (and back)"),
            C(.valueRange, .newData, CodingFormat.keyed, "old code reads FORMATS written after while the numbers are whole and fit the old type; \(rangeError)"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .wideIntegerToDouble, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "the wire types agree, so \(eitherBinary) is misread, not refused"),
            C(.jsonWire, .oldData, "JSON written before reads, but its integers beyond 2^53 (9007199254740992) read as the nearest Double, silently different; keep the old type, or a 32-bit one if the values are small"),
            C(.persistence, .oldData, [.persistenceJSON, .persistencePropertyList], "FORMATS saved before read, but their integers beyond 2^53 read as the nearest Double, silently different"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and an integer saved is refused as a Double (and back)"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .doubleToFloat, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused: another wire type (fixed32)"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and a Double saved is refused as a Float (and back)"),
            C(.persistence, .oldData, [.persistencePropertyList], "Persistence property list files saved before are refused unless each number is exactly a Float (0.1 is not: 'does not fit in Float')"),
            C(.valueRange, .oldData, [.persistenceJSON, .json], "new code reads FORMATS written before with each number rounded to the nearest Float (about 7 significant digits); one beyond ±3.4e38 is an error naming the attribute"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .floatToDouble, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused: another wire type (fixed64 or varint)"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and a Float saved is refused as a Double (and back)"),
            C(.valueRange, .newData, CodingFormat.keyed, "old code reads FORMATS written after with each number rounded to the nearest Float; one beyond ±3.4e38 is an error naming the attribute"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .stringToEnumeration, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused or misread: a string against a case number"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and a String saved is refused as an enumeration (and back)"),
            C(.valueRange, .oldData, CodingFormat.keyed, "new code reads FORMATS written before while each string is the tag of a case; another string is an error naming the attribute"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .enumerationToString, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused or misread: a case number against a string"),
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record the type, and an enumeration saved is refused as a String (and back)"),
            C(.valueRange, .newData, CodingFormat.keyed, "old code reads FORMATS written after while each string is the tag of a case; another string is an error naming the attribute"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .typeRenamed, evolutionRow: nil, consequences: [
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files record type names, and a value saved as the old type is refused as the new one (and back); binaryData() and JSON have no type names and read it"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .typeChanged, evolutionRow: "change an attribute's type otherwise", consequences: [
            C(.binaryWire, .both, "the wire types agree, so \(eitherBinary) is misread, not refused"),
            C(.jsonWire, .both, "JSON written on either side holds the other type: refused, or read as another value"),
            C(.persistence, .both, "Persistence files saved on either side hold the other type: refused (binary files name both types), or read as another value"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .wireTypeChanged, evolutionRow: "change an attribute's type otherwise", consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused: another wire type"),
            C(.jsonWire, .both, "JSON written on either side holds the other type: refused, or read as another value"),
            C(.persistence, .both, "Persistence files saved on either side hold the other type: refused (binary files name both types), or read as another value"),
            C(.swiftSource, nil, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .madeOptional, evolutionRow: "make a required attribute optional", consequences: [
            C(.valueRange, .newData, "old code reads FORMATS written after while the attribute holds a value; nil is an error naming the attribute"),
            C(.swiftSource, nil, "code that reads it as the non-optional type no longer compiles"),
        ]),
        CompatibilityRule(change: .madeOptionalWithDefault, evolutionRow: nil, consequences: [
            C(.binaryWire, .newData, "old code reading binaryData() written after reads a nil (a missing field) as its default, silently"),
            C(.jsonWire, .newData, "old code reading JSON written after reads a nil (a missing key) as its default, silently"),
            C(.persistence, .newData, "old code reading Persistence files saved after reads a nil as its default, silently"),
            C(.swiftSource, nil, "code that reads it as the non-optional type no longer compiles"),
        ]),
        CompatibilityRule(change: .madeRequired, evolutionRow: nil, consequences: [
            C(.valueRange, .oldData, "new code reads FORMATS written before while the attribute holds a value; nil is an error naming the attribute"),
            C(.swiftSource, nil, "code that passes nil or reads an optional no longer compiles"),
        ]),
        CompatibilityRule(change: .madeRequiredWithDefault, evolutionRow: nil, consequences: [
            C(.binaryWire, .oldData, "a nil in \(oldBinary) (a missing field) \(silentDefault)"),
            C(.jsonWire, .oldData, "a nil in JSON written before (a missing key) \(silentDefault)"),
            C(.persistence, .oldData, "a nil in Persistence files saved before \(silentDefault)"),
            C(.swiftSource, nil, "code that passes nil or reads an optional no longer compiles"),
        ]),
        CompatibilityRule(change: .defaultRemoved, evolutionRow: nil, consequences: [
            C(.swiftSource, nil, "calls of the memberwise initializer that leave it out no longer compile"),
        ]),
        CompatibilityRule(change: .optionalDefaultAdded, evolutionRow: nil, consequences: [
            C(.binaryWire, .oldData, "a nil in \(oldBinary) (left out) \(silentDefault)"),
            C(.jsonWire, .oldData, "a nil in JSON written before (left out) \(silentDefault)"),
            C(.persistence, .oldData, "a nil in Persistence files saved before (left out) \(silentDefault)"),
            C(.valueRange, .newData, [.binary, .persistenceBinary], "old code reads FORMATS written after while the attribute holds a value; a nil, now written as a field of a wire type the type never has, is an error (JSON's null reads as nil)"),
        ]),
        CompatibilityRule(change: .optionalDefaultRemoved, evolutionRow: nil, consequences: [
            C(.binaryWire, .newData, "old code reading binaryData() written after reads a nil (now left out) as its default, silently"),
            C(.jsonWire, .newData, "old code reading JSON written after reads a nil (now left out) as its default, silently"),
            C(.persistence, .newData, "old code reading Persistence files saved after reads a nil (now left out) as its default, silently"),
            C(.valueRange, .oldData, [.binary, .persistenceBinary], "new code reads FORMATS written before while the attribute holds a value; a nil, written then as a field of a wire type the type never has, is an error (JSON's null reads as nil)"),
        ]),
        CompatibilityRule(change: .keyRenamed, evolutionRow: nil, consequences: [
            C(.jsonWire, .both, "JSON written on either side has the other key, which is not read: an error, or nil or the default instead of the value"),
            C(.persistence, .both, [.persistenceJSON, .persistencePropertyList], "FORMATS saved on either side have the other key, which is not read: an error, or nil or the default instead of the value"),
        ]),
        CompatibilityRule(change: .keyRenamedWithLegacyKey, evolutionRow: nil, consequences: [
            C(.persistenceSafe, .oldData, "JSON written before is read through the legacy key"),
            C(.jsonWire, .newData, "old code reading JSON written after does not know the new key: an error, or nil or the default instead of the value"),
            C(.persistence, .newData, [.persistenceJSON, .persistencePropertyList], "old code reading FORMATS saved after does not know the new key: an error, or nil or the default instead of the value"),
        ]),
        CompatibilityRule(change: .keyStyleChanged, evolutionRow: nil, consequences: [
            C(.jsonWire, .both, "JSON written on either side has the other keys, which are not read"),
            C(.persistence, .both, [.persistenceJSON, .persistencePropertyList], "FORMATS saved on either side have the other keys, which are not read"),
        ]),
        CompatibilityRule(change: .caseAppended, evolutionRow: "append an ADT case", consequences: [
            C(.additive, nil, "old data reads; old readers refuse only data that holds the new case", unknownCase: "old data reads; old readers read the new case as their unknown case 'UNKNOWN'"),
        ]),
        CompatibilityRule(change: .caseInserted, evolutionRow: nil, consequences: [
            C(.additive, nil, "a new case"),
        ]),
        CompatibilityRule(change: .caseRemoved, evolutionRow: nil, consequences: [
            C(.binaryWire, .oldData, "\(oldBinary) that holds the case is refused", unknownCase: "\(oldBinary) that holds the case reads it as the unknown case 'UNKNOWN': silently another case, not refused"),
            C(.jsonWire, .oldData, "JSON written before that holds the case is refused", unknownCase: "JSON written before that holds the case reads it as the unknown case 'UNKNOWN': silently another case, not refused"),
            C(.persistence, .oldData, "Persistence files saved before that hold the case are refused", unknownCase: "Persistence files saved before that hold the case read it as the unknown case 'UNKNOWN': silently another case, not refused"),
            C(.swiftSource, nil, "code that uses the case no longer compiles"),
        ]),
        CompatibilityRule(change: .caseRenamed, evolutionRow: nil, consequences: [
            C(.persistence, .both, [.persistenceBinary], "Persistence binary files name cases, and one saved under the other name is refused", unknownCase: "Persistence binary files name cases, and one saved under the other name reads as the unknown case 'UNKNOWN': silently another case, not refused"),
            C(.swiftSource, nil, "code that uses the old case name no longer compiles"),
        ]),
        CompatibilityRule(change: .caseRenumbered, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(oldBinary) reads its old case number as another case, or fails"),
            C(.persistenceSafe, .both, persistence),
        ]),
        CompatibilityRule(change: .caseTagChanged, evolutionRow: nil, consequences: [
            C(.jsonWire, .both, "JSON written on either side has the other tag, which is refused", unknownCase: "JSON written on either side has the other tag, which reads as the unknown case 'UNKNOWN': silently another case, not refused"),
            C(.persistence, .both, [.persistenceJSON, .persistencePropertyList], "FORMATS saved on either side have the other tag, which is refused", unknownCase: "FORMATS saved on either side have the other tag, which reads as the unknown case 'UNKNOWN': silently another case, not refused"),
        ]),
        CompatibilityRule(change: .representationChanged, evolutionRow: nil, consequences: [
            C(.jsonWire, .both, "JSON written on either side has the other form, which is refused"),
            C(.persistence, .both, [.persistenceJSON, .persistencePropertyList], "FORMATS saved on either side have the other form, which is refused"),
        ]),
        CompatibilityRule(change: .enumerationWireTypeChanged, evolutionRow: nil, consequences: [
            C(.binaryWire, .both, "\(eitherBinary) is refused: another wire type"),
            C(.persistenceSafe, .both, "Persistence binary files read a plain enumeration as the ADT it became, and the ADT's plain cases as the enumeration"),
        ]),
    ]

    /// The rule of a change.
    public static func rule(for change: SchemaChange) -> CompatibilityRule {
        rules.first { $0.change == change }!
    }
}
