import ValuegenPluginSDK

/// Which components an import writes: `--include` and `--exclude`, globs on the components'
/// names in the document (`*` any run of characters, `?` one), and everything the included
/// components refer to, directly or through other components.
///
/// An excluded component is not written even when an included one refers to it; it is then
/// `RawJSON` where it is used (`OpenAPISchemaMapper` warns at each use).
public struct ImportSelection: Sendable, Equatable {
    /// Globs of the components to import with what they refer to; empty for all of them.
    public var include: [String]
    /// Globs of the components never to import.
    public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// The components chosen, and those excluded.
    struct Chosen {
        var components: Set<String>
        var excluded: Set<String>
        var warnings: [ImportWarning]
    }

    /// An `--include` that matches no component is an error: a script that names a component
    /// the document no longer has must not import less without saying so. An `--exclude` that
    /// matches none is a warning, since the import is the same without it.
    func choose(in document: OpenAPIDocument) throws(OpenAPIImport.Failure) -> Chosen {
        let names = document.schemas.map(\.key)
        var warnings: [ImportWarning] = []
        for glob in include where !names.contains(where: { Self.matches($0, glob: glob) }) {
            throw OpenAPIImport.Failure(message: "--include '\(glob)' matches no component of components/schemas; the names are matched as written in the document, with * and ? as wildcards (for example --include 'Payment*')")
        }
        for glob in exclude where !names.contains(where: { Self.matches($0, glob: glob) }) {
            warnings.append(ImportWarning(pointer: "#/components/schemas", message: "--exclude '\(glob)' matches no component; nothing is excluded by it"))
        }
        let excluded = Set(names.filter { name in exclude.contains { Self.matches(name, glob: $0) } })
        let roots = names.filter { name in !excluded.contains(name) && (include.isEmpty || include.contains { Self.matches(name, glob: $0) }) }
        var chosen: Set<String> = []
        var pending = roots
        var visitedReferences: Set<String> = []
        while let name = pending.popLast() {
            guard !excluded.contains(name), chosen.insert(name).inserted, let schema = document.schemaNamed[name] else { continue }
            pending += referencedComponents(schema, in: document, visited: &visitedReferences)
        }
        return Chosen(components: chosen, excluded: excluded, warnings: warnings)
    }

    /// The components `value` refers to with `$ref`, also through references to other parts
    /// of the document (`#/components/schemas/Pet/properties/owner` counts as `Pet`).
    private func referencedComponents(_ value: JSONValue, in document: OpenAPIDocument, visited: inout Set<String>) -> [String] {
        var found: [String] = []
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    guard member.key == "$ref", let target = member.value.stringValue else {
                        stack.append(member.value)
                        continue
                    }
                    guard visited.insert(target).inserted else { continue }
                    if let component = Self.component(containing: target) {
                        found.append(component)
                    } else if let resolved = document.resolve(target) {
                        stack.append(resolved)
                    }
                }
            case .array(let elements):
                stack += elements
            default:
                break
            }
        }
        return found
    }

    /// `#/components/schemas/Pet/properties/owner` → `Pet`.
    static func component(containing reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let token = reference.dropFirst(prefix.count).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return token.isEmpty ? nil : OpenAPIDocument.unescape(String(token))
    }

    /// Whether `name` matches `glob`: `*` matches any run of characters, `?` one character,
    /// every other character itself (case matters, as in the document).
    static func matches(_ name: String, glob: String) -> Bool {
        let name = Array(name), glob = Array(glob)
        var (n, g) = (0, 0)
        var star: (glob: Int, name: Int)?
        while n < name.count {
            if g < glob.count, glob[g] == "?" || (glob[g] != "*" && glob[g] == name[n]) {
                n += 1
                g += 1
            } else if g < glob.count, glob[g] == "*" {
                star = (g, n)
                g += 1
            } else if let last = star {
                star = (last.glob, last.name + 1)
                (g, n) = (last.glob + 1, last.name + 1)
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "*" {
            g += 1
        }
        return g == glob.count
    }
}
