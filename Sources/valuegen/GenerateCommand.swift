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
        if options.checkOnly {
            for path in report.stale {
                Console.error("\(path): error: missing or out of date; run 'valuegen generate' without --check")
            }
        }
        if !quiet && report.usageErrors.isEmpty {
            let total = report.written.count + report.unchanged.count + report.stale.count
            if options.checkOnly {
                print("Checked \(total) file\(total == 1 ? "" : "s") in \(options.outputDirectory): \(report.stale.count) stale.")
            } else {
                print("Generated \(total) file\(total == 1 ? "" : "s") in \(options.outputDirectory) (\(report.written.count) written, \(report.unchanged.count) unchanged).")
            }
        }
        return report.exitCode
    }
}
