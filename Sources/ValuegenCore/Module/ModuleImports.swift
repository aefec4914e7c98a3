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
    }
}
