import Foundation

/// The benchmark's command line: `[N] [--modes debug,release] [--runs R] [--sets name,…] [--instructions]`.
struct BenchmarkOptions {
    var models = 100
    var modes: [BuildMode] = BuildMode.allCases
    var runs = 1
    var featureSets: [FeatureSet] = FeatureSet.all
    /// Count the frontends' instructions (callgrind) instead of timing the compilations.
    var countsInstructions = false

    static func parse(_ arguments: [String]) throws -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--modes":
                let names = try value(after: argument, in: &rest).split(separator: ",").map(String.init)
                options.modes = try names.map { name in
                    guard let mode = BuildMode(rawValue: name) else { throw UsageError(description: "unknown mode '\(name)'; the modes are debug and release") }
                    return mode
                }
            case "--instructions":
                options.countsInstructions = true
            case "--runs":
                guard let runs = Int(try value(after: argument, in: &rest)), runs > 0 else { throw UsageError(description: "--runs takes a positive number") }
                options.runs = runs
            case "--sets":
                let names = try value(after: argument, in: &rest).split(separator: ",").map(String.init)
                options.featureSets = try names.map { name in
                    guard let set = FeatureSet.all.first(where: { $0.name == name }) else {
                        throw UsageError(description: "unknown feature set '\(name)'; the sets are \(FeatureSet.all.map(\.name).joined(separator: ", "))")
                    }
                    return set
                }
                // Each feature's cost is printed over the bare declarations, so they are always measured.
                if !options.featureSets.contains(where: { $0.name == "bare" }) {
                    options.featureSets.insert(FeatureSet.all[0], at: 0)
                }
            default:
                guard let models = Int(argument), models > 0 else {
                    throw UsageError(description: "usage: valuegen-compile-benchmark [N] [--modes debug,release] [--runs R] [--sets name,…] [--instructions]")
                }
                options.models = models
            }
        }
        return options
    }

    private static func value(after option: String, in rest: inout ArraySlice<String>) throws -> String {
        guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
        return value
    }

    /// The swiftc of the toolchain on PATH.
    static func swiftcPath() throws -> String {
        try executable(named: "swiftc")
    }

    /// The first executable of that name in a folder of PATH; `hint` says what to do otherwise.
    static func executable(named name: String, hint: String? = nil) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw UsageError(description: "\(name) is not on PATH" + (hint.map { ": " + $0 } ?? ""))
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
}
