// swift-tools-version:6.0
// Valuegen has zero package dependencies: only the toolchain (standard library, Foundation, Testing).
import PackageDescription

let package = Package(
    name: "valuegen",
    products: [
        .executable(name: "valuegen", targets: ["valuegen"]),
        .executable(name: "valuegen-benchmark", targets: ["ValuegenBenchmark"]),
        .library(name: "ValuegenPluginSDK", targets: ["ValuegenPluginSDK"]),
    ],
    targets: [
        // The stable C ABI: PluginSDK/include/valuegen_plugin.h.
        .target(
            name: "CValuegenPlugin",
            path: "PluginSDK",
            exclude: ["Sources"],
            sources: ["CValuegenPlugin"],
            publicHeadersPath: "include"
        ),
        .target(
            name: "ValuegenPluginSDK",
            dependencies: ["CValuegenPlugin"],
            path: "PluginSDK/Sources/ValuegenPluginSDK"
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
        .executableTarget(
            name: "ValuegenBenchmark",
            dependencies: ["ValuegenCore"],
            path: "Sources/ValuegenBenchmark"
        ),
        .testTarget(
            name: "ValuegenCoreTests",
            dependencies: ["ValuegenCore", "ValuegenPluginSDK"],
            path: "Tests/ValuegenCoreTests"
        ),
        .testTarget(
            name: "PluginHostTests",
            dependencies: ["ValuegenCore", "ValuegenPluginHost", "ValuegenPluginSDK", "valuegen"],
            path: "Tests/PluginHostTests"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ValuegenCore", "valuegen"],
            path: "Tests/EndToEndTests",
            exclude: ["Drivers"]
        ),
    ]
)
