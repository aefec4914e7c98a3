import ValuegenPluginSDK

/// A cheap first look at a type, so that `GeneratedMembers` — a table per type and feature — is
/// built only for the few types where a name could collide. It errs one way only: a type it
/// passes has nothing `MemberCollisions` would report (`CollisionScreenTests` holds every name
/// the table produces against it).
///
/// What could collide, from the table: a fixed name some feature declares or relies on
/// (`description`, `reader`, `ValuegenCodingKey`…); a name made from the type's (`User`,
/// `UserBuilder`); an observed object's storage (`_name`); a legacy key's local (`zipLegacy1`);
/// an attribute named like a type decoded beside it (type names start in upper case, so
/// only such attributes, or a type spelled in lower case, need a look); in an ADT whose
/// equality is written out, two payload values whose locals `lhsX` clash; a type or an
/// attribute type named like a nested type; a builder beside the type declared elsewhere; an
/// attribute or case named like a member a plugin of the type declares it generates, or a
/// member a plugin declares that a built-in feature of the type generates.
enum CollisionScreen {
    /// Whether `MemberCollisions` could find something in the type. `declaredMemberNames` are
    /// the names the type's plugins declare they generate (`DeclaredMemberNames`).
    static func mayCollide(_ type: ModelType, otherTypeNames: [String: String], schemaTypeNames: Set<String>, declaredMemberNames: Set<String> = []) -> Bool {
        let builder = type.name + "Builder"
        if schemaTypeNames.contains(builder) || otherTypeNames[builder] != nil || isNestedTypeName(type.name) {
            return true
        }
        if !declaredMemberNames.isEmpty {
            if type.attributes.contains(where: { declaredMemberNames.contains($0.name) }) || type.cases.contains(where: { declaredMemberNames.contains($0.name) }) {
                return true
            }
            // A plugin's member that a built-in feature of the type generates too; the plugin's
            // own entry is looked up as well, which errs the safe way when it shadows a built-in.
            for feature in type.includes where GeneratedMembers.typeMembers(of: feature, for: type).contains(where: { declaredMemberNames.contains($0.name) }) {
                return true
            }
        }
        if type.kind == .adtValue && type.cases.contains(where: { $0.attributes.contains(where: \.skipsEquality) }) {
            return true
        }
        // `%storage indirect` declares `_storage` and `Storage`; few types have it.
        if type.hasIndirectStorage {
            return true
        }
        for index in type.attributes.indices where mayCollide(type.attributes[index], in: type, builder: builder) {
            return true
        }
        for adtCase in type.cases {
            if fixedNames.contains(adtCase.name) { return true }
            // A `%pattern`'s compiled expression is a static member (`circleLabelPattern`).
            if contains(adtCase.name, "Pattern") { return true }
            for attribute in adtCase.attributes where mayCollide(attribute, in: type, builder: builder) {
                return true
            }
            if let single = adtCase.singleValueType, namesANestedType(single) { return true }
        }
        return false
    }

    private static func mayCollide(_ attribute: Attribute, in type: ModelType, builder: String) -> Bool {
        let name = attribute.name
        if fixedNames.contains(name) || name == type.name || name == builder { return true }
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else {
            return true
        }
        if contains(name, "Legacy") { return true }
        return namesANestedType(attribute.type)
    }

    /// A name in the type spelled like a nested type, or not in upper case (a type an attribute
    /// may be named like, or `any`): read from the spelling's bytes, as every attribute is asked.
    private static func namesANestedType(_ reference: TypeReference) -> Bool {
        var spelling = reference.swift
        return spelling.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                guard SwiftLexicalBytes.isQualifiedNameByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count && SwiftLexicalBytes.isQualifiedNameByte(bytes[end]) { end += 1 }
                let first = bytes[start]
                if first < UInt8(ascii: "A") || first > UInt8(ascii: "Z") { return true }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if nestedTypeNameBytes.contains(where: { $0.elementsEqual(name) }) {
                    return true
                }
                start = end
            }
            return false
        }
    }

    /// A byte search: `String.contains(_:)` goes through Foundation's `range(of:)`, and the
    /// standard library's generic `firstRange(of:)` measured 15 % of the whole pipeline here.
    private static func contains(_ name: String, _ part: StaticString) -> Bool {
        var name = name
        let part = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        return name.withUTF8 { bytes in
            bytes.count >= part.count && (0...(bytes.count - part.count)).contains { start in
                part.indices.allSatisfy { bytes[start + $0] == part[$0] }
            }
        }
    }

    private static func isNestedTypeName(_ name: String) -> Bool {
        nestedTypeNames.contains(name)
    }

    /// The names the table lists whatever the type: members, parameters, locals and types the
    /// features' code declares or relies on.
    static let fixedNames: Set<String> = [
        "Change", "ObserverToken", "ChangeObservers", "_observationRegistrar", "observationRegistrar",
        "_changeObservers", "changeObservers", "hashValue", "hasher", "description", "String",
        "toBuilder", "builder", "build", "MissingAttributeError", "encoder", "container",
        "payload", "DecodingError", "reader", "writer", "field", "binaryWireType", "binaryLayout", "Attribute",
        "dictionaryRepresentation", "propertyListValue", "validate", "ValidationError",
        "WithReplacement", "allCases",
    ]

    /// Types the features nest in a type or its builder.
    static let nestedTypeNames: Set<String> = ["Change", "ObserverToken", "ChangeObservers", "MissingAttributeError", "Attribute", "Difference", "ValidationError", "WithReplacement"]
    private static let nestedTypeNameBytes = nestedTypeNames.map { Array($0.utf8) }
}
