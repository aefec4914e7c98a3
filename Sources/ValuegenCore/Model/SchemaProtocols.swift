import ValuegenPluginSDK

/// Every protocol the schema files of a module declare (`protocol Timestamped { ... }`), read
/// after parsing and before any file is resolved, so that a type adopts a protocol of another
/// file as it adopts one of its own, and resolves what it adopts in its own context (its key
/// style, its `%coding`).
///
/// A protocol's own problems (its attributes, what it refines) are reported once, in its file;
/// a type adopting a protocol with problems is told so in one line, not each problem again.
struct SchemaProtocols: Sendable {
    /// One protocol declaration, and what a type adopting it needs of its file.
    struct Declaration: Sendable {
        var syntax: TypeDeclarationSyntax
        var path: String
        var fileName: String
        /// Its file's `%type` declarations and imports: an adopting type's file needs them for
        /// the protocol's attribute types.
        var scope: FileScope
        /// Its file reported errors in it, or in what it refines.
        var hasErrors: Bool
        /// The Swift type of each of its attributes, resolved once in its file.
        var attributeTypes: [String]
    }

    /// The first declaration of each protocol name, in path order.
    private(set) var declarations: [String: Declaration] = [:]
    /// Problems only the module's protocols together show, with the path of the file each is in.
    private(set) var diagnostics: [Diagnostic] = []

    /// A module that declares no protocols.
    static let none = SchemaProtocols()

    private init() {}

    /// The protocols of the parsed files. Each protocol's attributes are resolved in its own
    /// file to learn whether they have errors (the file reports them when it is resolved).
    init(_ files: [ParsedSchema]) {
        for file in files.sorted(by: { $0.source.path < $1.source.path }) {
            guard let syntax = file.syntax, let kind = file.kind, syntax.types.contains(where: \.isProtocol) else { continue }
            var resolver = ModelResolver(file: SchemaFileDescription(name: file.source.fileName, path: file.source.path, kind: kind), settings: file.settings, registry: .builtIn)
            let scope = resolver.resolveScope(syntax)
            let typeResolver = TypeResolver(declaredTypes: Set(scope.types.keys))
            for declaration in syntax.types where declaration.isProtocol {
                let diagnosticsBefore = resolver.diagnostics.diagnostics.count
                _ = resolver.resolveProtocol(declaration, typeResolver: typeResolver)
                let hasErrors = resolver.diagnostics.diagnostics[diagnosticsBefore...].contains { $0.severity == .error }
                let attributeTypes = declaration.attributes.map { (try? typeResolver.resolve($0.type))?.swift ?? "" }
                add(Declaration(syntax: declaration, path: file.source.path, fileName: file.source.fileName, scope: scope, hasErrors: hasErrors, attributeTypes: attributeTypes))
            }
        }
        checkRefinements()
    }

    private mutating func add(_ declaration: Declaration) {
        let name = declaration.syntax.name.text
        guard let first = declarations[name] else {
            declarations[name] = declaration
            return
        }
        let place = first.path == declaration.path ? "" : " in \(first.fileName)"
        diagnostics.append(Diagnostic(.error, "protocol '\(name)' is already declared\(place); a module can declare a protocol once, so rename or delete one of them", path: declaration.path, at: declaration.syntax.name.location))
        diagnostics.append(Diagnostic(.note, "'\(name)' first declared here", path: first.path, at: first.syntax.name.location))
    }

    /// The diagnostics about the file at `path`.
    func diagnostics(for path: String) -> [Diagnostic] {
        guard !diagnostics.isEmpty else { return [] }
        var found: [Diagnostic] = []
        var belongs = false
        for diagnostic in diagnostics {
            if diagnostic.severity != .note {
                belongs = diagnostic.path == path
            }
            if belongs {
                found.append(diagnostic)
            }
        }
        return found
    }

    /// The names a misspelled protocol name may have meant.
    var names: [String] {
        declarations.keys.sorted()
    }

    // MARK: - Refinements

    /// Each refinement names a known protocol, none leads back to the protocol itself, and the
    /// attributes a protocol gets through its refinements have one type each. A protocol with
    /// such a problem, or refining one that has errors, counts as having errors.
    private mutating func checkRefinements() {
        for name in declarations.keys.sorted() {
            guard let declaration = declarations[name] else { continue }
            var hasErrors = declaration.hasErrors
            for refined in declaration.syntax.protocols {
                if declarations[refined.text] == nil {
                    hasErrors = true
                    diagnostics.append(Diagnostic(.error, unknownProtocolMessage(refined.text), path: declaration.path, at: refined.location))
                } else if refined.text == name || leadsBack(from: refined.text, to: name) {
                    hasErrors = true
                    diagnostics.append(Diagnostic(.error, "protocol '\(name)' refines itself through '\(refined.text)'; remove one refinement of the cycle", path: declaration.path, at: refined.location))
                }
            }
            if !hasErrors {
                let conflicts = flatten([name]).conflicts
                for conflict in conflicts {
                    hasErrors = true
                    diagnostics.append(Diagnostic(.error, "protocol '\(name)' gets attribute '\(conflict.name)' as '\(conflict.first.type)' from '\(conflict.first.protocolName)' and as '\(conflict.again.type)' from '\(conflict.again.protocolName)'; an attribute has one type, so change one of them", path: declaration.path, at: declaration.syntax.name.location))
                }
            }
            declarations[name]?.hasErrors = hasErrors
        }
        // A protocol refining one with errors has errors too, however deep.
        var changed = true
        while changed {
            changed = false
            for name in declarations.keys.sorted() where declarations[name]?.hasErrors == false {
                if declarations[name]!.syntax.protocols.contains(where: { declarations[$0.text]?.hasErrors ?? true }) {
                    declarations[name]?.hasErrors = true
                    changed = true
                }
            }
        }
    }

    /// Whether following refinements from `start` reaches `target`.
    private func leadsBack(from start: String, to target: String) -> Bool {
        var seen: Set<String> = []
        var pending = [start]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let declaration = declarations[name] else { continue }
            for refined in declaration.syntax.protocols {
                if refined.text == target { return true }
                pending.append(refined.text)
            }
        }
        return false
    }

    func unknownProtocolMessage(_ name: String) -> String {
        let hint = Suggestion.hint(for: name, among: names, otherwise: "; declare it in a schema with 'protocol \(name) { ... }'")
        return "'\(name)' is not a protocol of the module's schemas\(hint)"
    }

    // MARK: - Adopted attributes

    /// An attribute as a protocol declares it, with the protocol's name.
    struct ProtocolAttribute {
        var syntax: AttributeSyntax
        var protocolName: String
        /// The name, among those `flatten` was given, through which the attribute came: the
        /// protocol itself or one that refines it.
        var via: String
        /// The Swift type it resolves to in its protocol's file.
        var type: String
        /// The protocol's file scope.
        var scope: FileScope
    }

    /// Two protocols giving one attribute name two types.
    struct Conflict {
        var name: String
        var first: ProtocolAttribute
        var again: ProtocolAttribute
    }

    /// The attributes the named protocols declare, each refined protocol's before its own,
    /// in the order named, each protocol and each attribute name once (the first keeps its
    /// place); and the names two of them give different types. Unknown names are skipped.
    func flatten(_ names: [String]) -> (attributes: [ProtocolAttribute], conflicts: [Conflict]) {
        var visited: Set<String> = []
        var attributes: [ProtocolAttribute] = []
        var index: [String: Int] = [:]
        var conflicts: [Conflict] = []
        func visit(_ name: String, via root: String) {
            guard visited.insert(name).inserted, let declaration = declarations[name] else { return }
            for refined in declaration.syntax.protocols {
                visit(refined.text, via: root)
            }
            for (syntax, type) in zip(declaration.syntax.attributes, declaration.attributeTypes) {
                let attribute = ProtocolAttribute(syntax: syntax, protocolName: name, via: root, type: type, scope: declaration.scope)
                if let position = index[syntax.name.text] {
                    if attributes[position].type != type {
                        conflicts.append(Conflict(name: syntax.name.text, first: attributes[position], again: attribute))
                    }
                    continue
                }
                index[syntax.name.text] = attributes.count
                attributes.append(attribute)
            }
        }
        for name in names {
            visit(name, via: name)
        }
        return (attributes, conflicts)
    }
}
