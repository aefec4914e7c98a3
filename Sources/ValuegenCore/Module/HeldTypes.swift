import ValuegenPluginSDK

/// What every type of the module holds, read once for `FeatureRequirements`: each stored
/// value's distinct type names, interned per file, and what each name means there. The
/// requirements ask about every name of every attribute for five features, and again each
/// time a default is left out; with the names interned, each question is a bit test.
struct HeldTypes {
    /// What a name held in one file is.
    enum Meaning {
        /// Not a schema type of the module: what it has never changes.
        case fixed(RequiredFeatures)
        /// A schema type, counted with its first declaration: what it has changes as
        /// defaults are left out.
        case schema(file: Int, index: Int)
    }

    /// One stored value and what it holds.
    struct Value {
        var value: StoredValue
        /// Indices into the file's `names`, each once, in the order the type spells them.
        var names: [Int]
        /// Those used as a `Set` element or a dictionary key.
        var hashableNames: [Int]
    }

    /// By file: the distinct names its types hold, and what each means there.
    private(set) var names: [[String]] = []
    private(set) var meanings: [[Meaning]] = []
    /// By file, then type: its stored values, in the order of `storedValues`.
    private(set) var values: [[[Value]]] = []

    init(_ schemas: [ResolvedSchema], declarations: ModuleDeclarations) {
        var firstDeclaration: [String: (file: Int, index: Int)] = [:]
        for (name, entry) in declarations.schemaTypes {
            if let index = schemas[entry.file].model?.types.firstIndex(where: { $0.name == name }) {
                firstDeclaration[name] = (entry.file, index)
            }
        }
        for schema in schemas {
            var interned: [String: Int] = [:]
            var fileNames: [String] = []
            var fileMeanings: [Meaning] = []
            func intern(_ name: String) -> Int {
                if let known = interned[name] { return known }
                let meaning = declarations.meaning(of: name, in: schema.scope)
                if case .schema = meaning, let first = firstDeclaration[name] {
                    fileMeanings.append(.schema(file: first.file, index: first.index))
                } else {
                    fileMeanings.append(.fixed(RequiredFeatures.of(name, meaning: meaning)))
                }
                fileNames.append(name)
                interned[name] = fileNames.count - 1
                return fileNames.count - 1
            }
            let fileValues = (schema.model?.types ?? []).map { type in
                type.storedValues.map { value in
                    var held = Value(value: value, names: [], hashableNames: [])
                    for use in value.type.uses where !use.isConstraint {
                        let name = intern(use.name)
                        if !held.names.contains(name) {
                            held.names.append(name)
                        }
                        if use.needsHashable && !held.hashableNames.contains(name) {
                            held.hashableNames.append(name)
                        }
                    }
                    return held
                }
            }
            names.append(fileNames)
            meanings.append(fileMeanings)
            values.append(fileValues)
        }
    }
}
