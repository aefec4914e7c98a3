import ValuegenPluginSDK

/// Turns a file's syntax into the request every feature receives: names checked, types
/// resolved to Swift, annotations given their meaning, includes resolved against the registry.
struct ModelResolver {
    let file: SchemaFileDescription
    let settings: GenerationSettings
    let registry: FeatureRegistry
    var diagnostics: DiagnosticCollector

    /// The resolved types of one attribute list, kept beside the attributes for the Sendable analysis.
    private var referencedNames: [String: Set<String>] = [:]
    private var containsExistential: Set<String> = []
    private var needsFoundation = false

    init(file: SchemaFileDescription, settings: GenerationSettings, registry: FeatureRegistry) {
        self.file = file
        self.settings = settings
        self.registry = registry
        self.diagnostics = DiagnosticCollector(path: file.path)
    }

    mutating func resolve(_ syntax: SchemaSyntax) -> GenerationRequest {
        let declarations = resolveFileAnnotations(syntax.fileAnnotations)
        let typeResolver = TypeResolver(declaredTypes: Set(declarations.types.keys))

        // Each check runs when its line is reached, so diagnostics come in the order of the file.
        var types: [ModelType] = []
        var typeNames: [String: SourceLocation] = [:]
        var explicitSendable: Set<String> = []
        for declaration in syntax.types {
            checkUnique(declaration.name, what: "type", seen: &typeNames)
            let includes = resolveIncludes(declaration)
            var type = ModelType(
                name: declaration.name.text,
                kind: file.kind,
                comments: declaration.comments,
                annotations: declaration.annotations,
                location: declaration.name.location
            )
            if file.kind == .adtValue {
                type.cases = resolveCases(declaration.subtypes, of: type.name, typeResolver: typeResolver)
            } else {
                type.attributes = resolveAttributes(declaration.attributes, owner: type.name, typeResolver: typeResolver)
            }
            type.includes = includes.names
            if includes.explicitlyIncludesSendable {
                explicitSendable.insert(type.name)
            }
            types.append(type)
        }

        let sendableTypes = sendableTypeNames(types, declarations: declarations)
        let localNames = Set(types.map(\.name))
        func sendable(_ key: String) -> Bool {
            isSendable(key: key, sendableTypes: sendableTypes, localNames: localNames, declarations: declarations)
        }
        for index in types.indices {
            let name = types[index].name
            types[index].canBeSendable = sendableTypes.contains(name)
            if !types[index].canBeSendable && !explicitSendable.contains(name) {
                types[index].includes.removeAll { $0 == "Sendable" }
            }
            for attribute in types[index].attributes.indices {
                types[index].attributes[attribute].type.isSendable = sendable("\(name).\(types[index].attributes[attribute].name)")
            }
            types[index].cases = types[index].cases.map { adtCase in
                var adtCase = adtCase
                for attribute in adtCase.attributes.indices {
                    adtCase.attributes[attribute].type.isSendable = sendable("\(name).\(adtCase.name).\(adtCase.attributes[attribute].name)")
                }
                if var single = adtCase.singleValueType {
                    single.isSendable = sendable("\(name).\(adtCase.name).")
                    adtCase.singleValueType = single
                }
                return adtCase
            }
        }

        var imports = declarations.imports
        if needsFoundation {
            imports.insert("Foundation")
        }
        return GenerationRequest(
            generatorVersion: ValuegenVersion.current,
            file: file,
            accessLevel: settings.accessLevel,
            imports: imports.sorted(),
            types: types
        )
    }

    // MARK: - File annotations

    private struct FileDeclarations {
        var types: [String: SourceLocation] = [:]
        var sendable: Set<String> = []
        var imports: Set<String> = []
    }

    private mutating func resolveFileAnnotations(_ annotations: [Annotation]) -> FileDeclarations {
        var declarations = FileDeclarations()
        var ownModule: String?
        var libraries: [String] = []
        for annotation in annotations {
            switch annotation.name {
            case "type":
                guard let name = requiredArgument("name", of: annotation) else { continue }
                if let first = declarations.types[name] {
                    diagnostics.error("type '\(name)' is declared twice with %type", at: annotation.location)
                    diagnostics.note("'\(name)' first declared here", at: first)
                    continue
                }
                declarations.types[name] = annotation.location
                if annotation["sendable"] == "true" {
                    declarations.sendable.insert(name)
                }
                if let library = annotation["library"] {
                    libraries.append(library)
                }
            case "library":
                ownModule = requiredArgument("name", of: annotation)
            case "import":
                if let module = annotation["module"] ?? requiredArgument("name", of: annotation) {
                    libraries.append(module)
                }
            default:
                break
            }
        }
        for library in libraries where library != ownModule {
            guard SwiftLanguage.isIdentifier(library) else {
                diagnostics.error("'\(library)' is not a valid module name", at: annotations.first { $0["library"] == library || $0["name"] == library || $0["module"] == library }?.location)
                continue
            }
            declarations.imports.insert(library)
        }
        return declarations
    }

    private mutating func requiredArgument(_ key: String, of annotation: Annotation) -> String? {
        if let value = annotation[key], !value.isEmpty {
            return value
        }
        let article = key.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        diagnostics.error("annotation '%\(annotation.name)' needs \(article) '\(key)=' argument", at: annotation.location)
        return nil
    }

    // MARK: - Attributes

    private mutating func resolveAttributes(_ syntax: [AttributeSyntax], owner: String, typeResolver: TypeResolver) -> [Attribute] {
        var attributes: [Attribute] = []
        var codingKeys: [String: SourceLocation] = [:]
        var names: [String: SourceLocation] = [:]
        for attributeSyntax in syntax where checkUnique(attributeSyntax.name, what: "attribute", in: owner, seen: &names) {
            guard let attribute = resolveAttribute(attributeSyntax, owner: owner, typeResolver: typeResolver) else { continue }
            // An attribute may list its own key again (harmless); another attribute may not.
            for key in Set([attribute.codingKey] + attribute.legacyCodingKeys).sorted() {
                if let first = codingKeys[key], first != attribute.location {
                    diagnostics.error("coding key '\(key)' is used twice in '\(owner)'", at: attribute.location)
                    diagnostics.note("'\(key)' first used here", at: first)
                }
                codingKeys[key] = attribute.location
            }
            attributes.append(attribute)
        }
        return attributes
    }

    private mutating func resolveAttribute(_ syntax: AttributeSyntax, owner: String, typeResolver: TypeResolver) -> Attribute? {
        var type: ResolvedType
        do {
            type = try typeResolver.resolve(syntax.type)
        } catch {
            diagnostics.error(error.message, at: error.location)
            return nil
        }
        var codingKey: String?
        var legacyKeys: [String] = []
        var isRedacted = false
        var skipsEquality = false
        for annotation in syntax.annotations {
            switch annotation.name {
            case "nullable":
                type = type.optional
            case "nonnull":
                type = type.nonOptional
            case "codingKey":
                codingKey = requiredArgument("name", of: annotation)
            case "codingLegacyKey":
                if let key = requiredArgument("name", of: annotation) {
                    legacyKeys.append(key)
                }
            case "redacted":
                isRedacted = true
            case "skipEquality":
                skipsEquality = true
            default:
                break
            }
        }
        let key = "\(owner).\(syntax.name.text)"
        record(type, key: key)
        return Attribute(
            name: syntax.name.text,
            type: TypeReference(
                swift: type.swift, wrapped: type.wrapped, isOptional: type.isOptional,
                isExistential: type.isExistential, containsExistential: type.containsExistential, isSendable: true
            ),
            defaultValue: syntax.defaultValue,
            codingKey: codingKey,
            legacyCodingKeys: legacyKeys,
            isRedacted: isRedacted,
            skipsEquality: skipsEquality,
            comments: syntax.comments,
            annotations: syntax.annotations,
            location: syntax.name.location
        )
    }

    private mutating func record(_ type: ResolvedType, key: String) {
        referencedNames[key] = type.referencedNames
        if type.containsExistential {
            containsExistential.insert(key)
        }
        needsFoundation = needsFoundation || type.needsFoundation
    }

    // MARK: - ADT cases

    private mutating func resolveCases(_ subtypes: [SubtypeSyntax], of owner: String, typeResolver: TypeResolver) -> [ADTCase] {
        var caseNames: [String: NameSyntax] = [:]
        var subtypeNames: [String: SourceLocation] = [:]
        var cases: [ADTCase] = []
        for subtype in subtypes {
            checkUnique(subtype.name, what: "subtype", in: owner, seen: &subtypeNames)
            let caseName = SwiftLanguage.lowerCamelCase(subtype.name.text)
            if let first = caseNames[caseName], first.text != subtype.name.text {
                diagnostics.error("subtypes '\(first.text)' and '\(subtype.name.text)' both become case '\(caseName)'", at: subtype.name.location)
            }
            caseNames[caseName] = subtype.name
            var adtCase = ADTCase(
                subtypeName: subtype.name.text,
                name: caseName,
                comments: subtype.comments,
                annotations: subtype.annotations,
                location: subtype.name.location
            )
            if let annotation = subtype.annotations.first(where: { $0.name == "singleAttributeSubtype" }),
               let spelling = requiredArgument("attributeType", of: annotation) {
                if !subtype.attributes.isEmpty {
                    diagnostics.error("subtype '\(subtype.name.text)' has attributes and '%singleAttributeSubtype'; use one or the other", at: subtype.name.location)
                } else {
                    do {
                        let type = try typeResolver.resolve(SchemaParser.parseType(spelling, at: annotation.location))
                        record(type, key: "\(owner).\(caseName).")
                        adtCase.singleValueType = TypeReference(
                            swift: type.swift, wrapped: type.wrapped, isOptional: type.isOptional,
                            isExistential: type.isExistential, containsExistential: type.containsExistential, isSendable: true
                        )
                    } catch {
                        diagnostics.error(error.message, at: error.location)
                    }
                }
            }
            adtCase.attributes = resolveAttributes(subtype.attributes, owner: "\(owner).\(caseName)", typeResolver: typeResolver)
            cases.append(adtCase)
        }
        return cases
    }

    // MARK: - Includes

    private struct ResolvedIncludes {
        var names: [String]
        var explicitlyIncludesSendable: Bool
    }

    private mutating func resolveIncludes(_ declaration: TypeDeclarationSyntax) -> ResolvedIncludes {
        let kind = file.kind
        var names = Set(registry.features.filter { $0.descriptor.defaultKinds.contains(kind) }.map(\.descriptor.name))
        for name in settings.defaultIncludes {
            if case .feature(let feature) = registry.lookup(name), feature.descriptor.supportedKinds.contains(kind) {
                names.insert(feature.descriptor.name)
            }
        }
        for name in settings.defaultExcludes {
            if case .feature(let feature) = registry.lookup(name), feature.descriptor.canBeExcluded {
                names.remove(feature.descriptor.name)
            }
        }
        var explicitSendable = false
        for include in declaration.includes {
            switch registry.lookup(include.text) {
            case .feature(let feature):
                guard feature.descriptor.supportedKinds.contains(kind) else {
                    let supported = ModelKind.allCases.filter { feature.descriptor.supportedKinds.contains($0) }.map { ".\($0.fileExtension)" }
                    diagnostics.error("'\(include.text)' is not available for .\(kind.fileExtension) types, only for \(supported.joined(separator: " and ")) types", at: include.location)
                    continue
                }
                names.insert(feature.descriptor.name)
                if feature.descriptor.name == "Sendable" {
                    explicitSendable = true
                }
            case .ignored:
                continue
            case .unknown:
                diagnostics.error(registry.unknownIncludeMessage(include.text), at: include.location)
            }
        }
        for exclude in declaration.excludes {
            switch registry.lookup(exclude.text) {
            case .feature(let feature):
                guard feature.descriptor.canBeExcluded else {
                    diagnostics.error("'\(exclude.text)' declares the type itself and cannot be excluded", at: exclude.location)
                    continue
                }
                names.remove(feature.descriptor.name)
            case .ignored:
                continue
            case .unknown:
                diagnostics.error(registry.unknownIncludeMessage(exclude.text), at: exclude.location)
            }
        }
        // A feature that needs others brings them along, unless the type excluded one itself.
        for name in names.sorted() {
            guard case .feature(let feature) = registry.lookup(name) else { continue }
            for implied in feature.descriptor.implies {
                if let exclude = declaration.excludes.first(where: { exclude in
                    if case .feature(let excluded) = registry.lookup(exclude.text) { return excluded.descriptor.name == implied }
                    return false
                }) {
                    diagnostics.error("'\(name)' needs '\(implied)', which excludes(...) removes; remove '\(exclude.text)' from excludes(...)", at: exclude.location)
                } else if case .feature(let impliedFeature) = registry.lookup(implied), impliedFeature.descriptor.supportedKinds.contains(kind) {
                    names.insert(impliedFeature.descriptor.name)
                }
            }
        }
        let ordered = names.sorted { (registry.order(of: $0), $0) < (registry.order(of: $1), $1) }
        return ResolvedIncludes(names: ordered, explicitlyIncludesSendable: explicitSendable && names.contains("Sendable"))
    }

    // MARK: - Sendable analysis

    /// The types of this file that can be `Sendable`: values and ADTs whose every stored type
    /// is. A name that is neither standard, declared with `%type`, nor in this file is a model
    /// of another schema file, taken to be a `Sendable` value or ADT (docs/Language.md says so).
    private func sendableTypeNames(_ types: [ModelType], declarations: FileDeclarations) -> Set<String> {
        var candidates = Set(types.filter { $0.kind != .object }.map(\.name))
        let localNames = Set(types.map(\.name))
        var changed = true
        while changed {
            changed = false
            for name in candidates.sorted() {
                let keys = referencedNames.keys.filter { $0.hasPrefix(name + ".") }
                let sendable = keys.allSatisfy { isSendable(key: $0, sendableTypes: candidates, localNames: localNames, declarations: declarations) }
                if !sendable {
                    candidates.remove(name)
                    changed = true
                }
            }
        }
        return candidates
    }

    /// Whether the type recorded under the key (`Owner.attribute`) is `Sendable`.
    private func isSendable(key: String, sendableTypes: Set<String>, localNames: Set<String>, declarations: FileDeclarations) -> Bool {
        guard !containsExistential.contains(key) else { return false }
        return referencedNames[key, default: []].allSatisfy { name in
            if localNames.contains(name) { return sendableTypes.contains(name) }
            if declarations.types[name] != nil { return declarations.sendable.contains(name) }
            return true
        }
    }

    // MARK: - Names

    /// Records the name, or reports it as a duplicate when `seen` already holds it.
    /// Returns whether the name is new.
    @discardableResult
    private mutating func checkUnique(_ name: NameSyntax, what: String, in owner: String? = nil, seen: inout [String: SourceLocation]) -> Bool {
        guard let first = seen[name.text] else {
            seen[name.text] = name.location
            return true
        }
        let place = owner.map { " in '\($0)'" } ?? ""
        diagnostics.error("duplicate \(what) '\(name.text)'\(place)", at: name.location)
        diagnostics.note("'\(name.text)' first declared here", at: first)
        return false
    }
}
