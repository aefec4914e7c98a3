import ValuegenPluginSDK

// A model type's line of a self-describing document's layout (docs/BinaryFormat.md,
// "Self-describing documents"): how its binary coding numbers its fields or cases, by name,
// which Persistence writes in front of what it saves so that a later schema reads it by name.

extension CodePrinter {
    /// `static var binaryLayout`: the type's line, and the model types it names.
    mutating func binaryLayout(_ type: ModelType, access: String) {
        let layout = BinaryLayoutLine(type)
        let nested = layout.nestedModels.map { "\($0).self" }
        let arguments = [SwiftLanguage.stringLiteral(layout.text)] + (nested.isEmpty ? [] : ["nested: [\(nested.joined(separator: ", "))]"])
        block("\(access)static var binaryLayout: \(StandardNames.name("BinaryModelLayout"))") { body in
            body.line("\(StandardNames.name("BinaryModelLayout"))(\(arguments.joined(separator: ", ")))")
        }
    }
}

/// The text of a type's layout line, and the types it names that may be models.
struct BinaryLayoutLine {
    private(set) var text = ""
    private(set) var nestedModels: [String] = []
    private let typeName: String

    init(_ type: ModelType) {
        self.typeName = type.name
        var body: String
        if type.kind != .adtValue {
            body = fields(type.attributes)
        } else {
            let cases = type.cases.enumerated().filter { !$0.element.isUnknownCase(of: type) }.map { index, adtCase in
                caseEntry(number: index + 1, adtCase)
            }
            body = (type.isPlainEnumeration ? "enum " : type.unknownCase == nil ? "adt " : "adt unknown ") + cases.joined(separator: "; ")
        }
        text = body.isEmpty ? "\(type.name) =" : "\(type.name) = \(body)"
    }

    private mutating func caseEntry(number: Int, _ adtCase: ADTCase) -> String {
        if let single = adtCase.singleValueType {
            return "\(number) \(adtCase.name) \(spelling(single))"
        }
        if !adtCase.attributes.isEmpty {
            return "\(number) \(adtCase.name) { \(fields(adtCase.attributes)) }"
        }
        return "\(number) \(adtCase.name)"
    }

    /// `1 title String; 2 body/text String?`: number, name and former names (legacy coding
    /// keys that are names), type; `%transient` attributes are never written, so not here.
    private mutating func fields(_ attributes: [Attribute]) -> String {
        var entries: [String] = []
        for (index, attribute) in attributes.enumerated() where !attribute.isTransient {
            let number = attribute.binaryFieldNumber(position: index) ?? index + 1
            let formerNames = attribute.legacyCodingKeys.filter { $0 != attribute.name && SwiftLanguage.isIdentifier($0) }
            entries.append("\(number) \(([attribute.name] + formerNames).joined(separator: "/")) \(spelling(attribute.type))")
        }
        return entries.joined(separator: "; ")
    }

    private mutating func spelling(_ type: TypeReference) -> String {
        guard let syntax = type.syntax else {
            return type.swift.filter { $0 != " " }
        }
        return spelling(syntax)
    }

    /// Sugared and without spaces: `[String:User]`, `Set<Int>`, `URL?`. Each name without
    /// generic arguments that is not a standard type may be a model's, so it goes in the list
    /// of nested types, whose layouts the runtime takes from those that are models.
    private mutating func spelling(_ syntax: SwiftTypeSyntax) -> String {
        switch syntax {
        case .named(let name, let arguments):
            var spellings: [String] = []
            for argument in arguments {
                spellings.append(spelling(argument))
            }
            switch (name, spellings.count) {
            case ("Array", 1), ("Swift.Array", 1): return "[\(spellings[0])]"
            case ("Optional", 1), ("Swift.Optional", 1): return "\(spellings[0])?"
            case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(spellings[0]):\(spellings[1])]"
            case ("Set", 1), ("Swift.Set", 1): return "Set<\(spellings[0])>"
            case (_, 0):
                if name != typeName, !Self.standardNames.contains(name), !nestedModels.contains(name) {
                    nestedModels.append(name)
                }
                return name
            default: return "\(name)<\(spellings.joined(separator: ","))>"
            }
        case .optional(let wrapped): return spelling(wrapped) + "?"
        case .array(let element): return "[\(spelling(element))]"
        case .dictionary(let key, let value):
            let keySpelling = spelling(key)
            return "[\(keySpelling):\(spelling(value))]"
        case .existential(let constraint): return "any " + spelling(constraint)
        }
    }

    /// Types of the standard library and Foundation that a schema names most, which are
    /// never models (a `%type` of the same name is not one either).
    private static let standardNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Bool", "Double", "Float", "CGFloat", "TimeInterval", "String", "Character", "Date", "Data", "URL", "UUID", "Decimal",
    ]
}
