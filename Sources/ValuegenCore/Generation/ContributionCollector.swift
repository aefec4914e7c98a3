import ValuegenPluginSDK

/// What one feature contributed to one file: the emitter a feature writes into.
final class ContributionCollector: Emitter {
    /// The include name shown in the generated file's `// MARK: -` headers.
    let featureName: String
    /// Who emitted, as messages name it: `feature 'Builder'` or `plugin 'ID' (path)`.
    let origin: String
    private(set) var imports: [String] = []
    private(set) var declarations: [(typeName: String, code: String)] = []
    private(set) var files: [(path: String, contents: String)] = []
    /// Code for the module support file, by key, in the order emitted.
    private(set) var moduleDeclarations: [(key: String, code: String)] = []
    private(set) var moduleImports: [String] = []
    /// Files of the whole module, in the order emitted (`ModuleFiles`).
    private(set) var moduleFiles: [(path: String, contents: String)] = []
    private(set) var diagnostics: [(severity: DiagnosticSeverity, message: String, location: SourceLocation?)] = []

    init(featureName: String, origin: String? = nil) {
        self.featureName = featureName
        self.origin = origin ?? "feature '\(featureName)'"
    }

    func emitImport(_ module: String) {
        imports.append(module)
    }

    func emitDeclaration(_ code: String, attachedTo typeName: String) {
        declarations.append((typeName, code))
    }

    func emitFile(path: String, contents: String) {
        guard ExtraFilePath.isSafe(path) else {
            diagnose(.error, "\(origin) emitted the file '\(path)', which is not a relative path inside the output folder", at: nil)
            return
        }
        files.append((path, contents))
    }

    func emitModuleDeclaration(_ code: String, key: String) {
        guard ModuleDeclarationKey.isValid(key) else {
            diagnose(.error, "\(origin) emitted a module declaration with the key \(SwiftLanguage.stringLiteral(key)), which \(ModuleDeclarationKey.rule)", at: nil)
            return
        }
        moduleDeclarations.append((key, code))
    }

    func emitModuleImport(_ module: String) {
        moduleImports.append(module)
    }

    func emitModuleFile(path: String, contents: String) {
        guard ExtraFilePath.isSafe(path) else {
            diagnose(.error, "\(origin) emitted the module file '\(path)', which is not a relative path inside the output folder", at: nil)
            return
        }
        moduleFiles.append((path, contents))
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) {
        diagnostics.append((severity, message, location))
    }
}
