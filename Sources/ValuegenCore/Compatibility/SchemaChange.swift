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
    /// An integer of at most 32 bits → `Double`: every old value is a `Double` exactly.
    case integerToDouble = "integer-to-double"
    /// A 64-bit integer → `Double`: values beyond 2^53 have no exact `Double`.
    case wideIntegerToDouble = "wide-integer-to-double"
    /// Another type of the same wire type (`Int` → `Bool`, `String` → `Data`).
    case typeChanged = "type-changed"
    /// Another type of another wire type (`Int` → `String`).
    case wireTypeChanged = "wire-type-changed"
    /// `T` → `T?`.
    case madeOptional = "made-optional"
    /// `T?` → `T` without a default.
    case madeRequired = "made-required"
    case defaultRemoved = "default-removed"
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

/// What one kind of change does, category by category: the table `valuegen compat` classifies
/// by, and that a test matrix can iterate. `evolutionRow` is the row of docs/BinaryFormat.md's
/// Evolution table the change is an instance of, as written there.
public struct CompatibilityRule: Sendable {
    public var change: SchemaChange
    public var evolutionRow: String?
    /// Each category the change belongs to, with what it does there.
    public var consequences: [(kind: CompatibilityKind, text: String)]

    public var kinds: [CompatibilityKind] { consequences.map(\.kind) }
}

public enum CompatibilityTable {
    static let oldBinary = "data written by binaryData() before"
    static let persistence = "files saved with Persistence read it: they carry the writer's layout and are read by name"

    public static let rules: [CompatibilityRule] = [
        CompatibilityRule(change: .typeAdded, evolutionRow: nil, consequences: [(.additive, "a new type")]),
        CompatibilityRule(change: .typeRemoved, evolutionRow: nil, consequences: [(.swiftSource, "code that names it no longer compiles")]),
        CompatibilityRule(change: .valueObjectSwapped, evolutionRow: nil, consequences: [(.swiftSource, "a struct and a final class are used differently (let and var, identity)")]),
        CompatibilityRule(change: .kindChanged, evolutionRow: nil, consequences: [
            (.binaryWire, "\(oldBinary) no longer reads"), (.jsonWire, "JSON written before no longer reads"), (.swiftSource, "code that uses it no longer compiles"),
        ]),
        CompatibilityRule(change: .featureAdded, evolutionRow: nil, consequences: [(.additive, "new API")]),
        CompatibilityRule(change: .featureRemoved, evolutionRow: nil, consequences: [(.swiftSource, "code that uses what it generated no longer compiles")]),
        CompatibilityRule(change: .attributeAppended, evolutionRow: "append an attribute (optional or with a default)", consequences: [
            (.additive, "old data reads it as nil or its default; old readers skip it"),
        ]),
        CompatibilityRule(change: .attributeInserted, evolutionRow: nil, consequences: [
            (.additive, "the memberwise initializer gains a parameter with a default"),
        ]),
        CompatibilityRule(change: .requiredAttributeAdded, evolutionRow: "append a required attribute without a default", consequences: [
            (.binaryWire, "\(oldBinary) lacks the field: an error (give it a default or make it optional)"),
            (.jsonWire, "JSON written before lacks the key: an error (give it a default or make it optional)"),
            (.swiftSource, "every call of the memberwise initializer needs the new argument"),
        ]),
        CompatibilityRule(change: .attributeRemoved, evolutionRow: "remove an optional attribute or one with a default", consequences: [
            (.swiftSource, "code that uses it no longer compiles"),
            (.persistenceSafe, "old data's field is skipped"),
        ]),
        CompatibilityRule(change: .requiredAttributeRemoved, evolutionRow: nil, consequences: [
            (.binaryWire, "readers built from the old schema require the field that new data lacks"),
            (.jsonWire, "readers built from the old schema require the key that new JSON lacks"),
            (.swiftSource, "code that uses it no longer compiles"),
            (.persistenceSafe, "old data's field is skipped"),
        ]),
        CompatibilityRule(change: .attributeRenamed, evolutionRow: nil, consequences: [
            (.swiftSource, "code that uses the old name no longer compiles"),
        ]),
        CompatibilityRule(change: .initializerOrderChanged, evolutionRow: "reorder attributes with explicit numbers", consequences: [
            (.swiftSource, "calls of the memberwise initializer pass their arguments in the old order and no longer compile"),
        ]),
        CompatibilityRule(change: .fieldRenumbered, evolutionRow: "reorder attributes without explicit numbers", consequences: [
            (.binaryWire, "\(oldBinary) reads its old field into another attribute, or fails"),
            (.persistenceSafe, persistence),
        ]),
        CompatibilityRule(change: .fieldNumberReused, evolutionRow: "reorder attributes without explicit numbers", consequences: [
            (.binaryWire, "\(oldBinary) has another attribute in that field, which would be read as this one"),
            (.persistenceSafe, persistence),
        ]),
        CompatibilityRule(change: .fieldPinned, evolutionRow: "give an attribute an explicit number %binaryField number=N not used before", consequences: [
            (.persistenceSafe, "the bytes are the same"),
        ]),
        CompatibilityRule(change: .integerWidened, evolutionRow: "widen an integer type (Int32 → Int64, UInt8 → UInt)", consequences: [
            (.swiftSource, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .integerToDouble, evolutionRow: "change an attribute's type where the wire types agree (Int32 to Double)", consequences: [
            (.binaryWire, "the wire types agree, so \(oldBinary) is misread, not refused"),
            (.swiftSource, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .wideIntegerToDouble, evolutionRow: nil, consequences: [
            (.binaryWire, "the wire types agree, so \(oldBinary) is misread, not refused"),
            (.jsonWire, "JSON written before reads, but its integers beyond 2^53 (9007199254740992) read as the nearest Double, silently different; keep the old type, or a 32-bit one if the values are small"),
            (.swiftSource, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .typeChanged, evolutionRow: "change an attribute's type otherwise", consequences: [
            (.binaryWire, "the wire types agree, so \(oldBinary) is misread, not refused"),
            (.jsonWire, "JSON written before holds the old type"),
            (.swiftSource, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .wireTypeChanged, evolutionRow: "change an attribute's type otherwise", consequences: [
            (.binaryWire, "\(oldBinary) is refused: another wire type"),
            (.jsonWire, "JSON written before holds the old type"),
            (.swiftSource, "code that passes or reads the old type no longer compiles"),
        ]),
        CompatibilityRule(change: .madeOptional, evolutionRow: nil, consequences: [
            (.swiftSource, "code that reads it as the non-optional type no longer compiles"),
        ]),
        CompatibilityRule(change: .madeRequired, evolutionRow: nil, consequences: [
            (.binaryWire, "\(oldBinary) without the field (nil) is refused"),
            (.jsonWire, "JSON written before without the key (nil) is refused"),
            (.swiftSource, "code that passes nil or reads an optional no longer compiles"),
        ]),
        CompatibilityRule(change: .defaultRemoved, evolutionRow: nil, consequences: [
            (.swiftSource, "calls of the memberwise initializer that leave it out no longer compile"),
        ]),
        CompatibilityRule(change: .keyRenamed, evolutionRow: nil, consequences: [
            (.jsonWire, "JSON written before has the old key, which is not read"),
        ]),
        CompatibilityRule(change: .keyRenamedWithLegacyKey, evolutionRow: nil, consequences: [
            (.persistenceSafe, "JSON written before is read through the legacy key"),
        ]),
        CompatibilityRule(change: .keyStyleChanged, evolutionRow: nil, consequences: [
            (.jsonWire, "JSON written before has the old keys, which are not read"),
        ]),
        CompatibilityRule(change: .caseAppended, evolutionRow: "append an ADT case", consequences: [
            (.additive, "old data reads; old readers refuse only data that holds the new case"),
        ]),
        CompatibilityRule(change: .caseInserted, evolutionRow: nil, consequences: [
            (.additive, "a new case"),
        ]),
        CompatibilityRule(change: .caseRemoved, evolutionRow: nil, consequences: [
            (.binaryWire, "\(oldBinary) that holds the case is refused"),
            (.jsonWire, "JSON written before that holds the case is refused"),
            (.swiftSource, "code that uses the case no longer compiles"),
        ]),
        CompatibilityRule(change: .caseRenamed, evolutionRow: nil, consequences: [
            (.swiftSource, "code that uses the old case name no longer compiles"),
        ]),
        CompatibilityRule(change: .caseRenumbered, evolutionRow: nil, consequences: [
            (.binaryWire, "\(oldBinary) reads its old case number as another case, or fails"),
            (.persistenceSafe, persistence),
        ]),
        CompatibilityRule(change: .caseTagChanged, evolutionRow: nil, consequences: [
            (.jsonWire, "JSON written before has the old tag, which is refused"),
        ]),
        CompatibilityRule(change: .representationChanged, evolutionRow: nil, consequences: [
            (.jsonWire, "JSON written before has the old form, which is refused"),
        ]),
        CompatibilityRule(change: .enumerationWireTypeChanged, evolutionRow: nil, consequences: [
            (.binaryWire, "\(oldBinary) is refused: another wire type"),
        ]),
    ]

    /// The rule of a change.
    public static func rule(for change: SchemaChange) -> CompatibilityRule {
        rules.first { $0.change == change }!
    }
}
