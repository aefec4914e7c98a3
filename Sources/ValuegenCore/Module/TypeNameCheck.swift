import ValuegenPluginSDK

/// Every type name a schema writes must name a type the generated file can see: a schema type
/// of the module, a `%type` of the file, a type of the module's Swift code, or a standard one
/// valuegen knows. A schema type may not take a name the generated code relies on.
struct TypeNameCheck {
    let declarations: ModuleDeclarations

    func diagnostics(for schema: ResolvedSchema) -> [Diagnostic] {
        guard let model = schema.model else { return [] }
        var check = self
        check.accessLevel = model.accessLevel
        return check.check(schema, model)
    }

    /// The access level of the file being checked.
    private var accessLevel: AccessLevel?

    init(declarations: ModuleDeclarations) {
        self.declarations = declarations
    }

    private func check(_ schema: ResolvedSchema, _ model: GenerationRequest) -> [Diagnostic] {
        var diagnostics = DiagnosticCollector(path: schema.source.path)
        ownModuleTypeTypos(schema, into: &diagnostics)
        // A file spells the same few types again and again: each use is judged once.
        var judged: [TypeUse: String?] = [:]
        // (A protocol's own name is checked with the module's other protocols, by ModuleResolver.)
        for type in model.types where KnownTypes.reservedTypeNames.contains(type.name) {
            diagnostics.error(KnownTypes.reservedNameMessage(type.name, declaredAs: "schema type"), at: type.location)
        }
        // A protocol's attributes are checked where it declares them; the types adopting it
        // have them with the same Swift types (`Attribute.protocolName`).
        let protocols = model.protocols.map { ModelType(name: $0.name, kind: .value, attributes: $0.attributes, location: $0.location) }
        for type in model.types + protocols {
            let adopted = Set(type.attributes.filter { $0.protocolName != nil }.map(\.name))
            for value in type.storedValues where !adopted.contains(value.attributeName ?? "") {
                let uses = value.type.uses
                // A class may stand in a composition with protocols (`any UIViewController & P`).
                let isComposition = uses.lazy.filter(\.isConstraint).count > 1
                for use in uses {
                    let found: String?
                    if use.isConstraint {
                        found = isComposition && isClass(use.name, in: schema.scope) ? nil : problem(with: use, in: schema.scope, owner: type)
                    } else if use.name == "Self" {
                        found = problem(with: use, in: schema.scope, owner: type)
                    } else if let known = judged[use] {
                        found = known
                    } else {
                        found = problem(with: use, in: schema.scope, owner: type)
                        judged[use] = found
                    }
                    if let message = found {
                        let location = schema.source.location(ofWord: use.firstComponent, onLineOf: value.location) ?? value.location
                        diagnostics.error(message, at: location)
                    }
                }
            }
        }
        return diagnostics.diagnostics
    }

    /// `%type name=MessageKind library=Messaging` in the module Messaging promises that the
    /// module declares `MessageKind`; when none of its files does and a schema type is one typo
    /// away, the schema type was renamed.
    private func ownModuleTypeTypos(_ schema: ResolvedSchema, into diagnostics: inout DiagnosticCollector) {
        let scope = schema.scope
        for (name, location) in scope.types.sorted(by: { $0.value < $1.value }) where !scope.adoptedTypeNames.contains(name) {
            guard let library = scope.libraries[name], library == scope.ownModule || !scope.imports.contains(library),
                  declarations.schemaTypes[name] == nil, declarations.swiftTypes[name] == nil else { continue }
            let schemaNames = declarations.schemaTypes.keys.sorted()
            guard let suggestion = Suggestion.closest(to: name, among: schemaNames, maximumDistance: name.count <= 4 ? 1 : 2) else { continue }
            diagnostics.error("'\(name)' is declared with %type as a type of this module (\(library)), but no file of the module declares it; did you mean '\(suggestion)'?", at: location)
        }
    }

    private func problem(with use: TypeUse, in scope: FileScope, owner: ModelType) -> String? {
        let name = use.name
        if name == "Self" {
            let holder = owner.kind == .value ? "inside an array ([\(owner.name)])" : "inside an array or an optional"
            return "an attribute's type cannot be 'Self'; write the type's name ('\(owner.name)'), \(holder) where it holds itself"
        }
        if use.isQualified {
            return qualifiedNameProblem(name, in: scope)
        }
        if use.isConstraint {
            return constraintProblem(name, in: scope)
        }
        switch declarations.meaning(of: name, in: scope) {
        case .schema(let schemaType):
            if use.argumentCount > 0 {
                return "'\(name)' (\(schemaType.fileName)) takes no generic arguments; write '\(name)'"
            }
        case .declaredWithPercentType:
            break
        case .swift(let declaration):
            if declaration.kind == "protocol" {
                return "'\(name)' is a protocol (\(declaration.place)); write 'any \(name)'"
            }
            if !declaration.isPublic, let access = accessLevel, access != .internal {
                return "'\(name)' is not public (\(declaration.place)), but the generated types are \(access.rawValue) and their \(access.rawValue) properties cannot have it as their type; declare it 'public', or set \"accessLevel\": \"internal\" in valuegen.json"
            }
        case .standard:
            let arity = KnownTypes.genericArity[name] ?? 0
            if use.argumentCount != arity {
                return arity == 0
                    ? "'\(name)' takes no generic arguments; write '\(name)'"
                    : "'\(name)' takes \(arity) generic argument\(arity == 1 ? "" : "s"), not \(use.argumentCount)"
            }
        case .unknown:
            // Declared by a schema under a reserved name (reported there) or by a file that
            // could not be read: one mistake, one error.
            if declarations.isDeclaredElsewhere(name) { return nil }
            return unknownNameProblem(name, in: scope)
        }
        return nil
    }

    private func unknownNameProblem(_ name: String, in scope: FileScope) -> String? {
        if KnownTypes.standardProtocols.contains(name) {
            return "'\(name)' is a protocol; write 'any \(name)'"
        }
        if KnownTypes.untracked.contains(name) {
            return "'\(name)' is a standard type whose conformances valuegen does not track; declare it with '%type name=\(name)' (add 'sendable=true' if it is Sendable), which vouches that it has what the type's features need"
        }
        // Type names are short and many: `User` is two edits from `Set`, which is no typo.
        let suggestion = Suggestion.closest(to: name, among: declarations.candidates(in: scope), maximumDistance: name.count <= 4 ? 1 : 2)
        let unseen = scope.unseenModules
        if !unseen.isEmpty {
            // A name from a module valuegen cannot see is taken on trust, unless it looks like a typo.
            guard let suggestion else { return nil }
            return "unknown type '\(name)'; did you mean '\(suggestion)'? If '\(name)' really comes from \(unseen.joined(separator: " or ")), declare it with '%type name=\(name) library=\(unseen[0])'"
        }
        if let suggestion {
            return "unknown type '\(name)'; did you mean '\(suggestion)'?"
        }
        return "unknown type '\(name)'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=\(name) library=ModuleName'"
    }

    private func qualifiedNameProblem(_ name: String, in scope: FileScope) -> String? {
        if scope.types[name] != nil { return nil }
        let components = name.split(separator: ".").map(String.init)
        let module = components[0]
        let rest = components.dropFirst().joined(separator: ".")
        if ["Swift", "Foundation"].contains(module), let place = declarations.placeOfType(named: module) {
            return "'\(name)' cannot name \(module)'s '\(rest)': this module declares a type named '\(module)' (\(place)), which hides the module \(module); rename that type"
        }
        switch module {
        case "Swift":
            return KnownTypes.standardLibrary.contains(rest) ? nil : "unknown type '\(name)': the standard library has no type '\(rest)' that valuegen knows; declare it with '%type name=\(name)'"
        case "Foundation":
            return KnownTypes.foundation.contains(rest) ? nil : "unknown type '\(name)': Foundation has no type '\(rest)' that valuegen knows; declare it with '%type name=\(name)'"
        default:
            if scope.imports.contains(module) || module == scope.ownModule || declarations.schemaTypes[module] != nil || declarations.swiftTypes[module] != nil {
                return nil
            }
            return "unknown module '\(module)' in '\(name)'; import it with '%import name=\(module)' or declare the type with '%type name=\(name) library=\(module)'"
        }
    }

    /// A class of the module's Swift code, an object of its schemas, or one of UIKit's known
    /// classes.
    private func isClass(_ name: String, in scope: FileScope) -> Bool {
        switch declarations.meaning(of: name, in: scope) {
        case .swift(let declaration): return declaration.kind == "class"
        case .schema(let entry): return entry.type.kind == .object
        case .standard: return KnownTypes.uiKitClasses.contains(name)
        default: return false
        }
    }

    /// What is wrong with `any name`. The module's own type of a standard protocol's name
    /// (`Error`) is what the name means in the module, as in Swift.
    private func constraintProblem(_ name: String, in scope: FileScope) -> String? {
        let isStandardProtocol = KnownTypes.standardProtocols.contains(name)
        switch declarations.meaning(of: name, in: scope) {
        case .schema(let schemaType):
            return "'\(name)' is \(schemaType.type.kind.nounWithArticle) (\(schemaType.fileName)), not a protocol; write '\(name)' without 'any'"
        case .swift(let declaration) where declaration.kind != "protocol" && declaration.kind != "typealias":
            return "'\(name)' is a \(declaration.kind) (\(declaration.place)), not a protocol; write '\(name)' without 'any'"
        case .standard:
            return isStandardProtocol ? nil : "'\(name)' is not a protocol; write '\(name)' without 'any'"
        case .declaredWithPercentType, .swift:
            return nil
        case .unknown:
            return isStandardProtocol ? nil : unknownNameProblem(name, in: scope)
        }
    }
}

extension ModelKind {
    /// How messages call a type of this kind.
    var noun: String {
        switch self {
        case .value: return "value"
        case .adtValue: return "ADT"
        case .object: return "object"
        }
    }

    /// `a value`, `an ADT`, `an object`.
    var nounWithArticle: String {
        self == .value ? "a value" : "an \(noun)"
    }
}
