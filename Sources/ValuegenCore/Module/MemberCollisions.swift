import ValuegenPluginHost
import ValuegenPluginSDK

/// Names in the schemas that would collide with what the types' features generate
/// (`GeneratedMembers`), reported at the attribute, subtype or type that takes the name, with
/// the feature and the way out — otherwise swiftc would report an invalid redeclaration or a
/// confusing type error inside a generated file.
enum MemberCollisions {
    /// Every collision in the module's files. `otherTypeNames` maps the types declared
    /// elsewhere in the module (`%type`, hand-written Swift) to where, as a phrase that follows
    /// "in" (`the module's Swift code (Sources/App/Builders.swift:3:8)`); the schema types
    /// of all requests count too. In path order, then source order, in every file order.
    /// `declaredMembers` are the names features outside the table (plugins) declare they
    /// generate (`FeatureDescriptor.generatedMemberNames`).
    static func diagnostics(for requests: [GenerationRequest], otherTypeNames: [String: String] = [:], declaredMembers: DeclaredMemberNames = DeclaredMemberNames()) -> [Diagnostic] {
        var schemaTypes: [String: SchemaFileDescription] = [:]
        for request in requests.sorted(by: { $0.file.path < $1.file.path }) {
            for type in request.types where schemaTypes[type.name] == nil {
                schemaTypes[type.name] = request.file
            }
        }
        let schemaTypeNames = Set(schemaTypes.keys)
        var found: [Diagnostic] = []
        for request in requests {
            var file = DiagnosticCollector(path: request.file.path)
            for type in request.types {
                let declarers = declaredMembers.declarers(of: type, inFile: request.file.path)
                let declaredNames = declarers.reduce(into: Set<String>()) { $0.formUnion($1.names) }
                // Two plugins declaring one name is a clash between them, which the screen does not look for.
                guard declarers.count > 1 || CollisionScreen.mayCollide(type, otherTypeNames: otherTypeNames, schemaTypeNames: schemaTypeNames, declaredMemberNames: declaredNames) else { continue }
                TypeCollisions(type: type, in: request.file, schemaTypes: schemaTypes, otherTypeNames: otherTypeNames, declarers: declarers).report(into: &file)
            }
            found += file.diagnostics
        }
        return found.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.element.location ?? SourceLocation(line: 0, column: 0)
            return (lhs.element.path, left.line, left.column, lhs.offset) < (rhs.element.path, right.line, right.column, rhs.offset)
        }.map(\.element)
    }
}

/// The collisions of one type, with what each of its features generates.
private struct TypeCollisions {
    let type: ModelType
    let file: SchemaFileDescription
    let schemaTypes: [String: SchemaFileDescription]
    let otherTypeNames: [String: String]
    /// The type's features in output order, with what each generates for it.
    let generated: [(feature: String, members: GeneratedMembers)]
    /// The type's features that declare the members they generate (plugins), in output order.
    let declarers: [DeclaredMemberNames.Declarer]

    init(type: ModelType, in file: SchemaFileDescription, schemaTypes: [String: SchemaFileDescription], otherTypeNames: [String: String], declarers: [DeclaredMemberNames.Declarer] = []) {
        self.type = type
        self.declarers = declarers
        self.file = file
        self.schemaTypes = schemaTypes
        self.otherTypeNames = otherTypeNames
        self.generated = type.includes.map { ($0, GeneratedMembers.of($0, for: type)) }
        var byName: [String: [(feature: String, name: GeneratedName)]] = [:]
        var nested: Set<String> = []
        for (feature, members) in generated {
            for name in members.attributeNames {
                byName[name.name, default: []].append((feature, name))
            }
            nested.formUnion(members.nestedTypes.map(\.name))
        }
        self.attributeNames = byName
        self.nestedTypeNames = nested
    }

    /// The generated names an attribute may not take, by name: one look-up per attribute.
    private let attributeNames: [String: [(feature: String, name: GeneratedName)]]
    /// The names of every type the features nest in the type.
    private let nestedTypeNames: Set<String>

    func report(into diagnostics: inout DiagnosticCollector) {
        reportTopLevelTypes(into: &diagnostics)
        reportTypeName(into: &diagnostics)
        reportMembersDeclaredTwice(into: &diagnostics)
        reportMembersBuiltInsGenerate(into: &diagnostics)
        for attribute in type.attributes {
            report(attribute, subtype: nil, into: &diagnostics)
            reportDeclaredMember(named: attribute.name, subject: "attribute '\(attribute.name)'", renaming: "the attribute\(keepingCodingKey(of: attribute))", at: attribute.location, into: &diagnostics)
        }
        for adtCase in type.cases {
            reportCaseName(adtCase, into: &diagnostics)
            reportDeclaredMember(named: adtCase.name, subject: "case '\(adtCase.name)' of subtype '\(adtCase.subtypeName)'", renaming: "the subtype", at: adtCase.location, into: &diagnostics)
            for attribute in adtCase.attributes {
                report(attribute, subtype: adtCase.subtypeName, into: &diagnostics)
            }
            if let single = adtCase.singleValueType {
                reportNestedTypeUses(single, of: "the payload of subtype '\(adtCase.subtypeName)'", at: adtCase.location, into: &diagnostics)
            }
        }
    }

    /// An attribute or case named like a member a plugin declares it generates for the type.
    /// An ADT's payload values are not members; its cases are.
    private func reportDeclaredMember(named name: String, subject: String, renaming: String, at location: SourceLocation, into diagnostics: inout DiagnosticCollector) {
        for declarer in declarers where declarer.names.contains(name) {
            diagnostics.error("\(subject) collides with the member '\(name)', which \(declarer.who) declares it generates for every type that includes \(declarer.feature); rename \(renaming), or leave \(declarer.feature) out of the features of '\(type.name)'", at: location)
        }
    }

    /// Two plugins of the type that declare a member of the same name.
    private func reportMembersDeclaredTwice(into diagnostics: inout DiagnosticCollector) {
        for (index, later) in declarers.enumerated() {
            for earlier in declarers[..<index] {
                for name in later.names.intersection(earlier.names).sorted() {
                    diagnostics.error("\(earlier.who) and \(later.who) both declare the member '\(name)' for every type that includes them, so '\(type.name)' cannot include both \(earlier.feature) and \(later.feature); leave one of them out of its features", at: type.location)
                }
            }
        }
    }

    /// A member a plugin of the type declares that a built-in feature of the type generates too
    /// (`validate` beside Validation's `func validate()`, the built-in brought in by `%range`
    /// while the plugin is loaded under another name).
    private func reportMembersBuiltInsGenerate(into diagnostics: inout DiagnosticCollector) {
        let pluginFeatures = Set(declarers.map(\.feature))
        for declarer in declarers {
            var hits: [(feature: String, name: GeneratedName)] = []
            for feature in type.includes where !pluginFeatures.contains(feature) {
                hits += GeneratedMembers.typeMembers(of: feature, for: type).filter { declarer.names.contains($0.name) }.map { (GeneratedMembers.builtInName(feature), $0) }
            }
            for name in Set(hits.map(\.name.name)).sorted() {
                for group in Self.grouped(hits.filter { $0.name.name == name }) {
                    let generate = group.features.count == 1 ? "generates" : "generate"
                    let rules = group.features.contains("Validation") ? ruleAnnotations : []
                    let broughtIn = rules.isEmpty ? "" : " (brought in by its \(rules.joined(separator: ", ")))"
                    let removingRules = rules.isEmpty ? "" : ", or remove the rules that bring Validation in"
                    diagnostics.error("\(declarer.who) declares the member '\(name)' for every type that includes \(declarer.feature), which collides with \(group.spelling) that \(Self.theFeatures(group.features)) \(generate) for '\(type.name)'\(broughtIn); leave \(declarer.feature) out of the features of '\(type.name)'\(Self.orExcluding(group.features, of: type))\(removingRules)", at: type.location)
                }
            }
        }
    }

    /// `%range`, `%check`…: the rules written on the type, its attributes and its payloads, which
    /// bring Validation in.
    private var ruleAnnotations: [String] {
        let attributes = type.attributes + type.cases.flatMap(\.attributes)
        return Invariant.annotationNames.filter { name in
            type.annotation(name) != nil || attributes.contains { $0.annotation(name) != nil }
        }.map { "%" + $0 }
    }

    /// `UserBuilder` beside `User`, when the module already declares a `UserBuilder`.
    private func reportTopLevelTypes(into diagnostics: inout DiagnosticCollector) {
        for (feature, members) in generated {
            for declared in members.topLevelTypes {
                let place: String
                if let schemaFile = schemaTypes[declared.name] {
                    place = schemaFile.path == file.path ? "this file" : schemaFile.name
                } else if let other = otherTypeNames[declared.name] {
                    place = other
                } else {
                    continue
                }
                diagnostics.error("the \(feature) feature generates \(declared.spelling) beside '\(type.name)', but '\(declared.name)' is already declared in \(place); rename one of them\(Self.orExcluding([feature], of: type))", at: type.location)
            }
        }
    }

    /// A type named like a type nested where a feature's code spells the type's name.
    private func reportTypeName(into diagnostics: inout DiagnosticCollector) {
        let nested = generated.flatMap { entry in entry.members.nestedTypes.map { (feature: entry.feature, type: $0) } }
        for (feature, members) in generated {
            for container in members.spellsTypeNameIn {
                guard let shadow = nested.first(where: { $0.type.container == container && $0.type.name == type.name }) else { continue }
                diagnostics.error("type '\(type.name)' has the name of \(shadow.type.spelling), which the \(shadow.feature) feature generates, so the code the \(feature) feature generates there would mean the nested type; rename the type\(Self.orExcluding([feature], of: type))", at: type.location)
            }
        }
    }

    private func reportCaseName(_ adtCase: ADTCase, into diagnostics: inout DiagnosticCollector) {
        let hits = generated.flatMap { entry in
            entry.members.caseNames.filter { $0.name == adtCase.name }.map { (feature: entry.feature, name: $0) }
        }
        for group in Self.grouped(hits) {
            diagnostics.error("case '\(adtCase.name)' of subtype '\(adtCase.subtypeName)' collides with \(group.spelling), which \(Self.theFeatures(group.features)) \(group.features.count == 1 ? "generates" : "generate") for '\(type.name)'; rename the subtype\(Self.orExcluding(group.features, of: type))", at: adtCase.location)
        }
    }

    private func report(_ attribute: Attribute, subtype: String?, into diagnostics: inout DiagnosticCollector) {
        let hits = (attributeNames[attribute.name] ?? []).filter { $0.name.subtype == nil || $0.name.subtype == subtype }
        var subject: String {
            subtype.map { "attribute '\(attribute.name)' of subtype '\($0)'" } ?? "attribute '\(attribute.name)'"
        }
        for group in Self.grouped(hits) {
            diagnostics.error("\(subject) collides with \(group.spelling), which \(Self.theFeatures(group.features)) \(group.features.count == 1 ? "generates" : "generate") for '\(type.name)'; rename the attribute\(keepingCodingKey(of: attribute))\(Self.orExcluding(group.features, of: type))", at: attribute.location)
        }
        reportNestedTypeUses(attribute.type, of: subject, at: attribute.location, into: &diagnostics)
    }

    /// An attribute's type that names a nested type: inside the type, the name means that one.
    private func reportNestedTypeUses(_ valueType: TypeReference, of subject: @autoclosure () -> String, at location: SourceLocation, into diagnostics: inout DiagnosticCollector) {
        guard !nestedTypeNames.isEmpty else { return }
        var reported: Set<String> = []
        for use in valueType.uses where !use.isConstraint && !use.isQualified && nestedTypeNames.contains(use.name) {
            for (feature, members) in generated {
                guard let nested = members.nestedTypes.first(where: { $0.name == use.name }), reported.insert(use.name).inserted else { continue }
                diagnostics.error("\(subject()) has type '\(valueType.swift)', but inside '\(nested.container)' '\(use.name)' means \(nested.spelling), which the \(feature) feature generates; rename the type '\(use.name)'\(Self.orExcluding([feature], of: type))", at: location)
            }
        }
    }

    /// ` (keep its JSON key with %codingKey name="description")` when a coding feature codes the
    /// attribute under its name.
    private func keepingCodingKey(of attribute: Attribute) -> String {
        guard type.includes("Coding") || type.includes("JSON") || type.includes("Dictionary"), attribute.codingKey == attribute.name else { return "" }
        return " (keep its JSON key with %codingKey name=\(SwiftLanguage.stringLiteral(attribute.codingKey)))"
    }

    /// ` or add excludes(Description)`, when excluding the features is allowed: each can be
    /// excluded and none is needed by another feature of the type (Persistence needs Coding).
    private static func orExcluding(_ features: [String], of type: ModelType) -> String {
        for feature in features {
            // The type's invariant annotations bring Validation back (ModelResolver+Invariants.swift).
            guard feature != "Validation" else { return "" }
            guard case .feature(let found) = FeatureRegistry.builtIn.lookup(feature), found.descriptor.canBeExcluded else { return "" }
            for other in type.includes where other != feature {
                if case .feature(let needing) = FeatureRegistry.builtIn.lookup(other), needing.descriptor.implies.contains(feature) {
                    return ""
                }
            }
        }
        return " or add excludes(\(features.joined(separator: ", ")))"
    }

    /// `the Description feature`, `the JSON and Binary features`.
    private static func theFeatures(_ features: [String]) -> String {
        guard features.count > 1 else { return "the \(features[0]) feature" }
        return "the \(features.dropLast().joined(separator: ", ")) and \(features[features.count - 1]) features"
    }

    /// One message per generated name however many features generate it the same way
    /// (`reader` for JSON and Binary), in the order first found.
    private static func grouped(_ hits: [(feature: String, name: GeneratedName)]) -> [(spelling: String, features: [String])] {
        var groups: [(spelling: String, features: [String])] = []
        for hit in hits {
            if let index = groups.firstIndex(where: { $0.spelling == hit.name.spelling }) {
                if !groups[index].features.contains(hit.feature) {
                    groups[index].features.append(hit.feature)
                }
            } else {
                groups.append((hit.name.spelling, [hit.feature]))
            }
        }
        return groups
    }
}

/// The member names that features outside `GeneratedMembers`' table — plugins — declare they
/// generate for every type that includes them (`FeatureDescriptor.generatedMemberNames`,
/// `valuegen_plugin.member_names`), for each schema file: files of one run may load different
/// plugins under one include name (each folder its own valuegen.json).
struct DeclaredMemberNames: Sendable {
    /// A feature that declares its members, and how messages name it.
    struct Declarer: Sendable, Equatable {
        /// The canonical include name.
        var feature: String
        /// `plugin 'com.example.diff' (Plugins/libDiff.so)`, or `the Diff feature`.
        var who: String
        var names: Set<String>
    }

    private var byFile: [String: [String: Declarer]] = [:]
    private var everywhere: [String: Declarer] = [:]

    init() {}

    /// The registry's declarers, for every file.
    init(registry: FeatureRegistry) {
        everywhere = Self.declarers(in: registry)
    }

    /// Each file's declarers, from the registry it is generated with.
    init(registries: [(path: String, registry: FeatureRegistry)]) {
        for (path, registry) in registries {
            let found = Self.declarers(in: registry)
            if !found.isEmpty {
                byFile[path] = found
            }
        }
    }

    /// The type's features that declare members, in the order of its includes.
    func declarers(of type: ModelType, inFile path: String) -> [Declarer] {
        let known = byFile[path] ?? everywhere
        guard !known.isEmpty else { return [] }
        return type.includes.compactMap { known[$0] }
    }

    private static func declarers(in registry: FeatureRegistry) -> [String: Declarer] {
        var found: [String: Declarer] = [:]
        for feature in registry.features where !feature.descriptor.generatedMemberNames.isEmpty {
            let name = feature.descriptor.name
            let who = (feature as? PluginBacked)?.pluginName.description ?? "the \(name) feature"
            found[name] = Declarer(feature: name, who: who, names: Set(feature.descriptor.generatedMemberNames))
        }
        return found
    }
}
