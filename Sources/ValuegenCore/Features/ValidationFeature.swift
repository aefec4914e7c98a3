import ValuegenPluginSDK

/// `func validate() throws` for a value or an object: each `%range`, `%length`, `%nonEmpty` and
/// `%pattern` of its attributes (on the wrapped value of a non-nil optional), then the type's
/// `%check with=` function. Violations throw the nested `ValidationError`, whose description
/// names the type, the attribute and the rule: `User.age: 130 is above the maximum 120`.
/// The annotations imply the feature (`ModelResolver+Invariants.swift`); Builder's `build()`,
/// JSON's and Coding's decoders call `validate()` when the type has it.
struct ValidationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Validation", supportedKinds: [.value, .object])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if types.contains(where: { $0.attributes.contains { $0.invariants.contains { if case .pattern = $0 { true } else { false } } } }) {
            emitter.emitImport("Foundation")
        }
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name)") { body in
                body.validationError(access: access)
                body.line()
                body.line("/// Checks the schema's invariants; `init` and `with(…)` do not, `build()` and the decoders do.")
                body.line("/// - Throws: `ValidationError` naming the attribute and the rule it breaks" + (type.checkFunction.map { ", or what `\($0)(_:)` throws." } ?? "."))
                body.block("\(access)func validate() throws") { method in
                    for attribute in type.attributes where !attribute.invariants.isEmpty {
                        if attribute.type.isOptional {
                            method.block("if let value = self.\(attribute.swiftName)") { checks in
                                checks.invariantChecks(attribute, of: type, subject: "value")
                            }
                        } else {
                            method.invariantChecks(attribute, of: type, subject: "self.\(attribute.swiftName)")
                        }
                    }
                    if let check = type.checkFunction {
                        method.line("try Self.\(check)(self)")
                    }
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    /// The error `validate()` throws: the type's and attribute's names and what is wrong.
    mutating func validationError(access: String) {
        line("/// Thrown by `validate()` when an attribute breaks a rule of the schema.")
        block("\(access)struct ValidationError: Error, Equatable, CustomStringConvertible") { body in
            body.line("/// The type's name, e.g. `User`.")
            body.line("\(access)let typeName: Swift.String")
            body.line("/// The attribute's name as written in the schema.")
            body.line("\(access)let attributeName: Swift.String")
            body.line("/// What is wrong, e.g. `130 is above the maximum 120`.")
            body.line("\(access)let message: Swift.String")
            body.line()
            body.line("/// `User.age: 130 is above the maximum 120`.")
            body.block("\(access)var description: Swift.String") { property in
                property.line("typeName + \".\" + attributeName + \": \" + message")
            }
        }
    }

    /// One `if … { throw … }` per rule of the attribute, reading the value from `subject`.
    mutating func invariantChecks(_ attribute: Attribute, of type: ModelType, subject: String) {
        func fail(_ message: String) -> String {
            "throw ValidationError(typeName: \(SwiftLanguage.stringLiteral(type.name)), attributeName: \(SwiftLanguage.stringLiteral(attribute.name)), message: \(message))"
        }
        for invariant in attribute.invariants {
            switch invariant {
            case .range(let min, let max):
                if let min {
                    block("if \(subject) < \(min)") { $0.line(fail("\"\\(\(subject)) is below the minimum \(min)\"")) }
                }
                if let max {
                    block("if \(subject) > \(max)") { $0.line(fail("\"\\(\(subject)) is above the maximum \(max)\"")) }
                }
            case .length(let min, let max):
                if let min {
                    block("if \(subject).count < \(min)") { $0.line(fail("\"length \\(\(subject).count) is below the minimum \(min)\"")) }
                }
                if let max {
                    block("if \(subject).count > \(max)") { $0.line(fail("\"length \\(\(subject).count) is above the maximum \(max)\"")) }
                }
            case .nonEmpty:
                block("if \(subject).isEmpty") { $0.line(fail("\"is empty\"")) }
            case .pattern(let regex):
                // Checked when generating; anchored so that the whole string must match.
                let anchored = SwiftLanguage.stringLiteral("\\A(?:" + regex + ")\\z")
                let shown = SwiftLanguage.stringLiteral(regex).dropFirst().dropLast()
                block("if try! Foundation.NSRegularExpression(pattern: \(anchored)).firstMatch(in: \(subject), range: Foundation.NSRange(location: 0, length: \(subject).utf16.count)) == nil") {
                    $0.line(fail("Swift.String(reflecting: \(subject)) + \" does not match the pattern \\\"\(shown)\\\"\""))
                }
            }
        }
    }
}

extension CodePrinter {
    /// `do { statement } catch { handler }`: how the decoders turn `validate()`'s error into theirs.
    mutating func doCatch(_ statement: String, handler: String) {
        line("do {")
        indented { $0.line(statement) }
        line("} catch {")
        indented { $0.line(handler) }
        line("}")
    }
}
