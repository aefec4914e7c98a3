import ValuegenPluginSDK

// `%coding representation=untagged`: a case is written as its payload alone and read as the
// first case, in declaration order, whose payload reads from the value (docs/Language.md,
// "Untagged ADTs"). What a tag would have told apart, the payloads must: a case without one, a
// tag of any kind, and a case that an earlier one reads every value of are errors here.

extension ModelResolver {
    mutating func checkUntaggedCases(_ cases: [ADTCase], owner: String, typeCoding: TypeCodingAnnotation, annotations: [Annotation]) {
        if let coding = annotations.first(where: { $0.name == "coding" }) {
            for (key, what) in [("discriminator", "tag"), ("content", "content key")] where coding[key] != nil {
                diagnostics.error("an untagged ADT writes no \(what); remove '\(key)=' from '%coding'", at: argumentLocation(key, of: coding))
            }
        }
        if let caseKeys = annotations.first(where: { $0.name == "caseKeys" }) {
            diagnostics.error("an untagged ADT writes no tags; remove %caseKeys from '\(owner)'", at: caseKeys.location)
        }
        var readable: [ADTCase] = []
        for adtCase in cases {
            if let unknownCase = adtCase.annotation("unknownCase") {
                diagnostics.error("an untagged ADT has no tags, so none is unknown; remove %unknownCase from '\(adtCase.subtypeName)' (to keep any value the other cases do not fit, make the last subtype '%singleAttributeSubtype attributeType=RawJSON', with '%type name=RawJSON library=ValuegenRuntime sendable=true')", at: unknownCase.location)
                continue
            }
            if let caseKey = adtCase.annotation("caseKey") {
                diagnostics.error("an untagged ADT writes no tags; remove %caseKey from '\(adtCase.subtypeName)'", at: caseKey.location)
            }
            guard adtCase.singleValueType != nil || !adtCase.codedAttributes.isEmpty else {
                diagnostics.error("subtype '\(adtCase.subtypeName)' of '\(owner)' has no payload\(adtCase.attributes.isEmpty ? "" : " to code"), and an untagged ADT tells its cases apart by their payloads alone; give it one, or give '\(owner)' a tagged representation (%coding representation=internal, external or adjacent)", at: adtCase.location)
                continue
            }
            if let earlier = readable.first(where: { $0.readsEveryValue(of: adtCase) }) {
                if adtCase.readsEveryValue(of: earlier) {
                    let fix = earlier.singleValueType != nil && adtCase.singleValueType != nil ? "another type" : "a required attribute the other lacks"
                    diagnostics.error("subtypes '\(earlier.subtypeName)' and '\(adtCase.subtypeName)' of '\(owner)' cannot be told apart untagged: each reads every value the other writes, so every value reads as '\(earlier.subtypeName)', the first; give one of them \(fix), or give '\(owner)' a tagged representation", at: adtCase.location)
                } else {
                    diagnostics.error("subtype '\(adtCase.subtypeName)' of '\(owner)' is never read untagged: every value it writes fits subtype '\(earlier.subtypeName)' before it, and the first case that fits wins; put '\(adtCase.subtypeName)' before '\(earlier.subtypeName)'", at: adtCase.location)
                }
            }
            readable.append(adtCase)
        }
    }
}

private extension ADTCase {
    /// Whether reading a value as this case, untagged, succeeds for every value `other` writes
    /// (as far as the schema tells: a single value of a type whose own coding is not known
    /// here, such as a value type, is assumed to tell itself apart).
    func readsEveryValue(of other: ADTCase) -> Bool {
        switch (singleValueType, other.singleValueType) {
        case let (mine?, _) where mine.wrapped == "RawJSON" || mine.wrapped == "ValuegenRuntime.RawJSON":
            // Any JSON value at all, null included.
            return true
        case let (mine?, theirs?):
            // A nil optional is written as null, which only an optional reads.
            return mine.wrapped == theirs.wrapped && (mine.isOptional || !theirs.isOptional)
        case (nil, nil):
            return codedAttributes.allSatisfy { $0.readsEveryMember(of: other.codedAttributes) }
        default:
            return false
        }
    }
}

private extension Attribute {
    /// Whether this attribute reads from every object with `written`'s members: whatever they
    /// write under its keys has its type and date style, and a required one is always written.
    func readsEveryMember(of written: [Attribute]) -> Bool {
        let keys = [codingKey] + legacyCodingKeys
        let found = written.filter { keys.contains($0.codingKey) }
        guard found.allSatisfy({ $0.type.wrapped == type.wrapped && $0.codingRules.dateStyle == codingRules.dateStyle }) else {
            return false
        }
        let isRequired = !type.isOptional && defaultValue == nil
        return !isRequired || found.contains { !$0.type.isOptional }
    }
}
