import ValuegenPluginSDK

/// `Fake`: `static func fake(seed: Int = 0) -> User` for every type that includes it, a
/// sample for previews and tests made with the memberwise initializer. The same seed always
/// gives the same value; different seeds give different values. See SampleValues for the
/// value of each attribute, and docs/WritingPlugins.md for the walk-through.
///
/// Values and objects get one sample built from every attribute (an object: a new instance
/// per call). ADTs get one of their cases, chosen by the seed in declaration order and
/// starting over after the last: seed 0 gives the first case, seed 1 the second.
struct FakeFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.examples.fake",
        version: "1.0.0",
        includeNames: ["Fake"],
        supportedKinds: [.value, .adtValue, .object],
        annotationNames: [SampleValues.annotationName]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let types = request.types(including: descriptor.name)
        guard !types.isEmpty, let options = FakeOptions(request.options, feature: descriptor.name, into: emitter) else { return }
        let samples = SampleValues(request: request, featureName: descriptor.name)
        var usesFoundation = false
        for type in types {
            warnAboutIneffectiveAnnotations(in: type, into: emitter)
            guard let method = FakeMethod(type, samples: samples, into: emitter) else { continue }
            usesFoundation = usesFoundation || method.usesFoundation
            emitter.emitDeclaration(method.extensionCode(access: request.accessLevel, defaultSeed: options.defaultSeed), attachedTo: type.name)
        }
        if usesFoundation {
            emitter.emitImport("Foundation")
        }
    }

    /// `%fake` gives the value of one slot; before a type or a subtype with no single payload
    /// it would silently do nothing, so say so.
    private func warnAboutIneffectiveAnnotations(in type: ModelType, into emitter: any Emitter) {
        let name = SampleValues.annotationName
        let purpose = "it gives the value of an attribute, or of a subtype's single unlabelled payload"
        if let annotation = type.annotation(name) {
            emitter.diagnose(.warning, "'%\(name)' before type '\(type.name)' has no effect; \(purpose)", at: annotation.location)
        }
        for adtCase in type.cases where adtCase.singleValueType == nil {
            if let annotation = adtCase.annotations.first(where: { $0.name == name }) {
                emitter.diagnose(.warning, "'%\(name)' before subtype '\(adtCase.subtypeName)' has no effect; \(purpose)", at: annotation.location)
            }
        }
    }
}

/// Fake's options from valuegen.json: `{"defaultSeed": 42}` makes `fake()` mean `fake(seed: 42)`.
struct FakeOptions {
    var defaultSeed = 0

    /// Reads the options; reports what is wrong and returns nil when they cannot be used.
    init?(_ options: JSONValue?, feature: String, into emitter: any Emitter) {
        guard let options, options != .null else { return }
        guard case .object(let members) = options else {
            emitter.diagnose(.error, "\(feature)'s options must be a JSON object such as {\"defaultSeed\": 42}", at: nil)
            return nil
        }
        for member in members {
            switch member.key {
            case "defaultSeed":
                guard case .number(let number) = member.value, number == number.rounded(), abs(number) < 9.0e15 else {
                    emitter.diagnose(.error, "\(feature)'s option 'defaultSeed' must be an integer such as 42", at: nil)
                    return nil
                }
                defaultSeed = Int(number)
            default:
                emitter.diagnose(.warning, "\(feature) ignores the unknown option '\(member.key)'; its only option is 'defaultSeed'", at: nil)
            }
        }
    }
}

/// The `fake(seed:)` of one type, with a sample value decided for every slot.
struct FakeMethod {
    let type: ModelType
    /// The expression of each slot, in `type.fakeSlots` order.
    private let values: [SampleValue]

    /// Decides every slot's value; reports every slot that has none and returns nil then.
    init?(_ type: ModelType, samples: SampleValues, into emitter: any Emitter) {
        var values: [SampleValue] = []
        var failed = false
        for slot in type.fakeSlots {
            switch samples.sample(for: slot, in: type) {
            case .success(let value):
                values.append(value)
            case .failure(let problem):
                emitter.diagnose(.error, problem.message, at: problem.location)
                failed = true
            }
        }
        if type.kind == .adtValue && type.cases.isEmpty {
            emitter.diagnose(.error, "\(samples.featureName) cannot make a sample of '\(type.name)': it has no subtypes, so it has no values", at: type.location)
            failed = true
        }
        if failed {
            return nil
        }
        self.type = type
        self.values = values
    }

    var usesFoundation: Bool { values.contains { $0.usesFoundation } }

    /// `extension User { public static func fake(seed: Int = 0) -> User { ... } }`.
    func extensionCode(access: AccessLevel, defaultSeed: Int) -> String {
        var printer = CodePrinter()
        printer.block("extension \(type.name)") { body in
            body.docComment(documentation)
            body.block("\(access.modifier)static func fake(seed: Int = \(defaultSeed)) -> \(type.name)") { method in
                if type.kind == .adtValue {
                    printCaseChoice(into: &method)
                } else {
                    method.parameterList(opening: "\(type.name)(", arguments(type.attributes, from: 0), closing: ")")
                }
            }
            if values.contains(where: \.usesUUIDHelper) {
                body.line()
                printUUIDHelper(into: &body)
            }
        }
        return printer.text
    }

    private var documentation: [String] {
        switch type.kind {
        case .value:
            return ["A sample value for previews and tests: the same seed always gives the same value."]
        case .object:
            return ["A new sample object for previews and tests: the same seed always gives the same attributes."]
        case .adtValue:
            return [
                "A sample value for previews and tests: the same seed always gives the same value.",
                "The seed chooses the case in declaration order, starting over after the last: 0 gives `\(type.cases[0].name)`.",
            ]
        }
    }

    /// `label: value` for each attribute, taking values from `values` starting at `offset`.
    private func arguments(_ attributes: [Attribute], from offset: Int) -> [String] {
        attributes.enumerated().map { index, attribute in
            "\(SwiftLanguage.argumentLabel(attribute.name)): \(values[offset + index].code)"
        }
    }

    /// `switch seed.magnitude % 3 { case 0: return .first ... default: return .last }`.
    private func printCaseChoice(into printer: inout CodePrinter) {
        var expressions: [(opening: String, arguments: [String])] = []
        var offset = 0
        for adtCase in type.cases {
            let name = "." + adtCase.swiftName
            if adtCase.singleValueType != nil {
                expressions.append((name + "(", [values[offset].code]))
                offset += 1
            } else if adtCase.attributes.isEmpty {
                expressions.append((name, []))
            } else {
                expressions.append((name + "(", arguments(adtCase.attributes, from: offset)))
                offset += adtCase.attributes.count
            }
        }
        func printReturn(_ expression: (opening: String, arguments: [String]), into printer: inout CodePrinter, keyword: String) {
            if expression.arguments.isEmpty {
                printer.line(keyword + expression.opening)
            } else {
                printer.parameterList(opening: keyword + expression.opening, expression.arguments, closing: ")")
            }
        }
        guard expressions.count > 1 else {
            printReturn(expressions[0], into: &printer, keyword: "")
            return
        }
        printer.line("switch seed.magnitude % \(expressions.count) {")
        for (index, expression) in expressions.enumerated() {
            printer.line(index == expressions.count - 1 ? "default:" : "case \(index):")
            printer.indented { body in
                printReturn(expression, into: &body, keyword: "return ")
            }
        }
        printer.line("}")
    }

    private func printUUIDHelper(into printer: inout CodePrinter) {
        printer.line("/// A version 4 UUID made of `salt`, which tells attributes apart, and the seed's 64 bits.")
        printer.block("private static func fakeUUID(seed: Int, salt: UInt32) -> UUID") { helper in
            helper.line("let seed = UInt64(UInt(bitPattern: seed))")
            helper.line("let salt = UInt64(salt)")
            helper.line("func byte(_ value: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (8 * index)) }")
            helper.line("return UUID(uuid: (")
            helper.indented { tuple in
                tuple.line("byte(salt, 3), byte(salt, 2), byte(salt, 1), byte(salt, 0),")
                tuple.line("byte(seed, 7), byte(seed, 6), 0x40, 0x00, 0x80, 0x00,")
                tuple.line("byte(seed, 5), byte(seed, 4), byte(seed, 3), byte(seed, 2), byte(seed, 1), byte(seed, 0)")
            }
            helper.line("))")
        }
    }
}
