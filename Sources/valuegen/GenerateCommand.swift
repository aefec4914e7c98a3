import ValuegenCore

/// `valuegen generate`: runs the generation and prints what happened.
enum GenerateCommand {
    static func run(_ options: GenerationOptions, quiet: Bool) -> Int32 {
        let report = GenerationRun().run(options)
        for message in report.usageErrors {
            Console.error(message)
        }
        for diagnostic in report.diagnostics {
            Console.error(diagnostic.description)
        }
        for message in report.writeErrors {
            Console.error(message)
        }
        if let path = options.warningsFilePath, report.usageErrors.isEmpty, !options.checkOnly {
            do {
                try WarningsFile.record(report.diagnostics, at: path)
            } catch {
                Console.error(error.description)
                return max(report.exitCode, 1)
            }
        }
        if options.checkOnly {
            for path in report.stale {
                Console.error("\(path): error: missing or out of date; run 'valuegen generate' without --check")
            }
            for orphan in report.orphaned {
                Console.error("\(orphan.path): error: generated from \(orphan.schemaName), which no schema file of this run is any more; run 'valuegen generate' without --check to remove it")
            }
        }
        if !quiet && report.usageErrors.isEmpty {
            let total = report.written.count + report.unchanged.count + report.stale.count
            if options.checkOnly {
                let checked = total + report.orphaned.count
                print("Checked \(checked) file\(checked == 1 ? "" : "s") in \(options.outputDirectory): \(report.stale.count + report.orphaned.count) stale.")
            } else {
                for orphan in report.removed {
                    print("Removed \(orphan.path): generated from \(orphan.schemaName), which no schema file of this run is any more")
                }
                let removed = report.removed.isEmpty ? "" : ", \(report.removed.count) removed"
                print("Generated \(total) file\(total == 1 ? "" : "s") in \(options.outputDirectory) (\(report.written.count) written, \(report.unchanged.count) unchanged\(removed)).")
            }
        }
        return report.exitCode
    }
}
