// swift-tools-version:6.1
// A package that uses Valuegen the way an app's package would: the build-tool plugin on a
// Models target, and a generator plugin of its own (ConsumerFakes) named in valuegen.json.
//
// It depends on Valuegen by relative path. SwiftPM names a path dependency after its folder,
// so the repository must be checked out in a folder named `valuegen` (the end-to-end test
// copies it into one).
import PackageDescription

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ConsumerFakes", type: .dynamic, targets: ["ConsumerFakes"]),
        .executable(name: "consumer-demo", targets: ["consumer-demo"]),
    ],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(
            name: "ConsumerFakes",
            dependencies: [.product(name: "ValuegenPluginSDK", package: "valuegen")]
        ),
        .target(
            name: "Models",
            plugins: [.plugin(name: "ValuegenBuildPlugin", package: "valuegen")]
        ),
        .executableTarget(
            name: "consumer-demo",
            dependencies: ["Models"]
        ),
    ]
)
