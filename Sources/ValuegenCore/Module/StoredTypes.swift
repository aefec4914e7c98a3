import ValuegenPluginSDK

/// One stored value of a type as the module's checks read it: the SDK's `StoredValue`, but
/// naming itself only when a message needs it (the checks walk every value of every type of
/// the module, and almost none has a problem).
struct StoredType {
    var type: TypeReference
    var location: SourceLocation
    var skipsEquality: Bool
    /// The attribute's name; nil for a subtype's single unlabelled payload.
    var attributeName: String?
    /// The subtype of a single unlabelled payload.
    var subtypeName: String?

    /// Whether `%skipEquality` can be written for it (not for a single unlabelled payload).
    var canSkipEquality: Bool { attributeName != nil }

    /// As `StoredValue` says it: `attribute 'email'` or `the payload of subtype 'Sticker'`.
    var description: String {
        attributeName.map { "attribute '\($0)'" } ?? "the payload of subtype '\(subtypeName ?? "")'"
    }
}

extension ModelType {
    /// Every stored value, in declaration order, as `storedValues` lists them.
    var storedTypes: [StoredType] {
        var values = attributes.map(StoredType.init(attribute:))
        for adtCase in cases {
            values += adtCase.attributes.map(StoredType.init(attribute:))
            if let single = adtCase.singleValueType {
                values.append(StoredType(type: single, location: adtCase.location, skipsEquality: false, attributeName: nil, subtypeName: adtCase.subtypeName))
            }
        }
        return values
    }
}

private extension StoredType {
    init(attribute: Attribute) {
        self.init(type: attribute.type, location: attribute.location, skipsEquality: attribute.skipsEquality, attributeName: attribute.name, subtypeName: nil)
    }
}
