// The command line of valuegen-runtime-benchmark.
import Foundation

struct BenchmarkArguments {
    static let usage = """
        usage: valuegen-runtime-benchmark [N] [--world-scale S] [--world-only] [--recorded-only] [--records-only] [--persistence-only] [--dates-only] [--simdjson PATH]
                                          [--world-documents FOLDER] [--profile SHAPE [ROUNDS]]
                                          [--profile-encode SHAPE [ROUNDS]]
          N                 records for the record benchmarks (100000 by default)
          --world-scale S   size of the world-shaped documents, 1 by default (a few MB each)
          --world-only      run the world-shaped documents and the recorded payloads alone
          --recorded-only   run the recorded REST payloads alone (Recorded/)
          --records-only    run the records' JSON and Binary lines alone (no invariants,
                            persistence, indirect storage, dates or world-shaped documents)
          --persistence-only
                            run the Persistence binary files' layout benchmark alone
          --dates-only      run the date styles' lines alone (a document of dates in each style)
          --simdjson PATH   the simdjson On-Demand readers to compare with (built by
                            Sources/RuntimeBenchmark/simdjson/run-benchmark.sh)
          --world-documents FOLDER
                            also write each world-shaped document to FOLDER/<shape>.json
          --profile SHAPE [ROUNDS]
                            only decode the world-shaped document SHAPE (tweets, catalog,
                            geojson, payments, issues; or a recorded payload: github-issues,
                            stripe-charges, stripe-charges-full, stripe-customers,
                            stripe-payment-intents, mastodon-timeline,
                            mastodon-notifications, mastodon-followers) ROUNDS
                            times (1000 by default) with the generated JSON, for a profiler
                            (perf record, valgrind); prints nothing else. SHAPE `records`
                            decodes the N records' JSON, `records-binary` their Binary
          --profile-encode SHAPE [ROUNDS]
                            the same for encoding: decode SHAPE once, then encode it ROUNDS times
        """

    var recordCount = 100_000
    var worldScale = 1.0
    var worldOnly = false
    var recordedOnly = false
    var recordsOnly = false
    var persistenceOnly = false
    var datesOnly = false
    var simdjsonReader: String?
    var worldDocumentsFolder: String?
    var profiledShape: (name: String, rounds: Int, encoding: Bool)?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init<Arguments: Sequence<String>>(_ arguments: Arguments) throws(Failure) {
        var remaining = arguments.makeIterator()
        var countSeen = false
        while let argument = remaining.next() {
            switch argument {
            case "--world-scale":
                guard let text = remaining.next(), let scale = Double(text), scale > 0 else {
                    throw Failure(description: "--world-scale needs a number above 0")
                }
                worldScale = scale
            case "--world-only":
                worldOnly = true
            case "--recorded-only":
                recordedOnly = true
            case "--records-only":
                recordsOnly = true
            case "--persistence-only":
                persistenceOnly = true
            case "--dates-only":
                datesOnly = true
            case "--simdjson":
                guard let path = remaining.next() else {
                    throw Failure(description: "--simdjson needs the path of the simdjson readers")
                }
                simdjsonReader = path
            case "--world-documents":
                guard let folder = remaining.next() else {
                    throw Failure(description: "--world-documents needs a folder")
                }
                worldDocumentsFolder = folder
            case "--profile", "--profile-encode":
                guard let name = remaining.next() else {
                    throw Failure(description: "\(argument) needs the name of a world-shaped document")
                }
                profiledShape = (name, 1000, argument == "--profile-encode")
            default:
                if let profiled = profiledShape, profiled.rounds == 1000, let rounds = Int(argument), rounds > 0 {
                    profiledShape = (profiled.name, rounds, profiled.encoding)
                    continue
                }
                guard !countSeen, let count = Int(argument), count > 0 else {
                    throw Failure(description: "unexpected argument '\(argument)'")
                }
                recordCount = count
                countSeen = true
            }
        }
    }

    /// The process's arguments, or the usage and exit status 2.
    static func parsed() -> BenchmarkArguments {
        do {
            return try BenchmarkArguments(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n\(usage)\n".utf8))
            exit(2)
        }
    }
}
