import ValuegenPluginSDK

/// `Hashable`: synthesized by the compiler when every attribute takes part, written out when
/// some are marked `%skipEquality`.
struct EqualityFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Equality", aliases: ["RMEquality"], defaultKinds: [.value, .adtValue], supportedKinds: [.value, .adtValue], annotations: ["skipEquality"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            let incomparable = type.storedValues.filter { $0.type.containsExistential && !$0.skipsEquality }
            for value in incomparable {
                let remedy = value.canSkipEquality ? "mark it %skipEquality or exclude Equality" : "exclude Equality"
                emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)', which cannot be compared or hashed; \(remedy)", at: value.location)
            }
            guard incomparable.isEmpty else { continue }
            let attributes = type.attributes + type.cases.flatMap(\.attributes)
            var printer = CodePrinter()
            // A value with indirect storage holds a class, which the compiler cannot compare.
            if !attributes.contains(where: \.skipsEquality) && !type.hasIndirectStorage {
                printer.line("extension \(type.name): \(StandardNames.name("Hashable")) {}")
            } else if type.kind == .adtValue {
                printer.explicitADTHashable(type, access: access)
            } else {
                printer.explicitHashable(type, access: access)
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    mutating func explicitHashable(_ type: ModelType, access: String) {
        let compared = type.attributes.filter { !$0.skipsEquality }
        let skipped = type.attributes.filter(\.skipsEquality).map(\.name).joined(separator: ", ")
        line(skipped.isEmpty ? "/// Compares and hashes every attribute (`%storage indirect`)." : "/// Compares and hashes every attribute except \(skipped) (`%skipEquality`).")
        block("extension \(type.name): \(StandardNames.name("Hashable"))") { body in
            body.block("\(access)static func == (lhs: \(type.name), rhs: \(type.name)) -> \(StandardNames.name("Bool"))") { method in
                // One statement per attribute: the compiler checks each comparison on its own,
                // where a chain of `&&` was one expression to solve (docs/Performance.md).
                for attribute in compared {
                    method.line("guard lhs.\(attribute.swiftName) == rhs.\(attribute.swiftName) else { return false }")
                }
                method.line("return true")
            }
            body.line()
            body.block("\(access)func hash(into hasher: inout \(StandardNames.name("Hasher")))") { method in
                for attribute in compared {
                    method.line("hasher.combine(\(attribute.swiftName))")
                }
            }
        }
    }

    mutating func explicitADTHashable(_ type: ModelType, access: String) {
        line("/// Compares and hashes every payload value except those marked `%skipEquality`.")
        block("extension \(type.name): \(StandardNames.name("Hashable"))") { body in
            body.block("\(access)static func == (lhs: \(type.name), rhs: \(type.name)) -> \(StandardNames.name("Bool"))") { method in
                method.line("switch (lhs, rhs) {")
                for adtCase in type.cases {
                    if adtCase.attributes.isEmpty {
                        let pattern = adtCase.singleValueType == nil ? ".\(adtCase.swiftName)" : ".\(adtCase.swiftName)(let lhsValue)"
                        let rhsPattern = adtCase.singleValueType == nil ? ".\(adtCase.swiftName)" : ".\(adtCase.swiftName)(let rhsValue)"
                        method.line("case (\(pattern), \(rhsPattern)):")
                        method.indented { $0.line(adtCase.singleValueType == nil ? "return true" : "return lhsValue == rhsValue") }
                        continue
                    }
                    let lhs = adtCase.attributes.map { $0.skipsEquality ? "_" : "let lhs\(SwiftLanguage.upperFirst($0.name))" }
                    let rhs = adtCase.attributes.map { $0.skipsEquality ? "_" : "let rhs\(SwiftLanguage.upperFirst($0.name))" }
                    let compared = adtCase.attributes.filter { !$0.skipsEquality }.map { "lhs\(SwiftLanguage.upperFirst($0.name)) == rhs\(SwiftLanguage.upperFirst($0.name))" }
                    method.line("case (.\(adtCase.swiftName)(\(lhs.joined(separator: ", "))), .\(adtCase.swiftName)(\(rhs.joined(separator: ", ")))):")
                    method.indented { $0.line("return " + (compared.isEmpty ? "true" : compared.joined(separator: " && "))) }
                }
                if type.cases.count > 1 {
                    method.line("default:")
                    method.indented { $0.line("return false") }
                }
                method.line("}")
            }
            body.line()
            body.block("\(access)func hash(into hasher: inout \(StandardNames.name("Hasher")))") { method in
                method.line("switch self {")
                for (index, adtCase) in type.cases.enumerated() {
                    let bindings = adtCase.attributes.isEmpty
                        ? (adtCase.singleValueType == nil ? "" : "(let value)")
                        : "(" + adtCase.attributes.map { $0.skipsEquality ? "_" : "let \($0.swiftName)" }.joined(separator: ", ") + ")"
                    method.line("case .\(adtCase.swiftName)\(bindings):")
                    method.indented { caseBody in
                        caseBody.line("hasher.combine(\(index))")
                        if adtCase.singleValueType != nil {
                            caseBody.line("hasher.combine(value)")
                        }
                        for attribute in adtCase.attributes where !attribute.skipsEquality {
                            caseBody.line("hasher.combine(\(attribute.swiftName))")
                        }
                    }
                }
                method.line("}")
            }
        }
    }
}
