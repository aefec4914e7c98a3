import ValuegenPluginSDK

// `%coding`, `%caseKey`, `%unknownCase` and `%transient`: how coding features treat a type, its
// cases and its attributes, resolved against valuegen.json's `coding` (annotations win).

/// What a type's `%coding` says; nil where it says nothing.
struct TypeCodingAnnotation {
    var representation: ADTCoding.Form?
    var discriminator: String?
    var contentKey: String?
    /// `payloads=flattened` (true) or `payloads=content` (false).
    var flattensSingleValues: Bool?
    var dateStyle: DateStyle?
    var lenientIntegers: Bool?
    /// Where `%coding` is written, and its `payloads=` value.
    var location: SourceLocation?
    var payloadsLocation: SourceLocation?
}

extension ModelResolver {
    static let typeCodingArguments = ["content", "dateFormat", "dates", "discriminator", "lenient", "payloads", "representation"]
    /// The spellings of `%coding payloads=`: where an internally tagged case's single value goes.
    static let payloadPlacements = ["content", "flattened"]
    static let attributeCodingArguments = ["dateFormat", "dates", "lenient"]

    /// The integer types `%coding lenient=true` applies to.
    static let integerTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    /// The types a date style applies to (optionals of them too).
    static let dateTypes: Set<String> = ["Date", "[Date]", "Foundation.Date", "[Foundation.Date]"]

    /// The type's `%coding`; each argument is checked, and a wrong one reported and ignored.
    mutating func resolveTypeCoding(_ annotations: [Annotation]) -> TypeCodingAnnotation {
        var coding = TypeCodingAnnotation()
        guard let annotation = annotations.first(where: { $0.name == "coding" }) else { return coding }
        coding.location = annotation.location
        checkArguments(of: annotation, known: Self.typeCodingArguments, place: "a type")
        if let text = annotation["representation"] {
            if let representation = ADTCoding.Form(spelling: text) {
                coding.representation = representation
            } else {
                let hint = Suggestion.hint(forValue: text, among: ADTCoding.Form.spellings, listing: "known representations are \(ADTCoding.Form.spellings.joined(separator: ", "))")
                diagnostics.error("unknown representation '\(text)' in '%coding'\(hint)", at: argumentLocation("representation", of: annotation))
            }
        }
        for key in ["discriminator", "content"] {
            guard let text = annotation[key] else { continue }
            if text.isEmpty {
                diagnostics.error("'\(key)=' in '%coding' needs a key, such as \(key)=\"\(key == "content" ? "value" : "kind")\"", at: argumentLocation(key, of: annotation))
            } else if key == "content" {
                coding.contentKey = text
            } else {
                coding.discriminator = text
            }
        }
        if let text = annotation["payloads"] {
            coding.payloadsLocation = argumentLocation("payloads", of: annotation)
            if Self.payloadPlacements.contains(text) {
                coding.flattensSingleValues = text == "flattened"
            } else {
                let hint = Suggestion.hint(forValue: text, among: Self.payloadPlacements, listing: "write payloads=flattened (each single value's members beside the tag) or payloads=content (under the content key, the default)")
                diagnostics.error("unknown payload placement '\(text)' in '%coding'\(hint)", at: argumentLocation("payloads", of: annotation))
            }
        }
        coding.dateStyle = dateStyle(of: annotation)
        coding.lenientIntegers = lenientFlag(of: annotation)
        return coding
    }

    /// `%coding`'s ADT arguments on a value or an object, which has no cases to code: a warning
    /// at each, since such schemas generated before without a word (an error would break them).
    mutating func warnAboutCaseCodingArguments(_ annotations: [Annotation], typeName: String) {
        guard file.kind != .adtValue, let annotation = annotations.first(where: { $0.name == "coding" }) else { return }
        let kind = file.kind == .object ? "an object" : "a value"
        for key in ["representation", "discriminator", "content", "payloads"] where annotation[key] != nil {
            diagnostics.warning("'\(key)=' in '%coding' says how an ADT's cases are coded, and '\(typeName)' is \(kind), so it changes nothing; remove it", at: argumentLocation(key, of: annotation))
        }
    }

    /// The attribute's coding after `%transient`, its `%coding`, its type's `%coding` and the
    /// configuration; nil when nothing differs from the defaults.
    mutating func resolveAttributeCoding(_ syntax: AttributeSyntax, type: ResolvedType, typeCoding: TypeCodingAnnotation) -> AttributeCoding? {
        // Most attributes: nothing to resolve, and no type names to look up.
        if syntax.annotations.isEmpty && typeCoding.dateStyle == nil && typeCoding.lenientIntegers == nil
            && settings.coding.dateStyle == nil && !settings.coding.lenientIntegers {
            return nil
        }
        var coding = AttributeCoding()
        if let transient = syntax.annotations.first(where: { $0.name == "transient" }) {
            coding.isTransient = true
            if syntax.defaultValue == nil && !type.isOptional {
                diagnostics.error("transient attribute '\(syntax.name.text)' needs a default value or an optional type: it is never read, and a decoded value gets its default", at: transient.location)
            }
        }
        let annotation = syntax.annotations.first { $0.name == "coding" }
        if let annotation {
            checkArguments(of: annotation, known: Self.attributeCodingArguments, place: "an attribute")
        }
        let isDate = Self.dateTypes.contains(type.wrapped)
        let isInteger = Self.integerTypes.contains(type.wrapped.hasPrefix("Swift.") ? String(type.wrapped.dropFirst(6)) : type.wrapped)
        if let annotation, let style = dateStyle(of: annotation) {
            if isDate {
                coding.dateStyle = style
            } else {
                diagnostics.error("a date style applies to attributes of type Date or [Date] (or their optionals), not '\(type.swift)'; remove it from '%coding'", at: annotation.location)
            }
        } else if isDate {
            coding.dateStyle = typeCoding.dateStyle ?? settings.coding.dateStyle
        }
        if let annotation, let lenient = lenientFlag(of: annotation) {
            if isInteger || !lenient {
                coding.acceptsIntegerStrings = lenient && isInteger
            } else {
                diagnostics.error("'lenient=true' accepts integers written as strings, and '\(syntax.name.text)' has type '\(type.swift)'; it applies to integer attributes only", at: annotation.location)
            }
        } else if isInteger {
            coding.acceptsIntegerStrings = typeCoding.lenientIntegers ?? settings.coding.lenientIntegers
        }
        return coding.isDefault ? nil : coding
    }

    /// The ADT's coding after its `%coding` and the configuration, with the checks that need
    /// its cases: a string representation only for plain enumerations, tags and keys that do
    /// not collide, untagged cases that can be told apart.
    mutating func resolveADTCoding(_ typeCoding: TypeCodingAnnotation, cases: [ADTCase], owner: String, annotations: [Annotation]) -> ADTCoding {
        let unknownCase = cases.first { $0.annotation("unknownCase") != nil }
        let knownCases = cases.filter { $0.name != unknownCase?.name }
        let isPlain = knownCases.allSatisfy(\.isPlain)
        var coding = ADTCoding(
            representation: settings.coding.representation,
            discriminator: typeCoding.discriminator ?? settings.coding.discriminator,
            contentKey: typeCoding.contentKey ?? settings.coding.contentKey,
            unknownCase: unknownCase?.name
        )
        if let representation = typeCoding.representation {
            coding.form = representation
            if representation == .string, let payload = knownCases.first(where: { !$0.isPlain }) {
                diagnostics.error("representation 'string' is for plain enumerations, and subtype '\(payload.subtypeName)' of '\(owner)' has a payload; use 'internal', 'external' or 'adjacent'", at: typeCoding.location)
                coding.form = ADTCoding.Form(settings.coding.representation)
            }
        } else if isPlain && settings.coding.plainEnumerationsAsStrings {
            coding.form = .string
        }
        if let flattens = typeCoding.flattensSingleValues {
            if coding.form == .internallyTagged {
                coding.flattensSingleValues = flattens
            } else {
                diagnostics.error("'payloads=' in '%coding' places the single values of an internally tagged ADT, and '\(owner)' is coded '\(coding.form.rawValue)'; remove 'payloads=', or write representation=internal", at: typeCoding.payloadsLocation ?? typeCoding.location)
            }
        }
        if coding.form == .untagged {
            checkUntaggedCases(cases, owner: owner, typeCoding: typeCoding, annotations: annotations)
            return coding
        }
        let usesContentKey = coding.form == .adjacentlyTagged
            || coding.form == .internallyTagged && !coding.flattensSingleValues && knownCases.contains { $0.singleValueType != nil }
        if usesContentKey && coding.contentKey == coding.discriminator {
            diagnostics.error("'\(owner)' would code the case's tag and its payload under the same key \"\(coding.discriminator)\"; give 'content=' or 'discriminator=' in '%coding' another key", at: typeCoding.location ?? cases.first?.location)
        }
        var tags: [String: ADTCase] = [:]
        // Without %caseKey, tags are case names, which are already unique.
        for adtCase in knownCases where knownCases.contains(where: { $0.codingTag != nil }) {
            if let first = tags[adtCase.tag], first.name != adtCase.name {
                diagnostics.error("subtypes '\(first.subtypeName)' and '\(adtCase.subtypeName)' of '\(owner)' are both coded with the tag \"\(adtCase.tag)\"; give one of them another %caseKey name=", at: adtCase.annotation("caseKey")?.location ?? adtCase.location)
            }
            tags[adtCase.tag] = adtCase
        }
        return coding
    }

    /// `%unknownCase` on a subtype: it holds the tag and content of an unknown case, so it
    /// declares nothing itself. Returns whether the subtype is one.
    mutating func resolveUnknownCase(_ subtype: SubtypeSyntax, owner: String, alreadyFound: SubtypeSyntax?) -> Bool {
        guard let annotation = subtype.annotations.first(where: { $0.name == "unknownCase" }) else { return false }
        if let alreadyFound {
            diagnostics.error("'\(owner)' has two subtypes marked %unknownCase, '\(alreadyFound.name.text)' and '\(subtype.name.text)'; keep one", at: annotation.location)
            return false
        }
        if !subtype.attributes.isEmpty || subtype.annotations.contains(where: { $0.name == "singleAttributeSubtype" }) {
            diagnostics.error("subtype '\(subtype.name.text)' is marked %unknownCase and declares a payload; remove it: the case holds the unknown tag and its content (ValuegenRuntime's UnknownCase)", at: annotation.location)
            return false
        }
        if subtype.annotations.contains(where: { $0.name == "caseKey" }) {
            diagnostics.error("subtype '\(subtype.name.text)' is marked %unknownCase, which takes every tag the others do not; remove its %caseKey", at: annotation.location)
        }
        return true
    }

    // MARK: - Arguments

    private mutating func checkArguments(of annotation: Annotation, known: [String], place: String) {
        for argument in annotation.arguments where !known.contains(argument.key) {
            let hint = Suggestion.closest(to: argument.key, among: known).map { "; did you mean '\($0)='?" }
                ?? "; it takes \(known.map { "\($0)=" }.joined(separator: ", "))"
            diagnostics.error("'%coding' on \(place) takes no argument '\(argument.key)='\(hint)", at: argument.location ?? annotation.location)
        }
    }

    func argumentLocation(_ key: String, of annotation: Annotation) -> SourceLocation {
        annotation.arguments.first { $0.key == key }?.valueLocation ?? annotation.location
    }

    private mutating func dateStyle(of annotation: Annotation) -> DateStyle? {
        if let format = annotation["dateFormat"] {
            if annotation["dates"] != nil {
                diagnostics.error("'%coding' gives both 'dates=' and 'dateFormat='; keep one", at: annotation.location)
            }
            guard !format.isEmpty else {
                diagnostics.error("'dateFormat=' in '%coding' needs a format such as dateFormat=\"yyyy-MM-dd\"", at: argumentLocation("dateFormat", of: annotation))
                return nil
            }
            return DateStyle(.format, format: format)
        }
        guard let text = annotation["dates"] else { return nil }
        guard let kind = DateStyle.Kind(rawValue: text), kind != .format else {
            let named = DateStyle.Kind.allCases.filter { $0 != .format }.map(\.rawValue)
            let hint = Suggestion.hint(forValue: text, among: named, listing: "known styles are \(DateStyleSpelling.namedKinds), or dateFormat=\"…\" for a fixed format")
            diagnostics.error("unknown date style '\(text)' in '%coding'\(hint)", at: argumentLocation("dates", of: annotation))
            return nil
        }
        return DateStyle(kind)
    }

    private mutating func lenientFlag(of annotation: Annotation) -> Bool? {
        guard let text = annotation["lenient"] else { return nil }
        guard text == "true" || text == "false" else {
            diagnostics.error("'lenient=' in '%coding' must be true or false", at: argumentLocation("lenient", of: annotation))
            return nil
        }
        return text == "true"
    }
}
