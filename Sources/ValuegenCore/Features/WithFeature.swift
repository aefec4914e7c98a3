import ValuegenPluginSDK

/// `with(name:)` for each attribute: a copy with that one attribute replaced.
///
/// With more than one attribute, every method goes through one private helper that calls the
/// memberwise initializer, kept out of line: the optimizer then inlines the initializer once
/// per type instead of once per method, which was most of what these methods cost a release
/// build (docs/Performance.md). How a method reaches the helper depends on the type's size:
///
/// - below ``replacementThreshold`` attributes, it passes every attribute under its own name
///   (`withAttributes(userId, nickname, …)`), which compiles fastest there;
/// - from it on, it passes only the one replacement (`withAttributes(.nickname(nickname))`),
///   a case of a private enum with one case per attribute, and the helper copies the
///   attributes into locals, switches once and calls the initializer once. Passing every
///   attribute from every method writes text that grows with the square of the attributes
///   (4,000 attributes wrote 300 MB); this form grows with their number.
///
/// The public methods are the same in both forms.
struct WithFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("With", supportedKinds: [.value, .object])

    /// The private helper every `with(…)` calls: static in the small form, so that it collides
    /// with no attribute; an instance method with one argument in the large form, which an
    /// attribute of that name does not collide with either.
    static let helperName = "withAttributes"
    /// The private enum of the large form: one case per attribute, holding its new value.
    static let replacementTypeName = "WithReplacement"
    /// The number of attributes from which the methods pass one replacement instead of every
    /// attribute. Counted in compiler instructions over the bare declarations (docs/Performance.md):
    /// at 9 attributes both forms cost the same; below, passing every attribute costs less (the
    /// replacement 1.6× as much at 5 attributes and 2.7× at 2, in a debug build); above, the
    /// replacement does (0.70× at 14 attributes, 0.39× at 30 in a debug build; 0.87× and 0.64×
    /// in a release build).
    static let replacementThreshold = 10

    /// The most attributes whose replacement one `switch` applies. Over about 620 cases swiftc
    /// 6.3 gives up proving a switch exhaustive (an error: "the compiler is unable to check that
    /// this switch is exhaustive in reasonable time"; 600 passed, 650 failed). Wider types test
    /// each case with `if case`, which is checked one statement at a time but costs more to
    /// compile (at 30 attributes 8 % more instructions in a debug build, 14 % in a release
    /// build), so only where the switch cannot go, with a margin for other compilers.
    static let switchLimit = 256

    /// Whether the type's methods pass one replacement rather than every attribute.
    static func passesReplacement(_ type: ModelType) -> Bool {
        type.attributes.count >= replacementThreshold
    }

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) where !type.attributes.isEmpty {
            var printer = CodePrinter()
            let copy = type.kind == .object ? "A new object with the attributes of this one" : "A copy of this value"
            printer.block("extension \(type.name)") { body in
                for (index, attribute) in type.attributes.enumerated() {
                    if index > 0 {
                        body.line()
                    }
                    body.line("/// \(copy), except `\(attribute.name)`.")
                    body.block("\(access)func with(\(attribute.swiftName): \(attribute.type.parameterType)) -> \(type.name)") { method in
                        Self.printCall(replacing: attribute, of: type, into: &method)
                    }
                }
                if Self.passesReplacement(type) {
                    body.line()
                    Self.printReplacementHelper(of: type, into: &body)
                } else if type.attributes.count > 1 {
                    body.line()
                    Self.printPositionalHelper(of: type, into: &body)
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }

    /// The body of `with(name:)`.
    private static func printCall(replacing attribute: Attribute, of type: ModelType, into method: inout CodePrinter) {
        if passesReplacement(type) {
            method.line("\(helperName)(.\(attribute.swiftName)(\(attribute.swiftName)))")
        } else if type.attributes.count > 1 {
            // Every attribute passed through under its own name, the new value among them.
            method.parameterList(opening: "\(type.name).\(helperName)(", type.attributes.map(\.swiftName), closing: ")")
        } else {
            method.parameterList(opening: "\(type.name)(", type.initializerArguments(), closing: ")")
        }
    }

    /// The small form's helper: the attributes in, the initializer called with them.
    private static func printPositionalHelper(of type: ModelType, into body: inout CodePrinter) {
        body.line("/// The copy every `with(…)` returns, made in one place out of line.")
        body.line("@inline(never)")
        let parameters = type.attributes.map { "_ \($0.swiftName): \($0.type.parameterType)" }
        body.parameterList(opening: "private static func \(helperName)(", parameters, closing: ") -> \(type.name) {")
        body.indented { method in
            method.parameterList(opening: "\(type.name)(", type.initializerArguments(), closing: ")")
        }
        body.line("}")
    }

    /// The large form: the enum of replacements, and the helper that applies one.
    private static func printReplacementHelper(of type: ModelType, into body: inout CodePrinter) {
        body.line("/// The attribute a `with(…)` replaces, and its new value.")
        body.block("private enum \(replacementTypeName)") { cases in
            for attribute in type.attributes {
                cases.line("case \(attribute.swiftName)(\(attribute.type.swift))")
            }
        }
        // The locals take the attributes' names, so the parameter and the bound value must not.
        let attributeNames = Set(type.attributes.map(\.name))
        let replacement = CodePrinter.unique("replacement", avoiding: attributeNames)
        let newValue = CodePrinter.unique("newValue", avoiding: attributeNames)
        body.line()
        body.line("/// The copy every `with(…)` returns, made in one place out of line.")
        body.line("@inline(never)")
        body.block("private func \(helperName)(_ \(replacement): \(replacementTypeName)) -> \(type.name)") { method in
            for attribute in type.attributes {
                method.line("var \(attribute.swiftName) = self.\(attribute.swiftName)")
            }
            if type.attributes.count <= switchLimit {
                method.line("switch \(replacement) {")
                for attribute in type.attributes {
                    method.line("case .\(attribute.swiftName)(let \(newValue)):")
                    method.indented { assignment in
                        assignment.line("\(attribute.swiftName) = \(newValue)")
                    }
                }
                method.line("}")
            } else {
                for attribute in type.attributes {
                    method.block("if case .\(attribute.swiftName)(let \(newValue)) = \(replacement)") { assignment in
                        assignment.line("\(attribute.swiftName) = \(newValue)")
                    }
                }
            }
            method.parameterList(opening: "return \(type.name)(", type.initializerArguments(), closing: ")")
        }
    }
}
