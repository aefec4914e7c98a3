import ValuegenPluginSDK

/// What one feature contributed to one file: the emitter a feature writes into.
final class ContributionCollector: Emitter {
    let featureName: String
    private(set) var imports: [String] = []
    private(set) var declarations: [(typeName: String, code: String)] = []
    private(set) var diagnostics: [(severity: DiagnosticSeverity, message: String, location: SourceLocation?)] = []

    init(featureName: String) {
        self.featureName = featureName
    }

    func emitImport(_ module: String) {
        imports.append(module)
    }

    func emitDeclaration(_ code: String, attachedTo typeName: String) {
        declarations.append((typeName, code))
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) {
        diagnostics.append((severity, message, location))
    }
}
