import Foundation
import ValuegenPluginSDK

/// What `valuegen compat` was asked to compare and how to answer.
public struct CompatibilityOptions: Sendable {
    /// The old version: schema files and folders; ignored with `revision`.
    public var oldInputs: [String] = []
    /// The new version (with `revision`, the working tree's files and folders).
    public var newInputs: [String] = []
    /// `--against REV`: the old version is `newInputs` at this git revision.
    public var revision: String?
    /// `--allow KIND`: breaking categories that do not fail the check.
    public var allowed: Set<CompatibilityKind> = []
    /// `--direction`: the readers whose breaking findings fail the check (`old-data`: new
    /// code reading data written before; `new-data`: old code reading data written after).
    public var direction: ReadingDirection = .both
    /// `--fix`: write the pins that keep renumbered Binary fields, then compare again.
    public var fix = false
    /// What both versions are resolved with: `--config`, `--include`, `--exclude`, `--plugin`,
    /// `--product-directory` (the inputs are set per version).
    public var generation = GenerationOptions(inputs: [])

    public init() {}
}

/// Runs the comparison: loads both versions as `valuegen generate` would, classifies every
/// change, and with `--fix` pins renumbered fields and compares again.
public enum CompatibilityCheck {
    public static func run(_ options: CompatibilityOptions, registry: FeatureRegistry = .builtIn) -> CompatibilityReport {
        var report = CompatibilityReport(allowed: options.allowed, direction: options.direction)
        var checkout: GitRevisionCheckout?
        if let revision = options.revision {
            do {
                checkout = try GitRevisionCheckout(revision: revision, inputs: options.newInputs)
            } catch {
                report.errors.append(error.description)
                return report
            }
        }
        defer { checkout?.remove() }
        let oldInputs = checkout?.oldInputs ?? options.oldInputs
        report.oldVersion = options.revision ?? options.oldInputs.joined(separator: " ")
        report.newVersion = options.newInputs.joined(separator: " ")

        func snapshot(_ inputs: [String], old: Bool) -> SchemaSnapshot? {
            var generation = options.generation
            generation.inputs = inputs
            switch SchemaSnapshot.load(generation, registry: registry) {
            case .failure(let failure):
                report.errors += failure.messages
                return nil
            case .success(let snapshot):
                report.errors += snapshot.errors.map { diagnostic in
                    var shown = diagnostic
                    if old, let checkout { shown.path = checkout.place(of: diagnostic.path) }
                    return (old ? "in the old version: " : "") + shown.description
                }
                return snapshot
            }
        }
        // An old version without schemas (a revision before the folder existed) is empty.
        let oldSnapshot = oldInputs.isEmpty ? SchemaSnapshot([]) : snapshot(oldInputs, old: true)
        guard let oldSnapshot, var newSnapshot = snapshot(options.newInputs, old: false), report.errors.isEmpty else {
            return report
        }
        let revision = checkout
        let comparison = { (new: SchemaSnapshot) in
            SchemaComparison(
                old: oldSnapshot, new: new,
                oldPlace: { path, location in
                    let file = revision?.place(of: path) ?? path
                    return location.map { "\(file):\($0.line):\($0.column)" } ?? file
                },
                newPath: { path in revision?.workingPath(of: path) ?? path }
            )
        }
        report.findings = comparison(newSnapshot).findings()
        guard options.fix else { return report }

        let pins = Set(report.findings.compactMap(\.pin))
        guard !pins.isEmpty else { return report }
        for path in Set(pins.map(\.path)).sorted() {
            let filePins = pins.filter { $0.path == path }.sorted { ($0.location, $0.attributeName) < ($1.location, $1.attributeName) }
            do {
                let source = SchemaSource(path: path, bytes: try FileSystem.read(path))
                let result = BinaryPinWriter.apply(filePins, to: source)
                report.errors += result.diagnostics.filter { $0.severity == .error }.map(\.description)
                guard let bytes = result.bytes else { continue }
                _ = try FileSystem.writeIfChanged(bytes, to: path)
                report.fixed.append((path, filePins.count))
            } catch {
                report.errors.append(error.description)
            }
        }
        // What is left after the pins.
        guard let fixed = snapshot(options.newInputs, old: false), report.errors.isEmpty else { return report }
        newSnapshot = fixed
        report.findings = comparison(newSnapshot).findings()
        return report
    }
}
