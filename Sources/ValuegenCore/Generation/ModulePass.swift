import ValuegenPluginHost
import ValuegenPluginSDK

/// The module pass (ABI 1.4, ``ModuleFeature``): after every schema file of the run is
/// generated, each feature with a module pass is called once with every schema file that its
/// configuration covers, and what it emits joins the run as if the first of those files that
/// includes it (its *anchor*, in path order) had emitted it. So the rules of module files and
/// declarations (one text per path or key, the build-tool plugin's outputs) hold for it
/// unchanged, and an error of the pass keeps every output of the pass, and of the files it is
/// reported at, off the disk.
///
/// The pass runs only when no schema file of the run has an error from parsing or resolving:
/// a module file written without a file's types would be silently different.
enum ModulePass {
    /// One feature's pass over the files whose pipelines hold it.
    private struct Pass {
        var feature: any ModuleFeature
        var registry: FeatureRegistry
        /// Indices into the run's files, in path order.
        var files: [Int]
    }

    /// - Parameters:
    ///   - files: the run's generated files, in the order of `requests` and `registries`.
    ///   - requests: what the features got for each file; nil for a file with errors.
    ///   - registries: the features of each file's pipeline.
    ///   - declared: `"moduleFiles"` of the configurations, by plugin name.
    ///   - allowsExtraFiles: false under the build-tool plugin, which declares its outputs first.
    ///   - leftOut: whether some schema file of the run is not among `files` (its output name
    ///     clashes with another's), which leaves the pass out as an error in a file does.
    static func run(into files: inout [GeneratedFile], requests: [GenerationRequest?], registries: [FeatureRegistry], declared: [String: DeclaredModuleFiles], allowsExtraFiles: Bool, leftOut: Bool) {
        let passes = passes(files: files, registries: registries)
        guard !passes.isEmpty, !leftOut, requests.allSatisfy({ $0 != nil }) else { return }
        var indexByPath: [String: Int] = [:]
        for index in files.indices {
            indexByPath[files[index].source.path] = index
        }
        for pass in passes {
            let name = pass.feature.descriptor.name
            let anchor = pass.files.first { requests[$0]!.types.contains { $0.includes.contains(name) } }
            let declaration = (pass.feature as? PluginBacked).flatMap { declared[$0.pluginName.description] }
            // Declared outputs must be written even when no type includes the plugin.
            guard let anchor = anchor ?? (declaration == nil ? nil : pass.files[0]) else { continue }
            let collector = ModulePassCollector(featureName: pass.registry.shownName(of: pass.feature), origin: pass.registry.origin(of: pass.feature))
            let request = ModuleRequest(
                generatorVersion: requests[anchor]!.generatorVersion,
                files: pass.files.map { index in
                    var file = requests[index]!
                    file.module = nil
                    file.options = nil
                    return file
                }
            )
            do {
                try pass.feature.generateModule(request, into: collector)
            } catch {
                collector.diagnose(.error, "internal error in the module pass of feature '\(name)' (\(pass.feature.descriptor.id)): \(error)", in: nil, at: nil)
            }
            collector.check(declaration, allowsExtraFiles: allowsExtraFiles)
            attach(collector, anchor: anchor, indexByPath: indexByPath, to: &files)
        }
    }

    /// The features with a module pass, each with the files whose pipelines hold it.
    private static func passes(files: [GeneratedFile], registries: [FeatureRegistry]) -> [Pass] {
        var passes: [Pass] = []
        var positions: [ObjectIdentifier: Int] = [:]
        for index in files.indices.sorted(by: { files[$0].source.path < files[$1].source.path }) {
            for feature in registries[index].features where feature.descriptor.hasModulePass {
                guard let moduleFeature = feature as? any ModuleFeature else { continue }
                let identity = ObjectIdentifier(feature as AnyObject)
                if let position = positions[identity] {
                    passes[position].files.append(index)
                } else {
                    positions[identity] = passes.count
                    passes.append(Pass(feature: moduleFeature, registry: registries[index], files: [index]))
                }
            }
        }
        return passes
    }

    /// Puts the pass's diagnostics on the files they are about (the anchor for the run's) and,
    /// when none is an error, its output on the anchor.
    private static func attach(_ collector: ModulePassCollector, anchor: Int, indexByPath: [String: Int], to files: inout [GeneratedFile]) {
        var failed: Set<Int> = []
        for diagnostic in collector.diagnostics {
            let index = diagnostic.path.flatMap { indexByPath[$0] } ?? anchor
            let location = diagnostic.path.flatMap { indexByPath[$0] } == nil ? nil : diagnostic.location
            files[index].diagnostics.append(Diagnostic(diagnostic.severity, diagnostic.message, path: files[index].source.path, at: location))
            if diagnostic.severity == .error {
                failed.insert(index)
            }
        }
        guard failed.isEmpty else {
            for index in failed {
                files[index].contents = nil
                files[index].extraFiles = []
            }
            return
        }
        let emitted = collector.contributions
        files[anchor].moduleFiles += emitted.moduleFiles.map { file in
            var extra = ExtraFile(path: file.path, contents: file.contents, featureName: emitted.featureName, origin: emitted.origin)
            extra.isDeclaredOutput = collector.declaredPaths.contains(file.path)
            return extra
        }
        files[anchor].moduleDeclarations += emitted.moduleDeclarations.map {
            ModuleDeclaration(key: $0.key, code: $0.code, featureName: emitted.featureName, origin: emitted.origin)
        }
        files[anchor].moduleImports += emitted.moduleImports
    }
}

/// What one module pass emitted: module files, declarations and imports (checked as a
/// feature's are), and diagnostics at any schema file of the run.
final class ModulePassCollector: ModuleEmitter {
    let contributions: ContributionCollector
    private(set) var diagnostics: [(severity: DiagnosticSeverity, message: String, path: String?, location: SourceLocation?)] = []
    /// The module files valuegen.json declares for the plugin.
    private(set) var declaredPaths: Set<String> = []

    init(featureName: String, origin: String?) {
        contributions = ContributionCollector(featureName: featureName, origin: origin)
    }

    func emitModuleFile(path: String, contents: String) {
        contributions.emitModuleFile(path: path, contents: contents)
    }

    func emitModuleDeclaration(_ code: String, key: String) {
        contributions.emitModuleDeclaration(code, key: key)
    }

    func emitModuleImport(_ module: String) {
        contributions.emitModuleImport(module)
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, in path: String?, at location: SourceLocation?) {
        diagnostics.append((severity, message, path, location))
    }

    /// The rules of declared outputs: every file valuegen.json declares is written, and under
    /// the build-tool plugin nothing else. Also takes the collector's own refusals (an unsafe path).
    func check(_ declaration: DeclaredModuleFiles?, allowsExtraFiles: Bool) {
        for refusal in contributions.diagnostics {
            diagnose(refusal.severity, refusal.message, in: nil, at: nil)
        }
        let origin = contributions.origin
        let written = contributions.moduleFiles.map(\.path)
        declaredPaths = Set(declaration?.paths ?? [])
        for path in declaration?.paths ?? [] where !written.contains(path) {
            diagnose(.error, "\(declaration!.configuration) declares the module file '\(path)' in \"moduleFiles\" of \(origin), but its module pass did not write it; SwiftPM fails a build whose declared output is missing, so remove it from \"moduleFiles\" or have the plugin write it", in: nil, at: nil)
        }
        guard !allowsExtraFiles else { return }
        for path in written where !declaredPaths.contains(path) {
            diagnose(.error, "\(origin) wrote the module file '\(path)' in its module pass, which valuegen.json does not declare; the build-tool plugin tells SwiftPM every output before the run, so add \"\(path)\" to \"moduleFiles\" of the plugin's entry in \(declaration?.configuration ?? "the target's valuegen.json")", in: nil, at: nil)
        }
    }
}
