import Foundation
import ValuegenCore

/// `valuegen init [FOLDER]`: writes a new project's `valuegen.json` into the folder of its
/// schemas (the current folder by default; a SwiftPM target's folder for the build plugin).
/// It holds the settings a project that starts now takes, so that it gets none of the warnings
/// that help older projects migrate: today `"adoptPluralAcronymKeys": true`.
///
/// Exit status: 0 when the file is written; 2 for a usage error, a folder that does not exist,
/// or a `valuegen.json` that is already there (it is never overwritten).
enum InitCommand {
    static let name = "init"

    static let usage = """
    OVERVIEW: Write a new project's valuegen.json, with the settings a new project takes.

    USAGE: valuegen init [FOLDER]

    ARGUMENTS:
      FOLDER                The folder of the schemas (default: the current folder); for the
                            build-tool plugin, the target's folder (Sources/Models).

    OPTIONS:
      -h, --help            Print this help.

    The file holds "adoptPluralAcronymKeys": true: a plural acronym's key is one word
    (accountIDs: account_ids) without the warning that earlier versions split it. An existing
    valuegen.json is left as it is.

    EXIT CODES:
      0  valuegen.json is written
      2  usage errors, a missing folder, or a valuegen.json that already exists
    """

    /// What a new project's valuegen.json says.
    static let newProjectConfiguration = """
    {
      "adoptPluralAcronymKeys": true
    }

    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            Console.error("error: unknown option '\(option)' for init\nusage: valuegen init [FOLDER]")
            return 2
        }
        guard arguments.count <= 1 else {
            Console.error("error: init takes one folder, not \(arguments.count)\nusage: valuegen init [FOLDER]")
            return 2
        }
        let folder = arguments.first ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            Console.error("\(folder): error: no such folder; create it, or name the folder of the schemas")
            return 2
        }
        let path = folder == "." ? Configuration.fileName : (folder as NSString).appendingPathComponent(Configuration.fileName)
        guard !FileManager.default.fileExists(atPath: path) else {
            Console.error("\(path): error: already exists and is left as it is; to adopt what a new project takes, add \"adoptPluralAcronymKeys\": true to it")
            return 2
        }
        do {
            _ = try FileSystem.writeIfChanged(Array(newProjectConfiguration.utf8), to: path)
        } catch {
            Console.error(error.description)
            return 2
        }
        print("Wrote \(path)")
        return 0
    }
}
