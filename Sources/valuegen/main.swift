#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ValuegenCore

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    switch try CommandLineParser.parse(arguments) {
    case .help:
        print(Usage.text)
        exitCode = 0
    case .version:
        print("valuegen \(ValuegenVersion.current)")
        exitCode = 0
    case .generate(let options, let quiet):
        exitCode = GenerateCommand.run(options, quiet: quiet)
    }
} catch {
    Console.error("error: \(error.message)\nRun 'valuegen --help' for usage.")
    exitCode = 2
}
exit(exitCode)
