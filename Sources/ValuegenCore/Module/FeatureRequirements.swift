import ValuegenPluginSDK

/// Features that hold only when every model a type holds has them too: a struct is `Hashable`,
/// `Sendable`, `JSONCodable`, `BinaryCodable` or `Codable` only when what it stores is.
///
/// Across the whole module, a feature a type got by default (its kind's defaults, the
/// configuration's `defaultIncludes`) and that cannot hold is left out quietly, and that may
/// in turn leave it out of the types holding this one. A feature the type names in
/// `includes(...)` (or one such a feature implies, as Persistence implies JSON, Binary and
/// Coding) that cannot hold is an error at the attribute, naming the include to add.
struct FeatureRequirements {
    /// The features with the requirement, in the order messages list them.
    static let features = ["Equality", "Sendable", "JSON", "Binary", "Coding"]

    let declarations: ModuleDeclarations
    let registry: FeatureRegistry

    /// Leaves out the defaults that cannot hold, marks what can be `Sendable`, and returns
    /// the errors for explicit features that cannot hold.
    func apply(to schemas: inout [ResolvedSchema]) -> [Diagnostic] {
        var state = State(schemas: schemas, declarations: declarations)
        leaveOutDefaultsThatCannotHold(&state, schemas: schemas)
        var diagnostics: [Diagnostic] = []
        for file in schemas.indices {
            guard var model = schemas[file].model else { continue }
            // Taken out while it changes, so that its types are not copied.
            schemas[file].model = nil
            for index in model.types.indices {
                let kept = model.types[index].includes.filter { state.includes(file, index).contains($0) }
                if kept.count != model.types[index].includes.count {
                    model.types[index].includes = kept
                }
                markSendable(&model.types[index], file: file, state: state, scope: schemas[file].scope)
                let sendable = sendableErrors(for: model.types[index], file: file, index: index, schema: schemas[file], state: state)
                if !sendable.isEmpty {
                    // Reported here, where the held type is known; the feature would only say less.
                    model.types[index].includes.removeAll { $0 == "Sendable" }
                    diagnostics += sendable
                }
                diagnostics += errors(for: model.types[index], file: file, index: index, schema: schemas[file], state: state)
                diagnostics += hashableErrors(for: model.types[index], schema: schemas[file], state: state)
            }
            schemas[file].model = model
        }
        return diagnostics
    }

    // MARK: - The module's includes

    /// The includes of every type while defaults are being left out; a schema type's entry
    /// is its first declaration's.
    struct State {
        var includes: [[Set<String>]]
        var firstDeclaration: [String: (file: Int, index: Int)] = [:]

        /// Each type's stored values with the distinct names of the types they hold, read once;
        /// by file, then by type.
        var values: [[[HeldValue]]] = []

        init(schemas: [ResolvedSchema], declarations: ModuleDeclarations) {
            includes = schemas.map { schema in (schema.model?.types ?? []).map { Set($0.includes) } }
            values = schemas.map { schema in
                (schema.model?.types ?? []).map { type in
                    type.storedValues.map { value in
                        var seen: Set<String> = []
                        return HeldValue(value: value, names: value.type.uses.filter { !$0.isConstraint && seen.insert($0.name).inserted }.map(\.name))
                    }
                }
            }
            for (name, entry) in declarations.schemaTypes {
                if let index = schemas[entry.file].model?.types.firstIndex(where: { $0.name == name }) {
                    firstDeclaration[name] = (entry.file, index)
                }
            }
        }

        func includes(_ file: Int, _ index: Int) -> Set<String> {
            includes[file][index]
        }

        func schemaTypeIncludes(_ name: String) -> Set<String>? {
            firstDeclaration[name].map { includes[$0.file][$0.index] }
        }
    }

    private func leaveOutDefaultsThatCannotHold(_ state: inout State, schemas: [ResolvedSchema]) {
        var changed = true
        while changed {
            changed = false
            for file in schemas.indices {
                guard let model = schemas[file].model else { continue }
                let explicit = schemas[file].explicitIncludes
                for (index, type) in model.types.enumerated() {
                    for feature in Self.features where state.includes[file][index].contains(feature) && explicit[type.name]?.contains(feature) != true {
                        guard !blockers(of: feature, file: file, index: index, scope: schemas[file].scope, state: state).isEmpty else { continue }
                        state.includes[file][index].remove(feature)
                        // A default that needs the feature goes with it (Persistence needs JSON).
                        for other in state.includes[file][index] where explicit[type.name]?.contains(other) != true {
                            if case .feature(let dependent) = registry.lookup(other), dependent.descriptor.implies.contains(feature) {
                                state.includes[file][index].remove(other)
                            }
                        }
                        changed = true
                    }
                }
            }
        }
    }

    // MARK: - What stands in the way

    /// A stored value and the names of the types it holds.
    struct HeldValue {
        var value: StoredValue
        var names: [String]
    }

    /// One stored value that holds a type without the feature.
    struct Blocker {
        var value: StoredValue
        /// The model or type that lacks the feature; nil for an existential.
        var heldType: String?
    }

    private func blockers(of feature: String, file: Int, index: Int, scope: FileScope, state: State) -> [Blocker] {
        var result: [Blocker] = []
        for held in state.values[file][index] {
            let value = held.value
            if feature == "Equality" && value.skipsEquality { continue }
            if feature == "Sendable" && value.type.containsExistential {
                result.append(Blocker(value: value, heldType: nil))
                continue
            }
            for name in held.names where !has(feature, name, scope: scope, state: state) {
                result.append(Blocker(value: value, heldType: name))
            }
        }
        return result
    }

    /// Whether the named type has the feature. Types valuegen cannot see into (`%type`, the
    /// module's Swift code, imported modules) are taken on trust, except for `Sendable`, which
    /// they must declare (`sendable=true`, or `: Sendable` in the Swift declaration).
    private func has(_ feature: String, _ name: String, scope: FileScope, state: State) -> Bool {
        switch declarations.meaning(of: name, in: scope) {
        case .schema:
            return state.schemaTypeIncludes(name)?.contains(feature) ?? true
        case .declaredWithPercentType(let isSendable):
            return feature != "Sendable" || isSendable
        case .swift(let declaration):
            return SwiftConformances.satisfies(feature, declaration)
        case .standard:
            return feature != "JSON" && feature != "Binary" || KnownTypes.isRuntimeCodable(name)
        case .unknown:
            return feature != "Sendable" || KnownTypes.isKnown(name)
        }
    }

    private func markSendable(_ type: inout ModelType, file: Int, state: State, scope: FileScope) {
        func sendable(_ reference: TypeReference) -> Bool {
            !reference.containsExistential && reference.uses.allSatisfy { $0.isConstraint || has("Sendable", $0.name, scope: scope, state: state) }
        }
        // Each flag written only when it changes, so that an unchanged type is not copied.
        var all = true
        for index in type.attributes.indices {
            let isSendable = sendable(type.attributes[index].type)
            all = all && isSendable
            if type.attributes[index].type.isSendable != isSendable {
                type.attributes[index].type.isSendable = isSendable
            }
        }
        for caseIndex in type.cases.indices {
            for index in type.cases[caseIndex].attributes.indices {
                let isSendable = sendable(type.cases[caseIndex].attributes[index].type)
                all = all && isSendable
                if type.cases[caseIndex].attributes[index].type.isSendable != isSendable {
                    type.cases[caseIndex].attributes[index].type.isSendable = isSendable
                }
            }
            if var single = type.cases[caseIndex].singleValueType {
                let isSendable = sendable(single)
                all = all && isSendable
                if single.isSendable != isSendable {
                    single.isSendable = isSendable
                    type.cases[caseIndex].singleValueType = single
                }
            }
        }
        let canBeSendable = type.kind != .object && all
        if type.canBeSendable != canBeSendable {
            type.canBeSendable = canBeSendable
        }
    }

    // MARK: - Errors

    private func excludedFeatures(_ name: String) -> Set<String> {
        declarations.schemaTypes[name]?.excludes ?? []
    }

    private func errors(for type: ModelType, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        let explicit = schema.explicitIncludes[type.name] ?? []
        // Sendable and existentials under Equality are reported by their features, which say more.
        let checked = Self.features.filter { $0 != "Sendable" && type.includes($0) && explicit.contains($0) }
        var missing: [String: (value: StoredValue, features: [String])] = [:]
        var order: [String] = []
        for feature in checked {
            for blocker in blockers(of: feature, file: file, index: index, scope: schema.scope, state: state) {
                guard let held = blocker.heldType else { continue }
                let key = "\(blocker.value.location.line):\(blocker.value.location.column):\(held)"
                if missing[key] == nil {
                    missing[key] = (blocker.value, [])
                    order.append(key)
                }
                missing[key]!.features.append(feature)
            }
        }
        return order.flatMap { key -> [Diagnostic] in
            let (value, features) = missing[key]!
            let held = String(key.split(separator: ":").last!)
            let location = schema.source.location(ofWord: held, onLineOf: value.location) ?? value.location
            // An object never has Equality: that part has its own remedy.
            var groups = [features]
            if case .schema(let entry) = declarations.meaning(of: held, in: schema.scope), entry.type.kind == .object,
               features.contains("Equality"), features.count > 1 {
                groups = [["Equality"], features.filter { $0 != "Equality" }]
            }
            return groups.map { group in
                Diagnostic(.error, message(type: type, value: value, held: held, features: group, scope: schema.scope, excluded: excludedFeatures), path: schema.source.path, at: location)
            }
        }
    }

    private func message(type: ModelType, value: StoredValue, held: String, features: [String], scope: FileScope, excluded: (String) -> Set<String>) -> String {
        let list = Self.list(features)
        switch declarations.meaning(of: held, in: scope) {
        case .schema(let entry):
            if entry.type.kind == .object && features == ["Equality"] {
                let remedy = value.canSkipEquality ? "mark '\(value.attributeName ?? "")' %skipEquality, or remove Equality from includes(...)" : "remove Equality from includes(...)"
                return "'\(type.name)' includes Equality, but \(value.description) holds '\(held)', an object (\(entry.fileName)), and objects are not Equatable or Hashable; \(remedy)"
            }
            let forPersistence = type.includes("Persistence") && features.allSatisfy { PersistenceFeature.needs.contains($0) }
            let needs = forPersistence
                ? "Persistence, which needs \(Self.list(PersistenceFeature.needs)) on every model it holds"
                : "\(list), which \(features.count == 1 ? "needs" : "need") the same on every model it holds"
            let removed = Set(features).intersection(excluded(held))
            let remedy = removed.isEmpty
                ? "add \(list) to the includes(...) of '\(held)'"
                : "remove \(Self.list(features.filter(removed.contains))) from the excludes(...) of '\(held)'" + (removed.count < features.count ? " and add \(Self.list(features.filter { !removed.contains($0) })) to its includes(...)" : "")
            return "'\(type.name)' includes \(needs), but '\(held)' (\(entry.fileName)) does not include \(list); \(remedy)"
        case .swift(let declaration):
            let protocols = Self.list(features.map(SwiftConformances.requiredProtocol(for:)))
            return "'\(type.name)' includes \(list), which \(features.count == 1 ? "needs" : "need") '\(held)' to conform to \(protocols), but its declaration (\(declaration.place)) does not say so; add the conformance there, or remove \(list) from includes(...)"
        case .standard:
            return "'\(type.name)' includes \(list), but ValuegenRuntime does not code '\(held)' (\(value.description)); use a type it codes (Decimal as String or Double, for instance), or remove \(list) from includes(...) and use Coding"
        default:
            return "'\(type.name)' includes \(list), which \(value.description) of type '\(value.type.swift)' cannot have; remove \(list) from includes(...)"
        }
    }

    /// An explicit Sendable blocked by a model or a Swift type of the module; `%type` and
    /// existentials are left to the Sendable feature, whose message fits them.
    private func sendableErrors(for type: ModelType, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        guard type.includes("Sendable"), schema.explicitIncludes[type.name]?.contains("Sendable") == true else { return [] }
        return blockers(of: "Sendable", file: file, index: index, scope: schema.scope, state: state).compactMap { blocker in
            guard let held = blocker.heldType else { return nil }
            let message: String
            switch declarations.meaning(of: held, in: schema.scope) {
            case .schema(let entry) where entry.type.kind == .object:
                message = "'\(type.name)' includes Sendable, but \(blocker.value.description) holds '\(held)', an object (\(entry.fileName)), and objects are not Sendable; remove Sendable from includes(...)"
            case .schema(let entry):
                let remedy = entry.excludes.contains("Sendable") ? "remove Sendable from the excludes(...) of '\(held)'" : "make '\(held)' Sendable (what it holds decides), or remove Sendable from includes(...)"
                message = "'\(type.name)' includes Sendable, which needs the same on every model it holds, but '\(held)' (\(entry.fileName)) is not Sendable; \(remedy)"
            case .swift(let declaration):
                message = "'\(type.name)' includes Sendable, but '\(held)' is not declared Sendable (\(declaration.place)); add ': Sendable' (or '@unchecked Sendable') to its declaration, or remove Sendable from includes(...)"
            default:
                return nil
            }
            let location = schema.source.location(ofWord: held, onLineOf: blocker.value.location) ?? blocker.value.location
            return Diagnostic(.error, message, path: schema.source.path, at: location)
        }
    }

    /// A `Set` element or a dictionary key must be `Hashable`: a model there needs Equality.
    private func hashableErrors(for type: ModelType, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for value in type.storedValues {
            for use in value.type.uses where use.needsHashable {
                guard case .schema(let entry) = declarations.meaning(of: use.name, in: schema.scope),
                      state.schemaTypeIncludes(use.name)?.contains("Equality") == false else { continue }
                let location = schema.source.location(ofWord: use.name, onLineOf: value.location) ?? value.location
                let message = entry.type.kind == .object
                    ? "\(value.description) uses '\(use.name)' as a Set element or dictionary key, which must be Hashable, but '\(use.name)' is an object (\(entry.fileName)); use an array, or key by an identifier"
                    : "\(value.description) uses '\(use.name)' as a Set element or dictionary key, which must be Hashable, but '\(use.name)' (\(entry.fileName)) does not include Equality; " + (entry.excludes.contains("Equality") ? "remove Equality from the excludes(...) of '\(use.name)'" : "add Equality to the includes(...) of '\(use.name)'")
                diagnostics.append(Diagnostic(.error, message, path: schema.source.path, at: location))
            }
        }
        return diagnostics
    }

    private static func list(_ features: [String]) -> String {
        features.count <= 1 ? features.joined() : features.dropLast().joined(separator: ", ") + " and " + features.last!
    }
}
