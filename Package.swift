// swift-tools-version:6.1
// Valuegen has zero package dependencies: only the toolchain (standard library, Foundation, Testing).
import PackageDescription

let package = Package(
    name: "valuegen",
    products: [
        .executable(name: "valuegen", targets: ["valuegen"]),
        .executable(name: "valuegen-benchmark", targets: ["ValuegenBenchmark"]),
        .executable(name: "valuegen-runtime-benchmark", targets: ["RuntimeBenchmark"]),
        .executable(name: "valuegen-compile-benchmark", targets: ["CompileCostBenchmark"]),
        .library(name: "ValuegenPluginSDK", targets: ["ValuegenPluginSDK"]),
        .library(name: "ValuegenRuntime", targets: ["ValuegenRuntime"]),
        .plugin(name: "ValuegenBuildPlugin", targets: ["ValuegenBuildPlugin"]),
        .plugin(name: "ValuegenCommandPlugin", targets: ["ValuegenCommandPlugin"]),
    ],
    targets: [
        // The stable C ABI: PluginSDK/include/valuegen_plugin.h. Header-only, so a module map
        // is all it needs (a C target with a source file recompiled on the first no-op build).
        .systemLibrary(
            name: "CValuegenPlugin",
            path: "PluginSDK/include"
        ),
        .target(
            name: "ValuegenPluginSDK",
            dependencies: ["CValuegenPlugin"],
            path: "PluginSDK/Sources/ValuegenPluginSDK"
        ),
        // What generated code links when a type includes JSON, Binary or Persistence.
        .target(
            name: "ValuegenRuntime",
            path: "Sources/ValuegenRuntime"
        ),
        .target(
            name: "ValuegenPluginHost",
            dependencies: ["ValuegenPluginSDK", "CValuegenPlugin"],
            path: "Sources/ValuegenPluginHost"
        ),
        .target(
            name: "ValuegenCore",
            dependencies: ["ValuegenPluginSDK", "ValuegenPluginHost"],
            path: "Sources/ValuegenCore"
        ),
        .executableTarget(
            name: "valuegen",
            dependencies: ["ValuegenCore", "ValuegenPluginHost", "ValuegenPluginSDK"],
            path: "Sources/valuegen"
        ),
        .plugin(
            name: "ValuegenBuildPlugin",
            capability: .buildTool(),
            dependencies: ["valuegen"],
            path: "Plugins/ValuegenBuildPlugin"
        ),
        .plugin(
            name: "ValuegenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "generate-models", description: "Generate Swift model files from the .value, .adtValue and .object schemas into Sources/<Target>/Generated"),
                permissions: [.writeToPackageDirectory(reason: "Valuegen writes the generated model files into Sources/<Target>/Generated, or with import-openapi the schema files of an OpenAPI document into Sources/<Target>/Schemas")]
            ),
            dependencies: ["valuegen"],
            path: "Plugins/ValuegenCommandPlugin"
        ),
        // Its models are generated from the schema files beside main.swift, in World/Schemas and
        // in Recorded/Schemas into Generated/ and committed (.ci/run checks they are current). simdjson/ holds the
        // C++ readers that simdjson/run-benchmark.sh builds, never swift build. No target of this package applies
        // ValuegenBuildPlugin: SwiftPM builds the tool of every build plugin that any target in
        // the package graph applies, used or not, so one here would make every package that
        // depends on Valuegen, for ValuegenRuntime alone or with the prebuilt tool, compile
        // valuegen from source (docs/Performance.md).
        .executableTarget(
            name: "RuntimeBenchmark",
            // The PluginSDK for its JSON parser, which keeps members in order (Recorded/).
            dependencies: ["ValuegenRuntime", "ValuegenPluginSDK"],
            path: "Sources/RuntimeBenchmark",
            exclude: ["Record.value", "Status.adtValue", "ServerRecord.value", "ServerStatus.adtValue", "Wide.value", "WideBoxed.value", "CheckedRecord.value", "RecordFile.value", "World/Schemas", "Recorded/Schemas", "Recorded/LICENSE-octokit-fixtures.md", "Recorded/LICENSE-stripe-openapi.txt", "Recorded/LICENSE-mastodonkit.txt", "simdjson"]
        ),
        .executableTarget(
            name: "ValuegenBenchmark",
            dependencies: ["ValuegenCore", "ValuegenPluginHost"],
            path: "Sources/ValuegenBenchmark"
        ),
        // What the generated code costs swiftc against the same types with synthesized conformances.
        .executableTarget(
            name: "CompileCostBenchmark",
            dependencies: ["ValuegenCore"],
            path: "Sources/CompileCostBenchmark"
        ),
        .testTarget(
            name: "ValuegenCoreTests",
            dependencies: ["ValuegenCore", "ValuegenPluginSDK"],
            path: "Tests/ValuegenCoreTests"
        ),
        .testTarget(
            name: "PluginHostTests",
            dependencies: ["ValuegenCore", "ValuegenPluginHost", "ValuegenPluginSDK", "valuegen"],
            path: "Tests/PluginHostTests",
            exclude: ["Drivers"]
        ),
        .testTarget(name: "RuntimeTests", dependencies: ["ValuegenRuntime"], path: "Tests/RuntimeTests"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ValuegenCore", "valuegen"],
            path: "Tests/EndToEndTests",
            exclude: ["Drivers"]
        ),
    ]
)
