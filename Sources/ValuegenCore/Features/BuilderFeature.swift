import ValuegenPluginSDK

/// `UserBuilder`: a mutable variable per attribute (schema defaults filled in), `build()` that
/// throws when a required attribute was never set, `User.builder()` and `user.toBuilder()`.
///
/// Every builder's `MissingAttributeError` is a typealias of one error type the module support
/// file declares once (`ValuegenMissingAttributeError`): a nested error type per builder, with
/// its three conformances, was a third of what the builders cost the compiler
/// (docs/Performance.md).
struct BuilderFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Builder", aliases: ["RMBuilder"], supportedKinds: [.value, .object])

    /// The module-wide error type every builder's `MissingAttributeError` names.
    static let errorTypeName = "ValuegenMissingAttributeError"

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if !types.isEmpty {
            emitter.emitModuleDeclaration(Self.errorTypeDeclaration, key: "Builder: \(Self.errorTypeName)")
        }
        for type in types {
            // A type already named like the builder is reported by the module stage (GeneratedMembers).
            let builder = type.name + "Builder"
            var printer = CodePrinter()
            printer.line("/// Builds instances of `\(type.name)` one attribute at a time.")
            printer.block("\(access)struct \(builder)") { body in
                body.line("/// Thrown by `build()` when a required attribute was never set.")
                body.line("\(access)typealias MissingAttributeError = \(Self.errorTypeName)")
                body.line()
                for attribute in type.attributes {
                    body.docComment(attribute.comments)
                    body.line("\(access)var \(attribute.swiftName): \(attribute.builderStorage)")
                }
                if !type.attributes.isEmpty {
                    body.line()
                }
                body.line("\(access)init() {}")
                body.line()
                body.line("/// The `\(type.name)` with the attributes set so far.")
                let validates = type.includes("Validation")
                body.line("/// - Throws: `MissingAttributeError` when a required attribute was never set" + (validates ? "; what `validate()` throws." : "."))
                body.block("\(access)func build() throws -> \(type.name)") { method in
                    for attribute in type.attributes where attribute.isRequiredInBuilder {
                        method.block("guard let \(attribute.swiftName) = self.\(attribute.swiftName) else") { guardBody in
                            guardBody.line("throw MissingAttributeError(typeName: \(SwiftLanguage.stringLiteral(type.name)), attributeName: \(SwiftLanguage.stringLiteral(attribute.name)))")
                        }
                    }
                    guard validates else {
                        method.parameterList(opening: "return \(type.name)(", type.initializerArguments(), closing: ")")
                        return
                    }
                    // The schema's invariants hold for whatever the builder makes.
                    // Named apart from the attributes, which build() binds to locals.
                    let names = Set(type.attributes.map(\.swiftName))
                    var built = "built"
                    while names.contains(built) {
                        built += "_"
                    }
                    method.parameterList(opening: "let \(built) = \(type.name)(", type.initializerArguments(), closing: ")")
                    method.line("try \(built).validate()")
                    method.line("return \(built)")
                }
            }
            printer.line()
            printer.block("extension \(type.name)") { body in
                body.line("/// A builder with nothing set but the schema's defaults.")
                body.block("\(access)static func builder() -> \(builder)") { method in
                    method.line("\(builder)()")
                }
                body.line()
                body.line("/// A builder holding this `\(type.name)`'s attributes.")
                body.block("\(access)func toBuilder() -> \(builder)") { method in
                    method.line("var builder = \(builder)()")
                    for attribute in type.attributes {
                        method.line("builder.\(attribute.swiftName) = \(attribute.swiftName)")
                    }
                    method.line("return builder")
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension Attribute {
    /// Required: not optional and without a default, so `build()` needs it set.
    var isRequiredInBuilder: Bool {
        !type.isOptional && defaultValue == nil
    }

    /// `String?` for a required attribute, `URL?` for an optional one, `String = "00000"`
    /// for one with a default.
    var builderStorage: String {
        if let defaultValue {
            return "\(type.swift) = \(defaultValue)"
        }
        return type.isOptional ? type.swift : (type.isExistential ? "(\(type.swift))?" : "\(type.swift)?")
    }
}

extension BuilderFeature {
    /// The error type, in the module support file: public whatever the configured access level,
    /// since a public builder's `MissingAttributeError` names it, so that schema files of every
    /// access level share the one declaration.
    static var errorTypeDeclaration: String {
        var printer = CodePrinter()
        printer.line("/// Thrown by a builder's `build()` when a required attribute was never set: the")
        printer.line("/// `MissingAttributeError` of every builder of the module (`UserBuilder.MissingAttributeError`).")
        printer.block("public struct \(errorTypeName): \(StandardNames.name("Error")), \(StandardNames.name("Equatable")), \(StandardNames.name("CustomStringConvertible"))") { error in
            error.line("/// The name of the type the builder builds.")
            error.line("public let typeName: \(StandardNames.name("String"))")
            error.line("/// The name of the attribute, as the schema spells it.")
            error.line("public let attributeName: \(StandardNames.name("String"))")
            error.line()
            error.block("public var description: \(StandardNames.name("String"))") { getter in
                getter.line("\"cannot build \\(typeName): required attribute '\\(attributeName)' was never set\"")
            }
        }
        return printer.text
    }
}
