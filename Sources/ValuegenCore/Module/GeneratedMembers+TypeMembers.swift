import ValuegenPluginSDK

extension GeneratedMembers {
    /// The members a built-in feature declares in the type itself, by base name (`validate` for
    /// `func validate()`), for the members plugins declare (`FeatureDescriptor.generatedMemberNames`,
    /// `valuegen_plugin.member_names`): a plugin's member of the same base name makes swiftc
    /// report an invalid redeclaration or an ambiguous use (`validate() throws` beside a plugin's
    /// `validate() -> [String]`) inside a generated file. A plugin declares base names only, so
    /// methods with arguments count too. Nothing for the features that add no member to the type
    /// (ADT, Object, Sendable, Persistence's protocol extension methods) and for plugins.
    static func typeMembers(of feature: String, for type: ModelType) -> [GeneratedName] {
        let isADT = type.kind == .adtValue
        switch builtInName(feature) {
        case "Value":
            return of("Value", for: type).attributeNames
        case "Observation":
            return ["Change", "ObserverToken", "ChangeObservers"].map { nestedType($0, in: type) }
                + [member("onWillChange", "'func onWillChange(_:)'"), member("onDidChange", "'func onDidChange(_:)'"),
                   member("removeObserver", "'func removeObserver(_:)'"), member("_changeObservers", "'private let _changeObservers'"),
                   member("_observationRegistrar", "'private let _observationRegistrar'")]
        case "Equality":
            return [member("hash", "'func hash(into:)' of Hashable"), member("hashValue", "'var hashValue' of Hashable")]
        case "Description":
            return [member("description", "'var description'")]
        case "With":
            return [member("with", "the 'with(…)' methods"), member(WithFeature.helperName, "'private func \(WithFeature.helperName)(…)'")]
        case "Validation":
            return [member("validate", "'func validate()'"), nestedType("ValidationError", in: type)] + of("Validation", for: type).caseNames
        case "Builder":
            return [member("builder", "'static func builder()'"), member("toBuilder", "'func toBuilder()'")]
        case "Coding", "JSON":
            return [member("encode", "'func encode(to:)'")]
        case "Binary":
            return [member("encode", "'func encode(to:)'"), member("binaryWireType", "'static var binaryWireType'"), member("binaryLayout", "'static var binaryLayout'")]
        case "Dictionary":
            let propertyList = member("propertyListValue", "'var propertyListValue'")
            return isADT ? [propertyList] : [member("dictionaryRepresentation", "'var dictionaryRepresentation'"), propertyList]
        case "Diffing":
            return isADT
                ? [nestedType("Attribute", in: type), nestedType("Difference", in: type), member("difference", "'func difference(from:)'")]
                : [nestedType("Attribute", in: type), member("changedAttributes", "'func changedAttributes(from:)'")]
        case "Matching":
            return [member("match", "'func match(…)'")]
        case "Undo":
            return [member("recordChanges", "'func recordChanges(in:)'")]
        default:
            return []
        }
    }

    /// The built-in feature an include names: `valuegen.Validation` is always the built-in,
    /// even where a plugin took `Validation`.
    static func builtInName(_ include: String) -> String {
        let prefix = FeatureRegistry.reservedPrefix
        return include.hasPrefix(prefix) ? String(include.dropFirst(prefix.count)) : include
    }

    private static func member(_ name: String, _ spelling: String) -> GeneratedName {
        GeneratedName(name: name, spelling: spelling)
    }

    private static func nestedType(_ name: String, in type: ModelType) -> GeneratedName {
        GeneratedName(name: name, spelling: "the type '\(type.name).\(name)'")
    }
}
