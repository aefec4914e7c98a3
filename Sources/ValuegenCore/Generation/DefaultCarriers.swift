import ValuegenPluginSDK

/// Where swiftc reports a default that is a Swift expression: at the schema's line.
///
/// Valuegen checks a literal default against its attribute's type (DefaultValueCheck), but an
/// expression (`width: Int = Int("640")`, `createdAt: Date = Date()`) only swiftc can judge.
/// Copied where it is used — the initializer's parameter list, a builder's variable, a
/// decoder's fallback — its errors would be reported once per copy, in the generated file, and
/// a `#sourceLocation` cannot stand inside a parameter list. So the built-in features name a
/// computed static property instead, whose body is the expression alone, under
/// `#sourceLocation` and at the column it has in the schema:
///
///     @usableFromInline static var _widthDefault: Int {
///     #sourceLocation(file: "Models/Block.value", line: 3)
///                      Int("640")
///     #sourceLocation()
///     }
///
/// swiftc then reports `Models/Block.value:3:18: error: …`, once: the schema's path as valuegen
/// was given it (absolute from the build-tool plugin, as typed from the command line), which
/// terminals and editors open, as they do the paths of valuegen's own diagnostics. The property is computed, so the
/// expression is evaluated at each use, as a default argument is. Plugins get the schema's
/// text unchanged; a literal, and a default a type has from a schema protocol (written in
/// another place than the type's attribute), stay as they are.
struct DefaultCarriers {
    private struct Carrier {
        var typeName: String
        var attributeType: String
        var name: String
        /// `width`, or `photo(caption:)` for a case's payload.
        var attributeName: String
        var expression: String
        var location: SourceLocation
    }

    private var carriers: [Carrier] = []
    /// The carrier's name of each attribute that has one, by `Type.attribute` or `Type.case.attribute`.
    private var names: [String: String] = [:]
    private let schemaPath: String

    init(_ request: GenerationRequest, source: SchemaSource) {
        schemaPath = request.file.path
        for type in request.types {
            for attribute in type.attributes {
                add(attribute, of: type.name, key: "\(type.name).\(attribute.name)", name: "_\(attribute.name)Default", shownAs: attribute.name, source: source)
            }
            for adtCase in type.cases {
                for attribute in adtCase.attributes {
                    let name = "_\(adtCase.name)\(attribute.name.prefix(1).uppercased())\(attribute.name.dropFirst())Default"
                    add(attribute, of: type.name, key: "\(type.name).\(adtCase.name).\(attribute.name)", name: name, shownAs: "\(adtCase.name)(\(attribute.name):)", source: source)
                }
            }
        }
    }

    private mutating func add(_ attribute: Attribute, of typeName: String, key: String, name: String, shownAs: String, source: SchemaSource) {
        guard attribute.protocolName == nil, let text = attribute.defaultValue, case .expression = DefaultLiteral(text),
              let location = source.location(ofText: text, onLineOf: attribute.location) else { return }
        carriers.append(Carrier(typeName: typeName, attributeType: attribute.type.swift, name: name, attributeName: shownAs, expression: text, location: location))
        names[key] = name
    }

    /// The request the built-in features get: each carried default names its carrier.
    func apply(to request: GenerationRequest) -> GenerationRequest {
        guard !carriers.isEmpty else { return request }
        var request = request
        for typeIndex in request.types.indices {
            let typeName = request.types[typeIndex].name
            for index in request.types[typeIndex].attributes.indices {
                let attribute = request.types[typeIndex].attributes[index]
                if let name = names["\(typeName).\(attribute.name)"] {
                    request.types[typeIndex].attributes[index].defaultValue = "\(typeName).\(name)"
                }
            }
            for caseIndex in request.types[typeIndex].cases.indices {
                let caseName = request.types[typeIndex].cases[caseIndex].name
                for index in request.types[typeIndex].cases[caseIndex].attributes.indices {
                    let attribute = request.types[typeIndex].cases[caseIndex].attributes[index]
                    if let name = names["\(typeName).\(caseName).\(attribute.name)"] {
                        request.types[typeIndex].cases[caseIndex].attributes[index].defaultValue = "\(typeName).\(name)"
                    }
                }
            }
        }
        return request
    }

    /// The carriers of every type that has some, as code attached to the type.
    func contribution(access: AccessLevel) -> ContributionCollector? {
        guard !carriers.isEmpty else { return nil }
        let collector = ContributionCollector(featureName: "Defaults")
        // Seen from a public or package initializer's default argument, an internal property
        // must be usable from inlinable code.
        let attribute = access == .internal ? "" : "@usableFromInline "
        var typeNames: [String] = []
        for carrier in carriers where !typeNames.contains(carrier.typeName) {
            typeNames.append(carrier.typeName)
        }
        for typeName in typeNames {
            // Written out rather than printed: the directives and the expression stand at
            // columns of their own, not at the printer's indentation.
            var code = "extension \(typeName) {\n"
            for carrier in carriers where carrier.typeName == typeName {
                if code.hasSuffix("}\n") { code += "\n" }
                code += "    /// The default of `\(carrier.attributeName)`, where swiftc reports its errors at the schema's line.\n"
                code += "    \(attribute)static var \(carrier.name): \(carrier.attributeType) {\n"
                code += "#sourceLocation(file: \(SwiftLanguage.stringLiteral(schemaPath)), line: \(carrier.location.line))\n"
                code += String(repeating: " ", count: max(0, carrier.location.column - 1)) + carrier.expression + "\n"
                code += "#sourceLocation()\n"
                code += "    }\n"
            }
            code += "}\n"
            collector.emitDeclaration(code, attachedTo: typeName)
        }
        return collector
    }
}
