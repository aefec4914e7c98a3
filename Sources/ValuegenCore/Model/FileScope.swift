import ValuegenPluginSDK

/// What a schema file's own annotations declare: the types it takes from elsewhere with
/// `%type`, the module it belongs to (`%library`) and the modules it imports.
struct FileScope: Sendable, Equatable {
    /// `%type name=` declarations, by name.
    var types: [String: SourceLocation] = [:]
    /// The `%type` names declared `sendable=true`.
    var sendable: Set<String> = []
    /// The `library=` of each `%type` that names one.
    var libraries: [String: String] = [:]
    /// `%library name=`: the module the generated code belongs to.
    var ownModule: String?
    /// The modules the generated file imports for the `%type` and `%import` annotations.
    var imports: Set<String> = []
    /// The modules named with `%import`.
    var explicitImports: Set<String> = []
    /// The `%type` names that came with a protocol of another file (`FileScope.adopt`): they
    /// are that file's to check.
    var adoptedTypeNames: Set<String> = []

    /// Modules whose types valuegen cannot list, sorted: any import but Foundation and the
    /// module itself. A name the file does not know may come from one of them.
    var unseenModules: [String] {
        imports.filter { $0 != "Foundation" && $0 != ownModule }.sorted()
    }
}
