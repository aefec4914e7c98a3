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
        /// Its index in the type's `storedValues`, which messages read.
        var position: Int
        var skipsEquality: Bool
        var containsExistential: Bool
        /// A block's function type: nothing a feature needs of a held type holds for it.
        var containsFunction: Bool
        /// Indices into the file's `names`, each once, in the order the type spells them, as
        /// a range of the file's `held`.
        var names: Range<Int>
        /// Those used as a `Set` element or a dictionary key, as a range of the file's `held`.
        var hashableNames: Range<Int>
    }

    /// By file: the distinct names its types hold, and what each means there.
    private(set) var names: [[String]] = []
    private(set) var meanings: [[Meaning]] = []
    /// By file, then type: its stored values, in the order of `storedValues`.
    private(set) var values: [[[Value]]] = []
    /// By file: the name indices every value's ranges point into, one array for the file.
    private(set) var held: [[Int]] = []

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
            var fileHeld: [Int] = []
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
            func value(_ type: TypeReference, skipsEquality: Bool, position: Int) -> Value {
                let uses = type.uses
                let start = fileHeld.count
                for use in uses where !use.isConstraint {
                    let name = intern(use.name)
                    if !fileHeld[start...].contains(name) {
                        fileHeld.append(name)
                    }
                }
                let end = fileHeld.count
                for use in uses where use.needsHashable && !use.isConstraint {
                    let name = intern(use.name)
                    if !fileHeld[end...].contains(name) {
                        fileHeld.append(name)
                    }
                }
                return Value(position: position, skipsEquality: skipsEquality, containsExistential: type.containsExistential, containsFunction: type.swift.contains("->"), names: start..<end, hashableNames: end..<fileHeld.count)
            }
            // In the order of `storedValues`, without making them: attributes, then each
            // case's attributes and single payload.
            let fileValues = (schema.model?.types ?? []).map { type in
                var values: [Value] = []
                for attribute in type.attributes {
                    values.append(value(attribute.type, skipsEquality: attribute.skipsEquality, position: values.count))
                }
                for adtCase in type.cases {
                    for attribute in adtCase.attributes {
                        values.append(value(attribute.type, skipsEquality: attribute.skipsEquality, position: values.count))
                    }
                    if let single = adtCase.singleValueType {
                        values.append(value(single, skipsEquality: false, position: values.count))
                    }
                }
                return values
            }
            names.append(fileNames)
            meanings.append(fileMeanings)
            values.append(fileValues)
            held.append(fileHeld)
        }
    }

    /// The names a value holds, as indices into its file's `names`.
    func names(of value: Value, file: Int) -> ArraySlice<Int> {
        held[file][value.names]
    }

    func hashableNames(of value: Value, file: Int) -> ArraySlice<Int> {
        held[file][value.hashableNames]
    }
}
