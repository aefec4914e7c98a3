import ValuegenPluginSDK

/// Which attributes differ between two instances: RMModelObject's change callbacks, and
/// Remodel's "which subobject changed" example, as a generated comparison.
///
/// Values and objects get a nested `enum Attribute: CaseIterable` (a case per compared
/// attribute) and `changedAttributes(from:) -> Set<Attribute>`. ADTs get `difference(from:)`,
/// which says whether the case changed, and for the same case which payload values did, as
/// cases of an `Attribute` enum named by case and attribute (`photoUrl`). Attributes marked
/// `%skipEquality` are never compared, and are not cases of `Attribute`. Everything else is
/// compared with `!=`, so what Equality needs of the models a type holds, Diffing needs too
/// (`FeatureRequirements`).
struct DiffingFeature: Feature {
    static let name = "Diffing"
    let descriptor = FeatureDescriptor.builtIn(Self.name, supportedKinds: [.value, .adtValue, .object])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            let incomparable = type.storedValues.filter { $0.type.containsExistential && !$0.skipsEquality }
            for value in incomparable {
                let remedy = value.canSkipEquality ? "mark it %skipEquality or exclude Diffing" : "exclude Diffing"
                emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)', which Diffing cannot compare; \(remedy)", at: value.location)
            }
            guard incomparable.isEmpty else { continue }
            var printer = CodePrinter()
            if type.kind == .adtValue {
                guard let attributes = Self.payloadAttributes(of: type, into: emitter) else { continue }
                printer.adtDifference(type, attributes: attributes, access: access)
            } else {
                printer.changedAttributes(type, access: access)
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }

    /// One compared payload value of an ADT, and the case of `Attribute` that names it.
    struct PayloadAttribute {
        /// `photoUrl`: the case's name, then the attribute's (`Value` for a single payload).
        var caseName: String
        var caseIndex: Int
        /// The value's position in the case's payload.
        var position: Int
    }

    /// The compared payload values of every case, in declaration order; nil, after an error,
    /// when two of them would get the same name (`Ab { cD }` and `AbC { d }` both `abCD`).
    static func payloadAttributes(of type: ModelType, into emitter: any Emitter) -> [PayloadAttribute]? {
        var found: [PayloadAttribute] = []
        var owners: [String: String] = [:]
        var clashes = false
        for (caseIndex, adtCase) in type.cases.enumerated() {
            var named: [(name: String, position: Int, what: String, location: SourceLocation)] = []
            if adtCase.singleValueType != nil {
                named.append((adtCase.name + "Value", 0, "the payload of subtype '\(adtCase.subtypeName)'", adtCase.location))
            }
            for (position, attribute) in adtCase.attributes.enumerated() where !attribute.skipsEquality {
                named.append((adtCase.name + SwiftLanguage.upperFirst(attribute.name), position, "attribute '\(attribute.name)' of subtype '\(adtCase.subtypeName)'", attribute.location))
            }
            for entry in named {
                // CaseIterable's synthesized `allCases` would be redeclared (whole-module and batch builds).
                if entry.name == "allCases" {
                    emitter.diagnose(.error, "\(entry.what) would be 'Attribute.allCases' of Diffing, which CaseIterable gives '\(type.name).Attribute'; rename it or exclude Diffing", at: entry.location)
                    clashes = true
                    continue
                }
                if let owner = owners[entry.name] {
                    emitter.diagnose(.error, "\(entry.what) and \(owner) would both be 'Attribute.\(entry.name)' of Diffing; rename one of them or exclude Diffing", at: entry.location)
                    clashes = true
                    continue
                }
                owners[entry.name] = entry.what
                found.append(PayloadAttribute(caseName: SwiftLanguage.identifier(entry.name), caseIndex: caseIndex, position: entry.position))
            }
        }
        return clashes ? nil : found
    }
}

private extension CodePrinter {
    /// `enum Attribute` with the given cases and their doc comment.
    mutating func attributeEnum(_ documentation: String, cases: [String], access: String) {
        line("/// \(documentation)")
        if cases.isEmpty {
            line("\(access)enum Attribute: \(StandardNames.name("CaseIterable")), \(StandardNames.name("Hashable")), \(StandardNames.name("Sendable")) {}")
            return
        }
        block("\(access)enum Attribute: \(StandardNames.name("CaseIterable")), \(StandardNames.name("Hashable")), \(StandardNames.name("Sendable"))") { body in
            for name in cases {
                body.line("case \(name)")
            }
        }
    }

    /// A value's or an object's `Attribute` and `changedAttributes(from:)`. Attributes are read
    /// as `self.x` and `other.x`, so no attribute name is hidden by the parameter or the local.
    mutating func changedAttributes(_ type: ModelType, access: String) {
        let compared = type.attributes.filter { !$0.skipsEquality }
        let skipped = type.attributes.filter(\.skipsEquality).map(\.name)
        // An object's `Self` would be covariant; the class is final, so its name says the same.
        let parameterType = type.kind == .object ? type.name : "Self"
        block("extension \(type.name)") { body in
            body.attributeEnum("An attribute of `\(type.name)` that `changedAttributes(from:)` compares.", cases: compared.map(\.swiftName), access: access)
            body.line()
            body.line("/// The attributes whose values differ between `other` and this \(type.kind == .object ? "object" : "value").")
            if !skipped.isEmpty {
                body.line("/// \(skipped.joined(separator: ", ")) (`%skipEquality`) \(skipped.count == 1 ? "is" : "are") not compared.")
            }
            body.block("\(access)func changedAttributes(from other: \(parameterType)) -> \(StandardNames.name("Set"))<Attribute>") { method in
                if compared.isEmpty {
                    method.line("[]")
                    return
                }
                method.line("var changed: \(StandardNames.name("Set"))<Attribute> = []")
                for attribute in compared {
                    method.block("if self.\(attribute.swiftName) != other.\(attribute.swiftName)") { branch in
                        branch.line("changed.insert(.\(attribute.swiftName))")
                    }
                }
                method.line("return changed")
            }
        }
    }

    /// An ADT's `Attribute`, `Difference` and `difference(from:)`. Payload values are bound by
    /// position (`new0`, `old0`), so no payload name can collide with a local.
    mutating func adtDifference(_ type: ModelType, attributes: [DiffingFeature.PayloadAttribute], access: String) {
        block("extension \(type.name)") { body in
            body.attributeEnum("A payload value of one of the cases of `\(type.name)` that `difference(from:)` compares: the case's name, then the attribute's.", cases: attributes.map(\.caseName), access: access)
            body.line()
            body.line("/// What differs between two `\(type.name)` values.")
            body.block("\(access)enum Difference: \(StandardNames.name("Hashable")), \(StandardNames.name("Sendable"))") { difference in
                difference.line("/// The values are different cases.")
                difference.line("case caseChanged")
                difference.line("/// The values are the same case; the payload values that differ (none when the values are equal).")
                difference.line("case sameCase(changed: \(StandardNames.name("Set"))<Attribute>)")
            }
            body.line()
            body.line("/// Whether `other` is another case than this value and, for the same case, which payload values differ.")
            if type.cases.contains(where: { $0.attributes.contains(where: \.skipsEquality) }) {
                body.line("/// Payload values marked `%skipEquality` are not compared.")
            }
            body.block("\(access)func difference(from other: Self) -> Difference") { method in
                guard !type.cases.isEmpty else {
                    method.line("switch self {}")
                    return
                }
                method.line("switch (self, other) {")
                for (caseIndex, adtCase) in type.cases.enumerated() {
                    let compared = attributes.filter { $0.caseIndex == caseIndex }
                    let isCompared = Set(compared.map(\.position))
                    let count = adtCase.singleValueType != nil ? 1 : adtCase.attributes.count
                    func pattern(_ prefix: String) -> String {
                        guard count > 0 else { return ".\(adtCase.swiftName)" }
                        let bindings = (0..<count).map { isCompared.contains($0) ? "let \(prefix)\($0)" : "_" }
                        return ".\(adtCase.swiftName)(\(bindings.joined(separator: ", ")))"
                    }
                    method.line("case (\(pattern("new")), \(pattern("old"))):")
                    method.indented { branch in
                        if compared.isEmpty {
                            branch.line("return .sameCase(changed: [])")
                            return
                        }
                        branch.line("var changed: \(StandardNames.name("Set"))<Attribute> = []")
                        for attribute in compared {
                            branch.block("if new\(attribute.position) != old\(attribute.position)") { inner in
                                inner.line("changed.insert(.\(attribute.caseName))")
                            }
                        }
                        branch.line("return .sameCase(changed: changed)")
                    }
                }
                if type.cases.count > 1 {
                    method.line("default:")
                    method.indented { $0.line("return .caseChanged") }
                }
                method.line("}")
            }
        }
    }
}
