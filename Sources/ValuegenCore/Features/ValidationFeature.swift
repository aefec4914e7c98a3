import ValuegenPluginSDK

/// `func validate() throws`: each `%range`, `%length`, `%nonEmpty` and `%pattern` of the
/// attributes (on the wrapped value of a non-nil optional) — of a value's or an object's, or of
/// the payload of an ADT's case — then the type's `%check with=` function. Violations throw the
/// nested `ValidationError`, whose description names the type, the case of an ADT, the
/// attribute and the rule: `User.age: 130 is above the maximum 120`,
/// `Shape.circle.radius: -1 is below the minimum 0`. Each `%pattern` is compiled once, into a
/// `private static let` of the type.
/// The annotations imply the feature (`ModelResolver+Invariants.swift`); Builder's `build()` and
/// every decoder (JSON, Coding, Binary, Dictionary) call `validate()` when the type has it.
///
/// The code names no module in an expression (`Swift.String(…)`): an attribute named `Swift` or
/// `Foundation` would hide it. Types are named where a type is expected, and `.init` builds the
/// rest.
struct ValidationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Validation", annotations: Invariant.annotationNames)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if types.contains(where: { !$0.patternProperties.isEmpty }) {
            emitter.emitImport("Foundation")
        }
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name)") { body in
                body.validationError(access: access, hasCases: type.kind == .adtValue)
                let patterns = type.patternProperties
                if !patterns.isEmpty {
                    body.line()
                }
                for pattern in patterns {
                    // Checked when generating; anchored so that the whole string must match.
                    let anchored = SwiftLanguage.stringLiteral("\\A(?:" + pattern.regex + ")\\z")
                    body.line("private static let \(pattern.name): \(StandardNames.qualifiedName("NSRegularExpression")) = try! .init(pattern: \(anchored))")
                }
                body.line()
                let unchecked = type.kind == .adtValue ? "making a case does not, the decoders do" : "`init` and `with(…)` do not, `build()` and the decoders do"
                body.line("/// Checks the schema's invariants; \(unchecked).")
                body.line("/// - Throws: `ValidationError` naming the attribute and the rule it breaks" + (type.checkFunction.map { ", or what `\($0)(_:)` throws." } ?? "."))
                body.block("\(access)func validate() throws") { method in
                    var rules = RulePrinter(typeName: type.name, patterns: patterns)
                    if type.kind == .adtValue {
                        method.caseChecks(type, rules: &rules)
                    } else {
                        for attribute in type.attributes {
                            method.attributeChecks(attribute, subject: "self.\(attribute.swiftName)", caseName: nil, rules: &rules)
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

/// Writes the `if … { throw … }` of each rule, taking the static property of each `%pattern`
/// in the order `ModelType.patternProperties` lists them.
private struct RulePrinter {
    let typeName: String
    var patterns: ArraySlice<PatternProperty>

    init(typeName: String, patterns: [PatternProperty]) {
        self.typeName = typeName
        self.patterns = patterns[...]
    }

    mutating func checks(_ attribute: Attribute, subject: String, caseName: String?, into printer: inout CodePrinter) {
        let place = caseName.map { "caseName: \(SwiftLanguage.stringLiteral($0)), " } ?? ""
        func fail(_ message: String) -> String {
            "throw ValidationError(typeName: \(SwiftLanguage.stringLiteral(typeName)), \(place)attributeName: \(SwiftLanguage.stringLiteral(attribute.name)), message: \(message))"
        }
        for invariant in attribute.invariants {
            switch invariant {
            case .range(let min, let max):
                if let min {
                    printer.block("if \(subject) < \(min)") { $0.line(fail("\"\\(\(subject)) is below the minimum \(min)\"")) }
                }
                if let max {
                    printer.block("if \(subject) > \(max)") { $0.line(fail("\"\\(\(subject)) is above the maximum \(max)\"")) }
                }
            case .length(let min, let max):
                // A string's `count` walks every Character (grapheme breaking, some 20
                // instructions a character): a minimum walks `min` Characters at most, and a
                // maximum counts only a string of more than `max` UTF-8 bytes, since a string
                // never has more Characters than bytes. A collection's `count` is constant time.
                let isString = attribute.type.wrapped == "String" || attribute.type.wrapped == "Swift.String"
                if let min {
                    let test = isString
                        ? "if \(subject).index(\(subject).startIndex, offsetBy: \(min), limitedBy: \(subject).endIndex) == nil"
                        : "if \(subject).count < \(min)"
                    printer.block(test) { $0.line(fail("\"length \\(\(subject).count) is below the minimum \(min)\"")) }
                }
                if let max {
                    let test = isString ? "if \(subject).utf8.count > \(max), \(subject).count > \(max)" : "if \(subject).count > \(max)"
                    printer.block(test) { $0.line(fail("\"length \\(\(subject).count) is above the maximum \(max)\"")) }
                }
            case .nonEmpty:
                printer.block("if \(subject).isEmpty") { $0.line(fail("\"is empty\"")) }
            case .pattern(let regex):
                let property = patterns.removeFirst()
                let shown = SwiftLanguage.stringLiteral(regex).dropFirst().dropLast()
                printer.block("if Self.\(property.name).firstMatch(in: \(subject), range: .init(location: 0, length: \(subject).utf16.count)) == nil") {
                    $0.line(fail("\(subject).debugDescription + \" does not match the pattern \\\"\(shown)\\\"\""))
                }
            }
        }
    }
}

private extension CodePrinter {
    /// The error `validate()` throws: the type's, the case's (in an ADT) and the attribute's
    /// names and what is wrong.
    mutating func validationError(access: String, hasCases: Bool) {
        let example = hasCases ? "Shape.circle.radius: -1 is below the minimum 0" : "User.age: 130 is above the maximum 120"
        line("/// Thrown by `validate()` when an attribute breaks a rule of the schema.")
        block("\(access)struct ValidationError: \(StandardNames.name("Error")), \(StandardNames.name("Equatable")), \(StandardNames.name("CustomStringConvertible"))") { body in
            body.line("/// The type's name, e.g. `\(hasCases ? "Shape" : "User")`.")
            body.line("\(access)let typeName: \(StandardNames.qualifiedName("String"))")
            if hasCases {
                body.line("/// The case whose payload the attribute is, e.g. `circle`.")
                body.line("\(access)let caseName: \(StandardNames.qualifiedName("String"))")
            }
            body.line("/// The attribute's name as written in the schema.")
            body.line("\(access)let attributeName: \(StandardNames.qualifiedName("String"))")
            body.line("/// What is wrong, e.g. `\(example.split(separator: ":", maxSplits: 1)[1].dropFirst())`.")
            body.line("\(access)let message: \(StandardNames.qualifiedName("String"))")
            body.line()
            body.line("/// `\(example)`.")
            body.block("\(access)var description: \(StandardNames.qualifiedName("String"))") { property in
                property.line(hasCases ? "\"\\(typeName).\\(caseName).\\(attributeName): \\(message)\"" : "\"\\(typeName).\\(attributeName): \\(message)\"")
            }
        }
    }

    /// The rules of one attribute read from `subject`; of the wrapped value, when it is not nil,
    /// of an optional.
    mutating func attributeChecks(_ attribute: Attribute, subject: String, caseName: String?, rules: inout RulePrinter) {
        guard !attribute.invariants.isEmpty else { return }
        if attribute.type.isOptional {
            block("if let value = \(subject)") { rules.checks(attribute, subject: "value", caseName: caseName, into: &$0) }
        } else {
            rules.checks(attribute, subject: subject, caseName: caseName, into: &self)
        }
    }

    /// `switch self` over the cases whose payload has rules, each binding only the values it
    /// checks; the other cases have nothing to check.
    mutating func caseChecks(_ type: ModelType, rules: inout RulePrinter) {
        let checked = type.casesWithRules
        guard !checked.isEmpty else { return }
        line("switch self {")
        for adtCase in checked {
            line("case \(adtCase.bindingPattern { !$0.invariants.isEmpty }):")
            indented { body in
                for attribute in adtCase.attributes {
                    body.attributeChecks(attribute, subject: attribute.swiftName, caseName: adtCase.name, rules: &rules)
                }
            }
        }
        if checked.count < type.cases.count {
            line("default:")
            indented { $0.line("break") }
        }
        line("}")
    }
}

extension CodePrinter {
    /// When the type validates, `do { try self.validate() } catch { … }` after a decoder made
    /// the value: `rethrowing` are the lines that turn `validate()`'s `error` into the decoder's.
    mutating func validation(of type: ModelType, rethrowing: [String]) {
        guard type.includes("Validation") else { return }
        line("do {")
        indented { $0.line("try self.validate()") }
        line("} catch {")
        indented { handler in
            for statement in rethrowing {
                handler.line(statement)
            }
        }
        line("}")
    }

    /// JSON's and Binary's decoders: the reader's error at the value, which carries where the
    /// value is (JSON's `$.members[1]`, Binary's field path `$.1.2`).
    mutating func readerValidation(of type: ModelType) {
        validation(of: type, rethrowing: ["throw reader.error(\"\\(error)\")"])
    }
}
