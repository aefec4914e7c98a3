import ValuegenPluginSDK

/// Code a feature emitted once for the whole module, under a key that names it.
public struct ModuleDeclaration: Sendable, Equatable {
    public var key: String
    public var code: String
    /// The include name of the feature that emitted it.
    public var featureName: String
    /// Who emitted it, as messages name it: `feature 'X'` or `plugin 'ID' (path)`.
    public var origin: String

    public init(key: String, code: String, featureName: String, origin: String? = nil) {
        self.key = key
        self.code = code
        self.featureName = featureName
        self.origin = origin ?? "feature '\(featureName)'"
    }
}

/// The module support file (`ValuegenModuleSupport.swift`): the module declarations of every
/// schema file of a run, each key once, sorted by key, with the imports they need.
///
/// The same key with the same code (trailing spaces and newlines aside) from several types,
/// files or features lands once. The same key with other code is an error on the later schema
/// file in path order, naming the earlier one; that file then generates nothing, as a file
/// with any other error. The code kept for a key so comes from the first file in path order,
/// whatever order the files were generated in.
struct ModuleSupportFile: Equatable {
    static let fileName = SchemaFileNaming.moduleSupportFileName

    /// Sorted by key.
    private(set) var declarations: [ModuleDeclaration] = []
    /// Sorted, each once.
    private(set) var imports: [String] = []

    var isEmpty: Bool { declarations.isEmpty && imports.isEmpty }

    /// Collects the module declarations of the files without errors, and fails a file whose
    /// declaration contradicts one kept before it.
    static func collect(from files: inout [GeneratedFile]) -> ModuleSupportFile {
        var kept: [String: (declaration: ModuleDeclaration, path: String)] = [:]
        var imports: Set<String> = []
        for index in files.indices.sorted(by: { files[$0].source.path < files[$1].source.path }) where files[index].contents != nil {
            let path = files[index].source.path
            var fromThisFile: [String: (declaration: ModuleDeclaration, path: String)] = [:]
            var conflicts: [Diagnostic] = []
            for declaration in files[index].moduleDeclarations {
                var declaration = declaration
                declaration.code = FileAssembler.normalized(declaration.code)
                guard let earlier = fromThisFile[declaration.key] ?? kept[declaration.key] else {
                    fromThisFile[declaration.key] = (declaration, path)
                    continue
                }
                guard earlier.declaration.code != declaration.code else { continue }
                let place = earlier.path == path ? "this file" : earlier.path
                conflicts.append(Diagnostic(.error, "\(declaration.origin) emitted the module declaration '\(declaration.key)' with other code than \(earlier.declaration.origin) emitted under that key in \(place); a key names one declaration of \(fileName), so emit the same code under it everywhere or use another key", path: path))
            }
            if conflicts.isEmpty {
                kept.merge(fromThisFile) { first, _ in first }
                imports.formUnion(files[index].moduleImports)
            } else {
                files[index].diagnostics += conflicts
                files[index].contents = nil
                files[index].extraFiles = []
            }
        }
        var file = ModuleSupportFile()
        file.declarations = kept.values.map(\.declaration).sorted { $0.key < $1.key }
        file.imports = imports.sorted()
        return file
    }

    /// The file's text: the header, the imports, then each declaration under `// MARK: - <key>`.
    /// Only the header (and a line saying why it is there) when nothing was emitted.
    var text: String {
        var text = Self.header
        guard !isEmpty else {
            return text + "// No feature emitted a module declaration in this run; the file exists so that the build's outputs are the same on every run.\n"
        }
        if !imports.isEmpty {
            text += "\n"
            for module in imports {
                text += "import \(module)\n"
            }
        }
        for declaration in declarations {
            text += "\n// MARK: - \(declaration.key)\n\n"
            text += declaration.code
        }
        return text
    }

    /// The first line, by which valuegen also knows a file it may rewrite.
    static let header = SwiftTypeScanner.generatedFileMarker + "\(ValuegenVersion.current): the declarations the module's schema files share. Do not edit: change the schemas and regenerate.\n"
}

extension GeneratorPipeline {
    /// The text of the module support file for schema files generated together
    /// (``generate(module:settings:swiftTypes:)``), as `valuegen generate` writes it beside
    /// them; nil when no feature emitted a module declaration. A file whose declaration
    /// contradicts an earlier one's fails, as in a run.
    public static func moduleSupportFile(for files: inout [GeneratedFile]) -> String? {
        let support = ModuleSupportFile.collect(from: &files)
        return support.isEmpty ? nil : support.text
    }
}
