#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ValuegenCore
import ValuegenPluginHost

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
if arguments.first == FormatCommand.name {
    exit(FormatCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == InitCommand.name {
    exit(InitCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == ImportCommand.name {
    exit(ImportCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == CompatCommand.name {
    exit(CompatCommand.run(Array(arguments.dropFirst()), executable: Bundle.main.executablePath))
}
do {
    switch try CommandLineParser.parse(arguments) {
    case .help(let topic):
        print(topic.text)
        exitCode = 0
    case .version:
        print("valuegen \(ValuegenVersion.current)")
        exitCode = 0
    case .generate(var options, let quiet):
        options.workerExecutable = Bundle.main.executablePath
        exitCode = GenerateCommand.run(options, quiet: quiet)
    case .inspectPlugin(let path):
        exitCode = InspectPluginCommand.run(path)
    case .pluginWorker(let libraryPath):
        exitCode = PluginWorker.serve(libraryPath: libraryPath)
    }
} catch {
    Console.error("error: \(error.message)\nRun 'valuegen --help' for usage.")
    exitCode = 2
}
exit(exitCode)
