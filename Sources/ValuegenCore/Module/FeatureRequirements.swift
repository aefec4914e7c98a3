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
                let dropped = state.dropped[file][index]
                if state.on[file][index] != state.included[file][index] || !dropped.isEmpty {
                    let on = state.on[file][index]
                    model.types[index].includes.removeAll { feature in
                        RequiredFeatures(feature: feature).map { !on.contains($0) } ?? dropped.contains(feature)
                    }
                }
                let blocked = state.blocked(file, index)
                markSendable(&model.types[index], file: file, index: index, state: state)
                let explicit = state.explicit[file][index].intersection(state.on[file][index])
                if explicit.contains(.sendable) && blocked.contains(.sendable) {
                    let sendable = sendableErrors(for: model.types[index], file: file, index: index, schema: schemas[file], state: state)
                    if !sendable.isEmpty {
                        // Reported here, where the held type is known; the feature would only say less.
                        model.types[index].includes.removeAll { $0 == "Sendable" }
                        diagnostics += sendable
                    }
                }
                // Sendable and existentials under Equality are reported by their features, which say more.
                let checked = explicit.intersection(blocked).subtracting(.sendable)
                if !checked.isEmpty {
                    diagnostics += errors(for: model.types[index], checked: checked, file: file, index: index, schema: schemas[file], state: state)
                }
                if state.holdsAsHashable(file, index) {
                    diagnostics += hashableErrors(for: model.types[index], file: file, index: index, schema: schemas[file], state: state)
                }
                if model.types[index].includes(DiffingFeature.name) && state.blocked(file, index).contains(.equality) {
                    diagnostics += diffingErrors(for: model.types[index], file: file, index: index, schema: schemas[file], state: state)
                }
            }
            schemas[file].model = model
        }
        return diagnostics
    }

    // MARK: - The module's includes

    /// Each type's required features while defaults are being left out, and what it holds;
    /// by file, then by type. A schema type held elsewhere counts with its first declaration.
    struct State {
        /// The required features each type includes, as resolved on its own.
        var included: [[RequiredFeatures]]
        /// Those still on.
        var on: [[RequiredFeatures]]
        /// Those named in `includes(...)`, or implied by one named there.
        var explicit: [[RequiredFeatures]]
        /// Other defaults left out with a required feature they need (Persistence with JSON).
        var dropped: [[[String]]]
        var held: HeldTypes

        init(schemas: [ResolvedSchema], declarations: ModuleDeclarations) {
            included = schemas.map { schema in (schema.model?.types ?? []).map { RequiredFeatures(among: $0.includes) } }
            on = included
            explicit = schemas.map { schema in
                (schema.model?.types ?? []).map { RequiredFeatures(among: schema.explicitIncludes[$0.name] ?? []) }
            }
            dropped = schemas.map { schema in (schema.model?.types ?? []).map { _ in [] } }
            held = HeldTypes(schemas, declarations: declarations)
        }

        /// Whether the file's held name `name` has the features.
        func has(_ features: RequiredFeatures, file: Int, name: Int) -> Bool {
            switch held.meanings[file][name] {
            case .fixed(let has):
                return has.isSuperset(of: features)
            case .schema(let declaringFile, let index):
                return on[declaringFile][index].isSuperset(of: features)
            }
        }

        /// The features some value of the type holds a type without.
        func blocked(_ file: Int, _ index: Int) -> RequiredFeatures {
            var blocked: RequiredFeatures = []
            for value in held.values[file][index] {
                // An existential is never Sendable here, and cannot be compared unless skipped.
                if value.containsExistential {
                    blocked.insert(value.skipsEquality ? .sendable : [.sendable, .equality])
                }
                // A closure can be neither compared, coded nor known to be Sendable.
                if value.containsFunction {
                    blocked.formUnion(value.skipsEquality ? RequiredFeatures.all.subtracting(.equality) : .all)
                }
                for name in held.names(of: value, file: file) {
                    var missing = RequiredFeatures.all
                    switch held.meanings[file][name] {
                    case .fixed(let has): missing.subtract(has)
                    case .schema(let declaringFile, let index): missing.subtract(on[declaringFile][index])
                    }
                    if value.skipsEquality {
                        missing.remove(.equality)
                    }
                    blocked.formUnion(missing)
                }
            }
            return blocked
        }

        /// Whether some value holds a schema type as a `Set` element or dictionary key.
        func holdsAsHashable(_ file: Int, _ index: Int) -> Bool {
            held.values[file][index].contains { !$0.hashableNames.isEmpty }
        }
    }

    private func leaveOutDefaultsThatCannotHold(_ state: inout State, schemas: [ResolvedSchema]) {
        var changed = true
        while changed {
            changed = false
            for file in state.on.indices {
                for index in state.on[file].indices {
                    let leaving = state.on[file][index].subtracting(state.explicit[file][index]).intersection(state.blocked(file, index))
                    guard !leaving.isEmpty, let type = schemas[file].model?.types[index] else { continue }
                    state.on[file][index].subtract(leaving)
                    // A default that needs the feature goes with it (Persistence needs JSON).
                    let explicit = schemas[file].explicitIncludes[type.name] ?? []
                    for other in type.includes where RequiredFeatures(feature: other) == nil && !explicit.contains(other) {
                        if let dependent = registry.feature(canonicalName: other), leaving.featureNames.contains(where: dependent.descriptor.implies.contains) {
                            state.dropped[file][index].append(other)
                        }
                    }
                    changed = true
                }
            }
        }
    }

    // MARK: - What stands in the way

    /// One stored value that holds a type without the feature.
    struct Blocker {
        var value: StoredValue
        /// The model or type that lacks the feature; nil for an existential.
        var heldType: String?
    }

    private func blockers(of feature: RequiredFeatures, in type: ModelType, file: Int, index: Int, state: State) -> [Blocker] {
        var result: [Blocker] = []
        let values = type.storedValues
        for held in state.held.values[file][index] {
            let value = values[held.position]
            if feature == .equality && value.skipsEquality { continue }
            if (feature == .sendable || feature == .equality) && value.type.containsExistential {
                result.append(Blocker(value: value, heldType: nil))
                continue
            }
            for name in state.held.names(of: held, file: file) where !state.has(feature, file: file, name: name) {
                result.append(Blocker(value: value, heldType: state.held.names[file][name]))
            }
        }
        return result
    }

    private func markSendable(_ type: inout ModelType, file: Int, index: Int, state: State) {
        // Stored values come in the order of `storedValues`: attributes, then each case's
        // attributes and single value.
        var values = state.held.values[file][index].makeIterator()
        func sendable() -> Bool {
            guard let held = values.next() else { return true }
            return !held.containsExistential && state.held.names(of: held, file: file).allSatisfy { state.has(.sendable, file: file, name: $0) }
        }
        // Each flag written only when it changes, so that an unchanged type is not copied.
        var all = true
        for index in type.attributes.indices {
            let isSendable = sendable()
            all = all && isSendable
            if type.attributes[index].type.isSendable != isSendable {
                type.attributes[index].type.isSendable = isSendable
            }
        }
        for caseIndex in type.cases.indices {
            for index in type.cases[caseIndex].attributes.indices {
                let isSendable = sendable()
                all = all && isSendable
                if type.cases[caseIndex].attributes[index].type.isSendable != isSendable {
                    type.cases[caseIndex].attributes[index].type.isSendable = isSendable
                }
            }
            if var single = type.cases[caseIndex].singleValueType {
                let isSendable = sendable()
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

    private func errors(for type: ModelType, checked: RequiredFeatures, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        var missing: [String: (value: StoredValue, features: [String])] = [:]
        var order: [String] = []
        for feature in checked.featureNames {
            for blocker in blockers(of: RequiredFeatures(feature: feature)!, in: type, file: file, index: index, state: state) {
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
        case .standard where KnownTypes.foundationTypeFeatures[held].map({ !$0.isSuperset(of: RequiredFeatures(among: features).intersection([.equality, .coding])) }) ?? false:
            let protocols = features.map(SwiftConformances.requiredProtocol(for:)).joined(separator: " or ")
            return "'\(type.name)' includes \(list), but \(value.description) holds '\(held)', a Foundation type that is not \(protocols); store what it is made of instead, or remove \(list) from includes(...)"
        case .standard:
            return "'\(type.name)' includes \(list), but ValuegenRuntime does not code '\(held)' (\(value.description)); use a type it codes (Decimal as String or Double, for instance), or remove \(list) from includes(...) and use Coding"
        default:
            return "'\(type.name)' includes \(list), which \(value.description) of type '\(value.type.swift)' cannot have; remove \(list) from includes(...)"
        }
    }

    /// An explicit Sendable blocked by a model or a Swift type of the module; `%type` and
    /// existentials are left to the Sendable feature, whose message fits them.
    private func sendableErrors(for type: ModelType, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        blockers(of: .sendable, in: type, file: file, index: index, state: state).compactMap { blocker in
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

    /// Diffing compares every attribute not marked `%skipEquality` with `!=`: what it holds
    /// needs Equality, whether or not the type has Equality itself (an object cannot).
    /// Existentials are left to the Diffing feature, which says more.
    private func diffingErrors(for type: ModelType, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        blockers(of: .equality, in: type, file: file, index: index, state: state).compactMap { blocker in
            guard let held = blocker.heldType else { return nil }
            let value = blocker.value
            let remedy = value.canSkipEquality ? "mark '\(value.attributeName ?? "")' %skipEquality, or remove Diffing from includes(...)" : "remove Diffing from includes(...)"
            let message: String
            switch declarations.meaning(of: held, in: schema.scope) {
            case .schema(let entry) where entry.type.kind == .object:
                message = "'\(type.name)' includes Diffing, which compares attributes with '!=', but \(value.description) holds '\(held)', an object (\(entry.fileName)), and objects are not Equatable; \(remedy)"
            case .schema(let entry):
                let add = entry.excludes.contains("Equality") ? "remove Equality from the excludes(...) of '\(held)'" : "add Equality to the includes(...) of '\(held)'"
                message = "'\(type.name)' includes Diffing, which needs Equality on every model it holds, but '\(held)' (\(entry.fileName)) does not have it; \(add), or \(remedy)"
            case .swift(let declaration):
                message = "'\(type.name)' includes Diffing, which needs '\(held)' to conform to Equatable, but its declaration (\(declaration.place)) does not say so; add the conformance there, or \(remedy)"
            default:
                message = "'\(type.name)' includes Diffing, which \(value.description) of type '\(value.type.swift)' cannot have; \(remedy)"
            }
            let location = schema.source.location(ofWord: held, onLineOf: value.location) ?? value.location
            return Diagnostic(.error, message, path: schema.source.path, at: location)
        }
    }

    /// A `Set` element or a dictionary key must be `Hashable`: a model there needs Equality.
    private func hashableErrors(for type: ModelType, file: Int, index: Int, schema: ResolvedSchema, state: State) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let values = type.storedValues
        for held in state.held.values[file][index] {
            let value = values[held.position]
            for name in state.held.hashableNames(of: held, file: file) where !state.has(.equality, file: file, name: name) {
                let heldName = state.held.names[file][name]
                guard case .schema(let entry) = declarations.meaning(of: heldName, in: schema.scope) else { continue }
                let location = schema.source.location(ofWord: heldName, onLineOf: value.location) ?? value.location
                let message = entry.type.kind == .object
                    ? "\(value.description) uses '\(heldName)' as a Set element or dictionary key, which must be Hashable, but '\(heldName)' is an object (\(entry.fileName)); use an array, or key by an identifier"
                    : "\(value.description) uses '\(heldName)' as a Set element or dictionary key, which must be Hashable, but '\(heldName)' (\(entry.fileName)) does not include Equality; " + (entry.excludes.contains("Equality") ? "remove Equality from the excludes(...) of '\(heldName)'" : "add Equality to the includes(...) of '\(heldName)'")
                diagnostics.append(Diagnostic(.error, message, path: schema.source.path, at: location))
            }
        }
        return diagnostics
    }

    private static func list(_ features: [String]) -> String {
        features.count <= 1 ? features.joined() : features.dropLast().joined(separator: ", ") + " and " + features.last!
    }
}
