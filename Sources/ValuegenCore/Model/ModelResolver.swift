import ValuegenPluginSDK

/// Turns a file's syntax into the request every feature receives: names checked, types
/// resolved to Swift, annotations given their meaning, includes resolved against the registry.
struct ModelResolver {
    let file: SchemaFileDescription
    let settings: GenerationSettings
    let registry: FeatureRegistry
    var diagnostics: DiagnosticCollector

    /// What the file's annotations declare: `%type` names, its own module, its imports; and
    /// those of the files whose protocols its types adopt.
    var scope = FileScope()
    /// The names of the types the file declares.
    var schemaTypeNames: Set<String> = []
    /// The canonical names of the features each type asks for itself (in `includes(...)`,
    /// and what those imply); the others came from defaults. The module stage leaves out
    /// quietly a default that cannot hold, and reports an explicit one.
    private(set) var explicitIncludes: [String: Set<String>] = [:]
    /// The canonical names each type's `excludes(...)` removes.
    private(set) var explicitExcludes: [String: Set<String>] = [:]
    private var needsFoundation = false
    /// A declaration holds a runtime type (an `%unknownCase`'s `UnknownCase`).
    private var needsRuntime = false
    /// The type being resolved includes a plugin that took Validation's name, which then
    /// reads the rules' annotations (`ModelResolver+ShadowedFeatures.swift`).
    var invariantsBelongToPlugin = false

    init(file: SchemaFileDescription, settings: GenerationSettings, registry: FeatureRegistry) {
        self.file = file
        self.settings = settings
        self.registry = registry
        self.diagnostics = DiagnosticCollector(path: file.path)
    }

    /// The file's request; `protocols` are the module's, which its types may adopt.
    mutating func resolve(_ syntax: SchemaSyntax, protocols: SchemaProtocols = .none) -> GenerationRequest {
        scope = resolveScope(syntax)
        schemaTypeNames = Set(syntax.types.map(\.name.text))
        warnOfUnreadAnnotations(in: syntax)
        let typeResolver = TypeResolver(declaredTypes: Set(scope.types.keys))

        // Each check runs when its line is reached, so diagnostics come in the order of the file.
        var types: [ModelType] = []
        var protocolModels: [ModelProtocol] = []
        var typeNames: [String: SourceLocation] = [:]
        for declaration in syntax.types {
            reportMisplacedAnnotations(in: declaration)
            // A protocol declared twice is reported by `SchemaProtocols`, with the module's others.
            if declaration.isProtocol {
                protocolModels.append(resolveProtocol(declaration, typeResolver: typeResolver))
                continue
            }
            checkUnique(declaration.name, what: "type", seen: &typeNames)
            let includes = resolveIncludes(declaration)
            let shadowed = builtInsShadowed(by: includes.names)
            invariantsBelongToPlugin = shadowed.contains("Validation") && !includes.names.contains("Validation")
            let keyStyle = resolveKeyStyle(declaration.annotations, configured: settings.codingKeyStyle)
            let caseKeyStyle = resolveCaseKeyStyle(declaration)
            let typeCoding = resolveTypeCoding(declaration.annotations)
            warnAboutCaseCodingArguments(declaration.annotations, typeName: declaration.name.text)
            checkStorage(declaration.annotations, kind: file.kind, typeName: declaration.name.text)
            checkTypeInvariants(declaration.annotations, typeName: declaration.name.text)
            var type = ModelType(
                name: declaration.name.text,
                kind: file.kind,
                comments: declaration.comments,
                annotations: declaration.annotations,
                location: declaration.name.location
            )
            if file.kind == .adtValue {
                type.cases = resolveCases(declaration.subtypes, of: type.name, keyStyle: keyStyle, caseKeyStyle: caseKeyStyle, typeCoding: typeCoding, typeResolver: typeResolver)
                type.adtCoding = resolveADTCoding(typeCoding, cases: type.cases, owner: type.name, annotations: declaration.annotations)
                if !declaration.protocols.isEmpty {
                    rejectAdoption(by: declaration)
                }
            } else {
                let adoption = adopt(declaration, protocols: protocols)
                type.attributes = resolveAttributes(adoption.attributes, owner: type.name, keyStyle: keyStyle, typeCoding: typeCoding, typeResolver: adoption.typeResolver ?? typeResolver)
                for index in type.attributes.indices {
                    type.attributes[index].protocolName = adoption.protocolNames[type.attributes[index].name]
                }
                type.protocols = declaration.protocols.map(\.text)
            }
            type.includes = includes.names
            // A rule needs `validate()`: the annotations imply the Validation feature.
            warnOfShadowedAnnotations(type)
            if type.hasInvariants, !type.includes.contains("Validation"), !shadowed.contains("Validation") {
                type.includes = (type.includes + ["Validation"]).sorted { (registry.order(of: $0), $0) < (registry.order(of: $1), $1) }
            }
            warnOfAnnotationsForPluginsNotIncluded(in: declaration, includes: type.includes)
            explicitIncludes[type.name, default: []].formUnion(includes.explicit)
            explicitExcludes[type.name, default: []].formUnion(includes.excluded)
            types.append(type)
        }

        var imports = scope.imports
        if Self.holdsUIKitClass(types, scope: scope) {
            imports.insert("UIKit")
        }
        if needsFoundation {
            imports.insert("Foundation")
        }
        if needsRuntime {
            imports.insert("ValuegenRuntime")
        }
        return GenerationRequest(
            generatorVersion: ValuegenVersion.current,
            file: file,
            accessLevel: settings.accessLevel,
            imports: imports.sorted(),
            types: types,
            protocols: protocolModels,
            optimizeFor: settings.optimizeFor
        )
    }

    /// Whether a type holds one of UIKit's known classes that the file does not declare itself.
    private static func holdsUIKitClass(_ types: [ModelType], scope: FileScope) -> Bool {
        types.contains { type in
            type.storedValues.contains { value in
                value.type.uses.contains { KnownTypes.uiKitClasses.contains($0.name) && scope.types[$0.name] == nil }
            }
        }
    }

    /// What the file's annotations declare, wherever in the file they are written.
    mutating func resolveScope(_ syntax: SchemaSyntax) -> FileScope {
        resolveFileAnnotations(syntax.fileAnnotations + Self.importsInBodies(of: syntax))
    }

    // MARK: - File annotations

    /// Remodel writes `%import` before the attribute whose type needs it; what it imports
    /// the whole generated file imports, in the order the file writes them.
    private static func importsInBodies(of syntax: SchemaSyntax) -> [Annotation] {
        var imports: [Annotation] = []
        func collect(_ annotations: [Annotation]) {
            imports += annotations.filter { $0.name == "import" }
        }
        for type in syntax.types {
            collect(type.annotations)
            for attribute in type.attributes { collect(attribute.annotations) }
            for subtype in type.subtypes {
                collect(subtype.annotations)
                for attribute in subtype.attributes { collect(attribute.annotations) }
            }
        }
        return imports
    }

    private mutating func resolveFileAnnotations(_ annotations: [Annotation]) -> FileScope {
        var declarations = FileScope()
        var libraries: [(module: String, location: SourceLocation, valueLocation: SourceLocation)] = []
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
                switch annotation["sendable"] {
                case "true":
                    declarations.sendable.insert(name)
                case nil, "false":
                    break
                case let text?:
                    // Anything else read as false would quietly cost the types holding it Sendable.
                    diagnostics.error("'sendable=' in '%type' must be true or false, not '\(text)'", at: argumentLocation("sendable", of: annotation))
                }
                if let library = annotation["library"] {
                    libraries.append((library, annotation.location, argumentLocation("library", of: annotation)))
                    declarations.libraries[name] = library
                }
            case "library":
                declarations.ownModule = requiredArgument("name", of: annotation)
            case "import":
                // `file=` alone names an Objective-C header of the project itself
                // (`#import "RMSomeHeader.h"`): a Swift file sees its own module without one.
                if annotation["file"] != nil && annotation["name"] == nil && annotation["module"] == nil && annotation["library"] == nil {
                    continue
                }
                if let module = annotation["module"] ?? annotation["library"] ?? requiredArgument("name", of: annotation) {
                    let key = annotation["module"] != nil ? "module" : annotation["library"] != nil ? "library" : "name"
                    libraries.append((module, annotation.location, argumentLocation(key, of: annotation)))
                    declarations.explicitImports.insert(module)
                    // Remodel's `%import library=UIKit name=UIColor`: the type and where it
                    // comes from, as `%type name=UIColor library=UIKit` says; UIKit's known
                    // classes keep what valuegen knows of them.
                    if let name = annotation["name"], name != module, !(module == "UIKit" && KnownTypes.uiKitClasses.contains(name)), declarations.types[name] == nil {
                        declarations.types[name] = annotation.location
                        declarations.libraries[name] = module
                    }
                }
            default:
                break
            }
        }
        for (library, location, valueLocation) in libraries where library != declarations.ownModule {
            guard SwiftLanguage.isIdentifier(library) else {
                diagnostics.error("'\(library)' is not a valid module name", at: location)
                continue
            }
            // A module of the package may have any name; one a typo away from the toolchain's
            // or an SDK's would reach swiftc as `no such module`. Where the target's modules are
            // known (the build plugin), an `%import` of none of them is an error; a `%type`'s
            // library may still be the module itself under another name (ModuleImports).
            if let importable = settings.importableModules, declarations.explicitImports.contains(library),
               !KnownModules.all.contains(library), !importable.contains(library) {
                let hint = Suggestion.closest(to: library, among: KnownModules.sorted + importable.sorted(), maximumDistance: library.count <= 6 ? 1 : 2)
                    .map { "did you mean '\($0)'? If not, " } ?? ""
                diagnostics.error("no module '\(library)' in the toolchain, Apple's SDKs or the target's dependencies; \(hint)add the product that provides it to the target's dependencies in Package.swift", at: valueLocation)
            } else if let known = KnownModules.misspelling(of: library) {
                diagnostics.warning("no module '\(library)' in the toolchain or Apple's SDKs; did you mean '\(known)'?", at: valueLocation)
            }
            declarations.imports.insert(library)
        }
        return declarations
    }

    mutating func requiredArgument(_ key: String, of annotation: Annotation) -> String? {
        if let value = annotation[key], !value.isEmpty {
            return value
        }
        let article = key.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        diagnostics.error("annotation '%\(annotation.name)' needs \(article) '\(key)=' argument", at: annotation.location)
        return nil
    }

    // MARK: - Coding keys

    /// Who uses a coding key first in a type, for the message about a second use.
    private struct KeyUse {
        var location: SourceLocation
        var attributeName: String
        /// The key came from the key style rather than from the schema's own words.
        var isComputed: Bool
    }

    // MARK: - Attributes

    mutating func resolveAttributes(_ syntax: [AttributeSyntax], owner: String, keyStyle: CodingKeyStyle?, typeCoding: TypeCodingAnnotation, typeResolver: TypeResolver) -> [Attribute] {
        var attributes: [Attribute] = []
        var codingKeys: [String: KeyUse] = [:]
        var names: [String: SourceLocation] = [:]
        for attributeSyntax in syntax {
            // `name String` reads as type 'name' and attribute 'String': no duplicate of String to report.
            if let missingColon = missingColon(in: attributeSyntax, typeResolver: typeResolver) {
                diagnostics.error(missingColon.message, at: missingColon.location)
                continue
            }
            guard checkUnique(attributeSyntax.name, what: "attribute", in: owner, seen: &names) else { continue }
            guard let resolved = resolveAttribute(attributeSyntax, owner: owner, keyStyle: keyStyle, typeCoding: typeCoding, typeResolver: typeResolver) else { continue }
            let attribute = resolved.attribute
            // An attribute may list its own key again (harmless); another attribute may not.
            for key in Set([attribute.codingKey] + attribute.legacyCodingKeys).sorted() {
                let isComputed = resolved.hasComputedKey && key == attribute.codingKey
                if let first = codingKeys[key], first.attributeName != attribute.name {
                    if let keyStyle, isComputed || first.isComputed {
                        diagnostics.error("coding key '\(key)' of attribute '\(attribute.name)' is already the key of attribute '\(first.attributeName)' in '\(owner)' (\(keyStyle.rawValue) keys); give one of them a %codingKey", at: attribute.location)
                        diagnostics.note("'\(first.attributeName)' declared here", at: first.location)
                    } else {
                        diagnostics.error("coding key '\(key)' is used twice in '\(owner)'", at: attribute.location)
                        diagnostics.note("'\(key)' first used here", at: first.location)
                    }
                }
                codingKeys[key] = KeyUse(location: attribute.location, attributeName: attribute.name, isComputed: isComputed)
                if key == "$valuegen" {
                    diagnostics.warning("coding key '$valuegen' of attribute '\(attribute.name)' is the member that holds the stamp of a file Persistence saves, so a file of '\(owner)' saved as JSON would name it twice and not load; give the attribute another %codingKey", at: attribute.location)
                }
            }
            attributes.append(attribute)
        }
        return attributes
    }

    private mutating func resolveAttribute(_ syntax: AttributeSyntax, owner: String, keyStyle: CodingKeyStyle?, typeCoding: TypeCodingAnnotation, typeResolver: TypeResolver) -> (attribute: Attribute, hasComputedKey: Bool)? {
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
        checkAttributeInvariants(syntax.annotations, type: type, attributeName: syntax.name.text)
        needsFoundation = needsFoundation || type.needsFoundation
        // `%codingKey name=` wins; legacy keys are taken as written.
        let computedKey = codingKey == nil ? keyStyle?.key(for: syntax.name.text) : nil
        if let keyStyle, let computedKey {
            warnIfPluralAcronymChangedKey(syntax.name, key: computedKey, style: keyStyle)
        }
        let attribute = Attribute(
            name: syntax.name.text,
            type: TypeReference(
                swift: type.swift, wrapped: type.wrapped, isOptional: type.isOptional,
                isExistential: type.isExistential, containsExistential: type.containsExistential, isSendable: true
            ),
            defaultValue: syntax.defaultValue,
            codingKey: codingKey ?? computedKey,
            legacyCodingKeys: legacyKeys,
            isRedacted: isRedacted,
            skipsEquality: skipsEquality,
            coding: resolveAttributeCoding(syntax, type: type, typeCoding: typeCoding),
            comments: syntax.comments,
            annotations: syntax.annotations,
            location: syntax.name.location
        )
        return (attribute, computedKey != nil)
    }

    // MARK: - ADT cases

    private mutating func resolveCases(_ subtypes: [SubtypeSyntax], of owner: String, keyStyle: CodingKeyStyle?, caseKeyStyle: CodingKeyStyle?, typeCoding: TypeCodingAnnotation, typeResolver: TypeResolver) -> [ADTCase] {
        var unknownCase: SubtypeSyntax?
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
            checkSubtypeInvariants(subtype.annotations, subtypeName: subtype.name.text, typeName: owner)
            if let annotation = subtype.annotations.first(where: { $0.name == "caseKey" }) {
                adtCase.codingTag = requiredArgument("name", of: annotation)
            } else if let styled = caseKeyStyle?.key(for: caseName), styled != caseName, !subtype.annotations.contains(where: { $0.name == "unknownCase" }) {
                // `%caseKey` wins; a tag equal to the case's name is left out, as without a style;
                // the unknown case has no tag of its own.
                adtCase.codingTag = styled
            }
            if resolveUnknownCase(subtype, owner: owner, alreadyFound: unknownCase) {
                unknownCase = subtype
                needsRuntime = true
                adtCase.singleValueType = TypeReference(swift: "UnknownCase", wrapped: "UnknownCase", isOptional: false, isExistential: false, containsExistential: false, isSendable: true)
                cases.append(adtCase)
                continue
            }
            if let annotation = subtype.annotations.first(where: { $0.name == "singleAttributeSubtype" }),
               let spelling = requiredArgument("attributeType", of: annotation) {
                if !subtype.attributes.isEmpty {
                    diagnostics.error("subtype '\(subtype.name.text)' has attributes and '%singleAttributeSubtype'; use one or the other", at: subtype.name.location)
                } else {
                    do {
                        var type = try typeResolver.resolve(SchemaParser.parseType(spelling, at: annotation.location))
                        // Remodel's nullability annotations apply to the single value as to an attribute.
                        for nullability in subtype.annotations {
                            if nullability.name == "nullable" {
                                type = type.optional
                            } else if nullability.name == "nonnull" {
                                type = type.nonOptional
                            }
                        }
                        needsFoundation = needsFoundation || type.needsFoundation
                        adtCase.singleValueType = TypeReference(
                            swift: type.swift, wrapped: type.wrapped, isOptional: type.isOptional,
                            isExistential: type.isExistential, containsExistential: type.containsExistential, isSendable: true
                        )
                    } catch {
                        diagnostics.error(error.message, at: error.location)
                    }
                }
            }
            adtCase.attributes = resolveAttributes(subtype.attributes, owner: "\(owner).\(caseName)", keyStyle: keyStyle, typeCoding: typeCoding, typeResolver: typeResolver)
            cases.append(adtCase)
        }
        return cases
    }

    // MARK: - Includes

    private struct ResolvedIncludes {
        var names: [String]
        /// The features `includes(...)` names, and those they imply.
        var explicit: Set<String>
        /// The features `excludes(...)` removes.
        var excluded: Set<String> = []
    }

    private mutating func report(_ verdict: UnknownInclude.Verdict, at location: SourceLocation) {
        switch verdict {
        case .misspelled(let message): diagnostics.error(message, at: location)
        case .skipped(let message): diagnostics.warning(message, at: location)
        }
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
        var explicit: Set<String> = []
        var excluded: Set<String> = []
        for include in declaration.includes {
            switch registry.lookup(include.text) {
            case .feature(let feature):
                guard feature.descriptor.supportedKinds.contains(kind) else {
                    let supported = ModelKind.allCases.filter { feature.descriptor.supportedKinds.contains($0) }.map { ".\($0.fileExtension)" }
                    let available = "is not available for .\(kind.fileExtension) types, only for \(supported.joined(separator: " and ")) types"
                    if include.text != feature.descriptor.name {
                        // Remodel runs the plugins that apply to a type and skips the others,
                        // so Remodel schemas name them where they do nothing.
                        diagnostics.warning("'\(include.text)' (\(feature.descriptor.name)) \(available), so '\(declaration.name.text)' is generated without it, as Remodel skips it; remove it from includes(...)", at: include.location)
                    } else {
                        diagnostics.error("'\(include.text)' \(available); remove it from includes(...)", at: include.location)
                    }
                    continue
                }
                names.insert(feature.descriptor.name)
                explicit.insert(feature.descriptor.name)
            case .ignored:
                continue
            case .unknown:
                report(UnknownInclude.verdict(for: include.text, losing: "'\(declaration.name.text)'", registry: registry), at: include.location)
            }
        }
        for exclude in declaration.excludes {
            switch registry.lookup(exclude.text) {
            case .feature(let feature):
                guard feature.descriptor.canBeExcluded else {
                    diagnostics.error("'\(exclude.text)' declares the type itself and cannot be excluded", at: exclude.location)
                    continue
                }
                // Remodel's `includes(GenericMatching) excludes(VoidMatching)` swaps the default
                // matcher for another; both name Matching, which the type's includes keep.
                let includedUnderAnotherName = declaration.includes.contains { include in
                    guard include.text != exclude.text, case .feature(let included) = registry.lookup(include.text) else { return false }
                    return included.descriptor.name == feature.descriptor.name
                }
                guard !includedUnderAnotherName else { continue }
                names.remove(feature.descriptor.name)
                excluded.insert(feature.descriptor.name)
            case .ignored:
                continue
            case .unknown:
                switch UnknownInclude.verdict(for: exclude.text, losing: "'\(declaration.name.text)'", registry: registry) {
                case .misspelled(let message): diagnostics.error(message, at: exclude.location)
                case .skipped:
                    diagnostics.warning("excludes(...) names '\(exclude.text)', which no feature or loaded plugin answers to, so it changes nothing; remove it", at: exclude.location)
                }
            }
        }
        // A feature that needs others brings them along, unless the type excluded one itself.
        for name in names.sorted() {
            guard let feature = registry.feature(canonicalName: name) else { continue }
            for implied in feature.descriptor.implies {
                if let exclude = declaration.excludes.first(where: { exclude in
                    if case .feature(let excluded) = registry.lookup(exclude.text) { return excluded.descriptor.name == implied }
                    return false
                }) {
                    diagnostics.error("'\(name)' needs '\(implied)', which excludes(...) removes; remove '\(exclude.text)' from excludes(...)", at: exclude.location)
                } else if let impliedFeature = registry.feature(canonicalName: implied), impliedFeature.descriptor.supportedKinds.contains(kind) {
                    names.insert(impliedFeature.descriptor.name)
                    if explicit.contains(name) {
                        explicit.insert(impliedFeature.descriptor.name)
                    }
                }
            }
        }
        let ordered = names.sorted { (registry.order(of: $0), $0) < (registry.order(of: $1), $1) }
        return ResolvedIncludes(names: ordered, explicit: explicit.intersection(names), excluded: excluded)
    }

    // MARK: - Names

    /// Records the name, or reports it as a duplicate when `seen` already holds it.
    /// Returns whether the name is new.
    @discardableResult
    mutating func checkUnique(_ name: NameSyntax, what: String, in owner: String? = nil, seen: inout [String: SourceLocation]) -> Bool {
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
