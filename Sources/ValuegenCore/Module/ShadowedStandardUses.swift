import ValuegenPluginSDK

/// In a module that declares a type named like a standard one (`Date`, `String`, `Int`), an
/// attribute that writes the name plainly holds the module's type, as in Swift. What valuegen
/// reads in the schema's file alone for the standard type — a date style or lenient integers
/// (`%coding`), a rule (`%range`, `%length`, `%nonEmpty`, `%pattern`), a JSON object's keys
/// (`[String: V]`) — cannot apply to the module's type, and would not compile: each is reported
/// at the attribute, with the qualified name that means the standard type.
struct ShadowedStandardUses {
    let declarations: ModuleDeclarations

    func diagnostics(for schema: ResolvedSchema) -> [Diagnostic] {
        guard let model = schema.model else { return [] }
        var diagnostics = DiagnosticCollector(path: schema.source.path)
        for type in model.types {
            for attribute in type.attributes + type.cases.flatMap(\.attributes) {
                check(attribute, in: schema.scope, into: &diagnostics)
            }
        }
        return diagnostics.diagnostics
    }

    /// A date style the file or the configuration sets is for Foundation's dates: an attribute
    /// holding the module's own `Date` does not take it.
    func apply(to schemas: inout [ResolvedSchema]) {
        guard declarations.placeOfType(named: "Date") != nil else { return }
        for index in schemas.indices {
            guard var model = schemas[index].model, schemas[index].scope.types["Date"] == nil else { continue }
            for typeIndex in model.types.indices {
                for attributeIndex in model.types[typeIndex].attributes.indices {
                    Self.dropDateStyle(of: &model.types[typeIndex].attributes[attributeIndex])
                }
                for caseIndex in model.types[typeIndex].cases.indices {
                    for attributeIndex in model.types[typeIndex].cases[caseIndex].attributes.indices {
                        Self.dropDateStyle(of: &model.types[typeIndex].cases[caseIndex].attributes[attributeIndex])
                    }
                }
            }
            schemas[index].model = model
        }
    }

    private static func dropDateStyle(of attribute: inout Attribute) {
        guard attribute.coding?.dateStyle != nil, attribute.type.uses.contains(where: { $0.name == "Date" }) else { return }
        attribute.coding?.dateStyle = nil
    }

    private func check(_ attribute: Attribute, in scope: FileScope, into diagnostics: inout DiagnosticCollector) {
        for use in attribute.type.uses where KnownTypes.standardLibrary.contains(use.name) || KnownTypes.foundation.contains(use.name) {
            guard scope.types[use.name] == nil, let place = declarations.placeOfType(named: use.name) else { continue }
            let qualified = StandardNames(moduleDeclares: [use.name]).spelling(of: use.name)
            let reason: String?
            let ownCoding = attribute.annotations.contains { $0.name == "coding" }
            if ownCoding && (attribute.codingRules.dateStyle != nil || attribute.codingRules.acceptsIntegerStrings) {
                reason = "its '%coding' setting is for \(qualified)"
            } else if let rule = attribute.annotations.first(where: { Invariant.attributeAnnotations.contains($0.name) }) {
                reason = "'%\(rule.name)' is a rule for \(qualified)"
            } else if attribute.type.swift.contains("[\(use.name):") {
                reason = "a dictionary's keys are coded as \(qualified)'s"
            } else {
                reason = nil
            }
            guard let reason else { continue }
            diagnostics.error("'\(attribute.name)' holds this module's '\(use.name)' (\(place)), but \(reason); write '\(qualified)' for the standard type", at: attribute.location)
            return
        }
    }
}
