import ValuegenPluginSDK

/// An exhaustive `match(...)` on an `.adtValue` enum: one closure per case, labelled by the
/// case's name and called with the case's payload values, what it returns returned. It is what
/// call sites of Remodel's matching includes expect (`[status matchPending:^{…} sent:^(NSDate
/// *sentAt){…}]`), and a new case breaks every call site until it handles the case.
///
/// Remodel has one plugin per result type (VoidMatching, BoolMatching, IntegerMatching,
/// DoubleMatching, GenericMatching, TemplatedMatching); a Swift generic covers them all, so
/// each of those names selects this one feature. The closures may throw; `match` rethrows.
struct MatchingFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn(
        "Matching",
        aliases: ["VoidMatching", "BoolMatching", "IntegerMatching", "DoubleMatching", "GenericMatching", "TemplatedMatching", "FunctionMatching"],
        supportedKinds: [.adtValue]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            let result = Self.resultName(avoiding: type)
            var printer = CodePrinter()
            printer.block("extension \(type.name)") { body in
                body.line("/// Calls the closure for this value's case with the case's payload and returns what it returns.")
                let closures = type.cases.map { "\($0.swiftName): \($0.closureType(returning: result))" }
                let signature = "\(access)func match<\(result)>("
                if closures.isEmpty {
                    body.line(signature + ") -> \(result) {")
                } else {
                    body.line(signature)
                    body.indented { list in
                        for (index, closure) in closures.enumerated() {
                            list.line(closure + (index < closures.count - 1 ? "," : ""))
                        }
                    }
                    body.line(") rethrows -> \(result) {")
                }
                body.indented { method in
                    method.line("switch self {")
                    for adtCase in type.cases {
                        let locals = adtCase.matchLocals
                        method.line("case \(adtCase.matchPattern(locals)):")
                        method.indented { caseBody in
                            caseBody.line("return try \(adtCase.swiftName)(\(locals.joined(separator: ", ")))")
                        }
                    }
                    method.line("}")
                }
                body.line("}")
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }

    /// `Result`, unless a payload's type spells that word (`Swift.Result<Data, any Error>`, a
    /// module type `Result`), which the generic parameter would hide: then `MatchResult`, and
    /// a number after it while that is spelled too.
    static func resultName(avoiding type: ModelType) -> String {
        var words: Set<Substring> = []
        for adtCase in type.cases {
            for reference in adtCase.attributes.map(\.type) + [adtCase.singleValueType].compactMap({ $0 }) {
                words.formUnion(reference.swift.split { !($0.isLetter || $0.isNumber || $0 == "_") })
            }
        }
        if !words.contains("Result") {
            return "Result"
        }
        var candidate = "MatchResult"
        var suffix = 2
        while words.contains(Substring(candidate)) {
            candidate = "MatchResult\(suffix)"
            suffix += 1
        }
        return candidate
    }
}

private extension ADTCase {
    /// `(_ url: URL, _ size: Int) throws -> Result`, `(_ value: User) throws -> Result` for a
    /// single payload, `() throws -> Result` for a plain case.
    func closureType(returning result: String) -> String {
        let parameters: [String]
        if let single = singleValueType {
            parameters = ["_ value: \(single.swift)"]
        } else {
            parameters = attributes.map { "_ \($0.swiftName): \($0.type.swift)" }
        }
        return "(\(parameters.joined(separator: ", "))) throws -> \(result)"
    }

    /// The locals the payload values are bound to: the attributes' names (`value` for a single
    /// payload), except that a local named like the case would hide the closure it is passed
    /// to — `photo(photo: Data)` binds `photo2`.
    var matchLocals: [String] {
        let names = singleValueType != nil ? ["value"] : attributes.map(\.swiftName)
        var taken = Set(names)
        taken.insert(swiftName)
        return names.map { name in
            guard name == swiftName else { return name }
            let base = name.trimmingBackticks
            var suffix = 2
            while taken.contains("\(base)\(suffix)") {
                suffix += 1
            }
            taken.insert("\(base)\(suffix)")
            return "\(base)\(suffix)"
        }
    }

    /// `.photo(let url, let size)` with the given locals, or `.empty`.
    func matchPattern(_ locals: [String]) -> String {
        if locals.isEmpty {
            return ".\(swiftName)"
        }
        return ".\(swiftName)(" + locals.map { "let \($0)" }.joined(separator: ", ") + ")"
    }
}

private extension String {
    var trimmingBackticks: String {
        hasPrefix("`") ? String(dropFirst().dropLast()) : self
    }
}
