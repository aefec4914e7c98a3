import Foundation

/// Typechecks the generated code of many mutants of one module in a few compiler runs.
///
/// A mutant's outputs mostly equal the unmutated module's (the baseline). Its own files are
/// those whose output changed, and every file that names a type such a file declares (or
/// declared before the edit): their code may depend on what the edit changed. Only those are
/// checked, as primary files, against one copy of the baseline; the types they declare are
/// renamed with the mutant's prefix (`V17User`, so `V17UserBuilder` follows), so that the own
/// files of all mutants fit in one module and each error's file says whose it is. A mutant
/// that declares a name the standard library or the runtime already has (a type renamed to
/// `String`) would shadow it for everyone, and is checked alone, as is one importing a module
/// that does not exist (which stops the compiler) and every mutant with errors in the batch,
/// to be sure and to report its errors under its real names.
struct MutantBatchTypechecker: Sendable {
    /// One mutant's generated files, by output name (`User.swift`).
    struct Subject: Sendable {
        var id: Int
        var outputs: [String: String]
    }

    struct Verdict: Sendable {
        /// The errors of the mutant checked alone; empty when its code typechecks.
        var errors: [CompilerDiagnostic]
        var checkedAlone: Bool
        /// The batch found errors that the mutant alone does not have: a flaw of the batching.
        var batchDisagreed: Bool
    }

    var typechecker: SwiftTypechecker
    var baseline: [String: String]
    var folder: URL
    /// Names that are not renamed: declaring one is shadowing.
    var standardNames: Set<String>
    var parallelism = 2

    /// Checks the baseline alone; its errors, which must be none for the batches to mean anything.
    func checkBaseline() throws -> [CompilerDiagnostic] {
        let paths = try write(baseline, into: "baseline-alone")
        return try typechecker.typecheck(primaries: paths, bodies: true).filter { $0.severity == "error" }
    }

    func check(_ subjects: [Subject]) throws -> [Int: Verdict] {
        let context = try write(baseline, into: "baseline")
        var owner: [String: Int] = [:]
        var batched: [(subject: Int, paths: [String], size: Int)] = []
        var alone: [Int] = []
        for subject in subjects {
            guard let own = ownFiles(of: subject) else {
                alone.append(subject.id)
                continue
            }
            let paths = try write(own, into: "m\(subject.id)")
            paths.forEach { owner[$0] = subject.id }
            batched.append((subject.id, paths, own.values.reduce(0) { $0 + $1.utf8.count }))
        }

        // Declarations first: an unknown type makes the bodies that use it slow to check,
        // seconds each, and is found without them.
        let declarationErrors = try implicated(in: batched, owner: owner, context: context, bodies: false)
        let declarationSuspects = declarationErrors.named.union(declarationErrors.unplaced)
        let bodyErrors = try implicated(in: batched.filter { !declarationSuspects.contains($0.subject) }, owner: owner, context: context, bodies: true)
        let suspects = declarationSuspects.union(bodyErrors.named).union(bodyErrors.unplaced)
        // Only an error the batch placed in a mutant's own file must be found alone too.
        let named = declarationErrors.named.union(bodyErrors.named)

        var verdicts: [Int: Verdict] = [:]
        for entry in batched where !suspects.contains(entry.subject) {
            verdicts[entry.subject] = Verdict(errors: [], checkedAlone: false, batchDisagreed: false)
        }
        let byID = Dictionary(uniqueKeysWithValues: subjects.map { ($0.id, $0) })
        let aloneResults = try parallelMap(alone + suspects.sorted(), parallelism: parallelism) { id in
            let paths = try write(byID[id]!.outputs, into: "alone\(id)")
            var errors = try typechecker.typecheck(primaries: paths, bodies: false).filter { $0.severity == "error" }
            if errors.isEmpty {
                errors = try typechecker.typecheck(primaries: paths, bodies: true).filter { $0.severity == "error" }
            }
            return (id, errors)
        }
        for (id, errors) in aloneResults {
            verdicts[id] = Verdict(errors: errors, checkedAlone: true, batchDisagreed: named.contains(id) && errors.isEmpty)
        }
        return verdicts
    }

    /// The mutants with errors in their files when the batch is checked, `parallelism`
    /// compiler runs at a time, each with about the same amount of code; and those of a batch
    /// with an error no file owns (one swiftc places in a schema, `Message.value:4:18`, through
    /// the `#sourceLocation` of an expression default), each to be checked alone.
    private func implicated(in batched: [(subject: Int, paths: [String], size: Int)], owner: [String: Int], context: [String], bodies: Bool) throws -> (named: Set<Int>, unplaced: Set<Int>) {
        var batches = Array(repeating: [String](), count: parallelism)
        var sizes = Array(repeating: 0, count: parallelism)
        for entry in batched.sorted(by: { $0.size > $1.size }) {
            let smallest = sizes.indices.min { sizes[$0] < sizes[$1] }!
            batches[smallest] += entry.paths
            sizes[smallest] += entry.size
        }
        let results = try parallelMap(batches.filter { !$0.isEmpty }, parallelism: parallelism) { paths in
            (paths, try typechecker.typecheck(primaries: paths, context: context, bodies: bodies))
        }
        var named: Set<Int> = []
        var unplaced: Set<Int> = []
        for (paths, diagnostics) in results {
            for diagnostic in diagnostics where diagnostic.severity == "error" {
                if let id = owner[diagnostic.path] {
                    named.insert(id)
                } else {
                    // An error no file owns: every mutant of the batch is checked alone.
                    paths.compactMap { owner[$0] }.forEach { unplaced.insert($0) }
                }
            }
        }
        return (named, unplaced)
    }

    /// The files to check for a mutant, renamed; nil when it must be checked alone.
    func ownFiles(of subject: Subject) -> [String: String]? {
        let changed = Set(subject.outputs.keys.filter { subject.outputs[$0] != baseline[$0] })
        let removed = Set(baseline.keys).subtracting(subject.outputs.keys)
        var touched: Set<String> = []
        for name in changed { touched.formUnion(Self.declaredTypes(in: subject.outputs[name]!)) }
        for name in changed.union(removed) { touched.formUnion(baseline[name].map(Self.declaredTypes) ?? []) }
        guard touched.isDisjoint(with: standardNames) else { return nil }

        let own = subject.outputs.filter { changed.contains($0.key) || !Self.identifiers(in: $0.value).isDisjoint(with: touched) }
        var renamed = touched
        for text in own.values { renamed.formUnion(Self.declaredTypes(in: text)) }
        guard renamed.isDisjoint(with: standardNames),
              own.values.allSatisfy({ Self.topLevelNames(in: $0).isSubset(of: renamed) && Self.imports(in: $0).isSubset(of: Self.availableModules) })
        else { return nil }
        let prefix = "V\(subject.id)"
        return own.mapValues { Self.renaming(renamed, withPrefix: prefix, in: $0) }
    }

    // MARK: - Reading generated code

    private static let declaration = try! NSRegularExpression(pattern: #"^(?:public |internal |package |fileprivate |private )?(?:final class|class|struct|enum|indirect enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)
    private static let topLevel = try! NSRegularExpression(pattern: #"^(?:public |internal |package |fileprivate |private )?(?:final class|class|struct|enum|indirect enum|protocol|typealias|actor|extension|func|let|var) `?([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)
    private static let identifier = try! NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*")
    private static let importDeclaration = try! NSRegularExpression(pattern: #"^import ([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)

    /// A missing module stops the compiler at once, for every file: a mutant importing
    /// another one is checked alone.
    static let availableModules: Set<String> = ["Foundation", "ValuegenRuntime", "Observation", "Swift", "Dispatch"]

    static func imports(in text: String) -> Set<String> { captures(of: importDeclaration, in: text) }

    static func declaredTypes(in text: String) -> Set<String> { captures(of: declaration, in: text) }

    /// What a file declares or extends at its top level.
    static func topLevelNames(in text: String) -> Set<String> { captures(of: topLevel, in: text) }

    static func identifiers(in text: String) -> Set<String> {
        let range = NSRange(text.startIndex..., in: text)
        return Set(identifier.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
    }

    private static func captures(of expression: NSRegularExpression, in text: String) -> Set<String> {
        let range = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) })
    }

    /// Prefixes every whole-word use of the names, and of their builders.
    static func renaming(_ names: Set<String>, withPrefix prefix: String, in text: String) -> String {
        guard !names.isEmpty else { return text }
        let alternatives = names.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let expression = try! NSRegularExpression(pattern: "\\b(?:\(alternatives))(?:Builder)?\\b")
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\(prefix)$0")
    }

    // MARK: - Files and processes

    private func write(_ files: [String: String], into subfolder: String) throws -> [String] {
        let target = folder.appendingPathComponent(subfolder)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        return try files.keys.sorted().map { name in
            let url = target.appendingPathComponent(name)
            try Data(files[name]!.utf8).write(to: url)
            return url.path
        }
    }
}

/// `transform` over the elements, `parallelism` at a time; the results in the elements' order.
func parallelMap<Element: Sendable, Result: Sendable>(_ elements: [Element], parallelism: Int = 2, _ transform: @escaping @Sendable (Element) throws -> Result) throws -> [Result] {
    let results = ResultSlots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: min(parallelism, elements.count)) { _ in
        while let index = results.takeTicket() {
            results.set(index, Swift.Result { try transform(elements[index]) })
        }
    }
    return try results.values.map { try $0!.get() }
}

/// Results filled in from several threads.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]
    private var ticket = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Value, any Error>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// The index of the next element no thread has taken yet.
    func takeTicket() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard ticket < slots.count else { return nil }
        ticket += 1
        return ticket - 1
    }

    var values: [Result<Value, any Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
