import ValuegenPluginSDK

/// `Codable` by hand: keys from `%codingKey`, `%codingLegacyKey`s accepted when decoding,
/// schema defaults for missing keys, `nil` for missing optionals, unknown keys ignored,
/// `%transient` attributes never read nor written, date styles and lenient integers through
/// ValuegenRuntime's container extensions. An ADT is coded in its representation
/// (`CodingFeature+ADTs.swift`).
///
/// Every key is a `ValuegenCodingKey`, one struct the module support file declares once, not
/// a `CodingKeys` enum per type: the compiler builds an enum's `CodingKey`, `RawRepresentable`
/// and `Hashable` conformances in every type, which cost about as much as the whole
/// description (docs/Performance.md).
struct CodingFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Coding", aliases: ["RMCoding"], annotations: FeatureDescriptor.codingAnnotations)

    /// The module-wide key type every generated `init(from:)` and `encode(to:)` names.
    static let keyTypeName = "ValuegenCodingKey"

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name).filter { type in
            CodingRules.canCode(type, feature: descriptor.name, emitter: emitter) && CodingRules.codesIntegerKeysAlike(type, emitter: emitter)
        }
        if types.contains(where: \.codingNeedsRuntime) {
            emitter.emitImport("ValuegenRuntime")
        }
        if types.contains(where: \.codesKeys) {
            emitter.emitModuleDeclaration(Self.keyTypeDeclaration, key: "Coding: \(Self.keyTypeName)")
        }
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name): \(StandardNames.name("Codable"))") { body in
                if type.kind == .adtValue {
                    body.adtCoding(type, access: access)
                } else {
                    body.attributesCoding(type, access: access)
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }

    /// Internal at every access level: only the bodies of `init(from:)` and `encode(to:)` name
    /// it, and no two modules' copies meet.
    static var keyTypeDeclaration: String {
        var printer = CodePrinter()
        printer.line("/// The key of every member the module's generated `Codable` conformances read and write.")
        printer.block("struct \(keyTypeName): \(StandardNames.name("CodingKey")), \(StandardNames.name("Sendable"))") { key in
            key.line("let stringValue: \(StandardNames.name("String"))")
            key.line()
            key.block("var intValue: \(StandardNames.name("Int"))?") { $0.line("nil") }
            key.line()
            key.block("init(_ stringValue: \(StandardNames.name("String")))") { $0.line("self.stringValue = stringValue") }
            key.line()
            key.block("init?(stringValue: \(StandardNames.name("String")))") { $0.line("self.stringValue = stringValue") }
            key.line()
            key.block("init?(intValue: \(StandardNames.name("Int")))") { $0.line("nil") }
        }
        return printer.text
    }
}

extension CodePrinter {
    // MARK: Values and objects

    fileprivate mutating func attributesCoding(_ type: ModelType, access: String) {
        let coded = type.codedAttributes
        let initializer = type.kind == .object ? "\(access)convenience init(from decoder: any \(StandardNames.name("Decoder"))) throws" : "\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws"
        block(initializer) { method in
            if coded.isEmpty {
                method.line("_ = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                method.decodingCall("self.init", type.attributes, container: nil)
            } else {
                method.line("let container = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                method.decodingCall("self.init", type.attributes, container: "container")
            }
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            if coded.isEmpty {
                method.line("_ = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            } else {
                method.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            }
            for attribute in coded {
                method.encode(attribute.swiftName, attribute, container: "container")
            }
        }
        if coded.contains(where: \.needsMissingValueError) {
            line()
            missingValueHelper()
        }
    }

    // MARK: Shared pieces

    /// A broken invariant is data corrupted at the value's coding path, the `ValidationError`
    /// its underlying error. The type is named where a type is expected: an attribute `Swift`
    /// would hide the module in an expression.
    mutating func codingValidation(of type: ModelType) {
        validation(of: type, rethrowing: [
            "let corrupted: \(StandardNames.qualifiedName("DecodingError")) = .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: \"\\(error)\", underlyingError: error))",
            "throw corrupted",
        ])
    }

    /// `ValuegenCodingKey("user_id")`: the key named `name` in the JSON (or any coder's) object.
    static func codingKey(_ name: String) -> String {
        "\(CodingFeature.keyTypeName)(\(SwiftLanguage.stringLiteral(name)))"
    }

    /// `call(a: try container.decode(...), ...)`, one argument per line; a `%transient`
    /// attribute gets its default. `container` is nil when no attribute is read.
    mutating func decodingCall(_ call: String, _ attributes: [Attribute], container: String?) {
        let arguments = attributes.map { attribute in
            let value = attribute.isTransient || container == nil ? attribute.transientValue : attribute.decodeExpression(container: container!)
            return "\(SwiftLanguage.argumentLabel(attribute.name)): \(value)"
        }
        if arguments.isEmpty {
            line("\(call)()")
            return
        }
        line("\(call)(")
        indented { list in
            for (index, argument) in arguments.enumerated() {
                list.line(argument + (index < arguments.count - 1 ? "," : ""))
            }
        }
        line(")")
    }

    mutating func encode(_ value: String, _ attribute: Attribute, container: String) {
        if attribute.writesExplicitNil {
            // nil is written (a missing key reads as the default, which is not nil).
            let key = Self.codingKey(attribute.codingKey)
            branches([("let present = \(value)", { body in
                body.line("try \(container).encode\(attribute.containerMethodSuffix)(present, forKey: \(key)\(attribute.codableStyleArgument))")
            })], otherwise: { null in
                null.line("try \(container).encodeNil(forKey: \(key))")
            })
            return
        }
        let method = "encode" + attribute.containerMethodSuffix + (attribute.type.isOptional ? "IfPresent" : "")
        line("try \(container).\(method)(\(value), forKey: \(Self.codingKey(attribute.codingKey))\(attribute.codableStyleArgument))")
    }

    mutating func missingValueHelper() {
        line("/// The error for a required attribute found under none of its keys.")
        block("private static func valueMissing<Key: \(StandardNames.name("CodingKey")), Value>(_ key: Key, in container: \(StandardNames.name("KeyedDecodingContainer"))<Key>) throws -> Value") { method in
            method.line("throw \(StandardNames.name("DecodingError")).keyNotFound(key, \(StandardNames.name("DecodingError")).Context(codingPath: container.codingPath, debugDescription: \"No value for '\\(key.stringValue)' or its legacy keys.\"))")
        }
    }
}

extension Attribute {
    /// `, style: .secondsSince1970` for a date with a style: ValuegenRuntime's container
    /// extensions code it so, whatever the coder's own date strategy.
    var codableStyleArgument: String {
        codingRules.dateStyle.map { ", style: \($0.runtimeExpression)" } ?? ""
    }

    /// What ValuegenRuntime's container extension a value is coded through adds to the name
    /// of `decode`, `encode` and their `IfPresent` variants: `Lenient` for an integer that
    /// may come as a string (decoding only), `IntegerKeyed` for a dictionary keyed by an
    /// integer type Foundation writes as an array (`[Int64: T]`).
    var containerMethodSuffix: String {
        type.isKeyedByOtherIntegers ? "IntegerKeyed" : ""
    }

    /// `try container.decode(Int.self, forKey: ValuegenCodingKey("userId"))`, or a chain of `decodeIfPresent`
    /// over the primary and legacy keys ending in the default, `nil` or the missing-value error.
    fileprivate func decodeExpression(container: String) -> String {
        let valueType = type.wrapped
        let lenient = codingRules.acceptsIntegerStrings ? "Lenient" : containerMethodSuffix
        let style = codableStyleArgument
        if decodesStrictly {
            return "try \(container).decode\(lenient)(\(valueType).self, forKey: \(CodePrinter.codingKey(codingKey))\(style))"
        }
        if writesExplicitNil, let fallback = defaultFallback {
            // A key that is there gives its value or nil (null); only a missing one the default.
            let present = ([codingKey] + legacyCodingKeys).map { key in
                "\(container).contains(\(CodePrinter.codingKey(key))) ? \(container).decode\(lenient)IfPresent(\(valueType).self, forKey: \(CodePrinter.codingKey(key))\(style)) : "
            }
            return "try " + present.joined() + fallback
        }
        var attempts: [String] = []
        for key in [codingKey] + legacyCodingKeys {
            attempts.append("\(container).decode\(lenient)IfPresent(\(valueType).self, forKey: \(CodePrinter.codingKey(key))\(style))")
        }
        if let fallback = defaultFallback {
            attempts.append(fallback)
        } else if needsMissingValueError {
            attempts.append("Self.valueMissing(\(CodePrinter.codingKey(codingKey)), in: \(container))")
        }
        return "try " + attempts.joined(separator: " ?? ")
    }
}
