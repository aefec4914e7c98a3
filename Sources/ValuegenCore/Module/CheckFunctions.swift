import ValuegenPluginSDK

/// `%check with=validateItem` calls `Self.validateItem(self)`, a function the module's Swift
/// code must declare; one that no scanned Swift file declares would fail in the generated file
/// (`type 'Item' has no member 'validateItem'`). A warning, not an error: the scan is of the
/// module's own files, and the function may come from an extension in another module. Nothing
/// is said when no Swift code was scanned (a CLI run on schemas alone).
struct CheckFunctions {
    let declarations: ModuleDeclarations

    func diagnostics(for schema: ResolvedSchema) -> [Diagnostic] {
        guard declarations.scannedSwiftCode, let model = schema.model else { return [] }
        var diagnostics: [Diagnostic] = []
        for type in model.types {
            guard let annotation = type.annotations.first(where: { $0.name == "check" }),
                  let function = annotation["with"], SwiftLanguage.isIdentifier(function),
                  !declarations.staticFunctions.contains(function) else { continue }
            let location = annotation.arguments.first { $0.key == "with" }?.valueLocation ?? annotation.location
            diagnostics.append(Diagnostic(.warning, "'\(function)' in '%check with=' is declared in none of the module's Swift files; declare 'static func \(function)(_ value: \(type.name)) throws' in an extension of '\(type.name)'", path: schema.source.path, at: location))
        }
        return diagnostics
    }
}
