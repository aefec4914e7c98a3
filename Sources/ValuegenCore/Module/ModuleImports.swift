import ValuegenPluginSDK

/// A generated file must not import its own module. The module's name is what any of its
/// files says with `%library name=`; and a library that a file names only in `%type`
/// declarations of types the module's own schemas declare (Remodel projects write
/// `%type name=User library=App` for the files beside them) is the module itself too.
enum ModuleImports {
    static func apply(to schemas: inout [ResolvedSchema], declarations: ModuleDeclarations) {
        let ownNames = Set(schemas.compactMap(\.scope.ownModule))
        for index in schemas.indices {
            guard var model = schemas[index].model else { continue }
            var scope = schemas[index].scope
            var own = ownNames
            for library in Set(scope.libraries.values) {
                let named = scope.libraries.filter { $0.value == library }.map(\.key)
                if !scope.explicitImports.contains(library), named.allSatisfy({ declarations.schemaTypes[$0] != nil }) {
                    own.insert(library)
                }
            }
            scope.imports.subtract(own)
            if scope.ownModule == nil, let name = ownNames.sorted().first {
                scope.ownModule = name
            }
            model.imports.removeAll { own.contains($0) }
            schemas[index].scope = scope
            schemas[index].model = model
        }
        spreadUIKit(in: &schemas, declarations: declarations)
    }

    /// A file that needs UIKit is compiled only where UIKit can be imported, so a file holding
    /// one of its types needs UIKit too, as the Objective-C file imported its header.
    private static func spreadUIKit(in schemas: inout [ResolvedSchema], declarations: ModuleDeclarations) {
        var needing = Set(schemas.indices.filter { schemas[$0].model?.imports.contains("UIKit") == true })
        guard !needing.isEmpty else { return }
        var changed = true
        while changed {
            changed = false
            for index in schemas.indices where !needing.contains(index) {
                guard let model = schemas[index].model else { continue }
                let holds = model.types.contains { type in
                    type.storedValues.contains { value in
                        value.type.uses.contains { use in declarations.schemaTypes[use.name].map { needing.contains($0.file) } ?? false }
                    }
                }
                guard holds else { continue }
                schemas[index].model!.imports = (model.imports + ["UIKit"]).sorted()
                needing.insert(index)
                changed = true
            }
        }
    }
}
