import Foundation
import ValuegenCore

/// The two programs of the evolution tests: every row's old schemas (and the old sample
/// model) generated and compiled with a main.swift that saves each row's value through every
/// coder, and every new schema with one that reads each back and prints what it got, one line
/// per row and coder: `R03 json reads`, `R03 json error <text>`, `R03 json misreads <value>`.
/// Two compilations for the whole matrix, on a machine of two cores.
enum EvolutionPrograms {
    /// The old and new model of the saved-files check: inserted (`uuid`, `country`),
    /// reordered, removed (`notes`), retyped (`age` Int? → String?, `tags` [String] → Set)
    /// and appended (`archived`) attributes, in a model that holds another.
    static let oldSampleSchema = """
    SContact {
      id: Int
      name: String
      email: String?
      age: Int?
      tags: [String]
      score: Double = 0
      notes: String = ""
      address: SAddress?
      createdAt: Double
    }
    SAddress {
      street: String
      city: String
      zip: String
    }
    """
    static let newSampleSchema = """
    SContact {
      uuid: String = "none"
      name: String
      id: Int
      createdAt: Double
      email: String?
      age: String?
      tags: Set<String>
      score: Double = 0
      address: SAddress?
      archived: Bool = false
    }
    SAddress {
      country: String = "NL"
      city: String
      street: String
      zip: String
    }
    """

    /// Builds both programs for `rows` in a scratch folder, saves with the old one and loads
    /// with the new (`sampleCount` saved files of the sample model too), and returns what the
    /// reader printed, a line each.
    static func saveAndLoad(_ rows: [EvolutionRow], sampleCount: Int) throws -> [String] {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = try SharedRuntime.folder()
        let writer = try build(old: true, rows: rows, in: folder.appendingPathComponent("Old"), runtime: runtime)
        let reader = try build(old: false, rows: rows, in: folder.appendingPathComponent("New"), runtime: runtime)
        let data = folder.appendingPathComponent("Data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let written = try runProcess(writer, [data.path, "\(sampleCount)"])
        guard written.status == 0 else { throw TestFailure("the writer failed: \(written.standardOutput)\(written.standardError)") }
        let read = try runProcess(reader, [data.path, "\(sampleCount)"])
        guard read.status == 0 else { throw TestFailure("the reader failed: \(read.standardOutput)\(read.standardError)") }
        return read.standardOutput.split(separator: "\n").map(String.init)
    }

    static func prefix(of index: Int) -> String {
        index + 1 < 10 ? "R0\(index + 1)" : "R\(index + 1)"
    }

    /// `$Note` as row `index` names it.
    static func named(_ text: String, row index: Int) -> String {
        text.replacingOccurrences(of: "$", with: prefix(of: index))
    }

    /// The valuegen.json both versions are generated with.
    static let configuration = #"{"defaultIncludes": ["Persistence"]}"#

    /// Generates one version of every row (and of the sample model) into `folder`/Models and
    /// `folder`/Generated, writes the main.swift, and compiles the program.
    static func build(old: Bool, rows: [EvolutionRow], in folder: URL, runtime: URL) throws -> URL {
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(configuration, to: models.appendingPathComponent("valuegen.json"))
        for (index, row) in rows.enumerated() {
            for file in old ? row.old : row.new {
                try TestSupport.write(named(file.text, row: index), to: models.appendingPathComponent(prefix(of: index) + file.name))
            }
        }
        try TestSupport.write(old ? oldSampleSchema : newSampleSchema, to: models.appendingPathComponent("SContact.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        guard report.exitCode == 0 else { throw TestFailure("generating failed: \(report.diagnostics.map(\.description))") }
        try TestSupport.write(old ? writerMain(rows) : readerMain(rows), to: generated.appendingPathComponent("main.swift"))
        let drivers = TestSupport.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Drivers")
        for driver in ["EvolutionSample.swift", old ? "EvolutionSamplesWriter.swift" : "EvolutionSamplesReader.swift"] {
            try FileManager.default.copyItem(at: drivers.appendingPathComponent(driver), to: generated.appendingPathComponent(driver))
        }
        let sources = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
        let executable = folder.appendingPathComponent(old ? "writer" : "reader")
        try TestSupport.compileProgram(sources, linking: runtime, to: executable)
        return executable
    }

    private static func writerMain(_ rows: [EvolutionRow]) -> String {
        var text = """
        import Foundation
        import ValuegenRuntime

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        let sampleCount = Int(CommandLine.arguments[2])!

        func save<T: PersistableModel>(_ value: T, _ row: String) throws {
            func url(_ coder: String) -> URL { folder.appendingPathComponent("\\(row).\\(coder)") }
            try value.binaryData().write(to: url("binary"))
            try value.save(to: url("persistence-binary"), format: .binary)
            try value.save(to: url("persistence-json"), format: .json)
            try value.save(to: url("persistence-plist"), format: .propertyList)
            try value.jsonData().write(to: url("json"))
        }

        do {

        """
        for (index, row) in rows.enumerated() {
            text += "    try save(\(named(row.value, row: index)), \"\(prefix(of: index))\")\n"
        }
        text += """
            try saveSamples(count: sampleCount, to: folder)
        } catch {
            print("writer failed: \\(error)")
            exit(1)
        }

        """
        return text
    }

    private static func readerMain(_ rows: [EvolutionRow]) -> String {
        var text = """
        import Foundation
        import ValuegenRuntime

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        let sampleCount = Int(CommandLine.arguments[2])!

        func report<T: PersistableModel & Equatable>(_ row: String, _ expected: T) {
            for coder in ["binary", "persistence-binary", "persistence-json", "persistence-plist", "json"] {
                let url = folder.appendingPathComponent("\\(row).\\(coder)")
                do {
                    let data = try Data(contentsOf: url)
                    let value: T
                    switch coder {
                    case "binary": value = try T(binaryData: data)
                    case "json": value = try T(jsonData: data)
                    default: value = try T.load(from: url)
                    }
                    print(value == expected ? "\\(row) \\(coder) reads" : "\\(row) \\(coder) misreads \\(value)")
                } catch {
                    print("\\(row) \\(coder) error \\(String(describing: error).replacingOccurrences(of: "\\n", with: " "))")
                }
            }
        }


        """
        for (index, row) in rows.enumerated() {
            text += "report(\"\(prefix(of: index))\", \(named(row.expected, row: index)))\n"
        }
        text += "loadSamples(count: sampleCount, from: folder)\n"
        return text
    }
}
