// swift-tools-version:6.1
// A package that uses Valuegen's build plugin with the prebuilt tool: ValuegenPrebuiltBuildPlugin
// from valuegen-plugin, the package .ci/build-artifact-bundle.sh writes (here by path, into
// this folder; an app names it by URL). ValuegenRuntime, which generated JSON code imports,
// still comes from the valuegen package, by relative path: the repository must be checked out in
// a folder named `valuegen` (the end-to-end test copies it into one).
//
//     .ci/build-artifact-bundle.sh --plugin-package Fixtures/PrebuiltToolConsumer/valuegen-plugin
//     swift build --package-path Fixtures/PrebuiltToolConsumer
import PackageDescription

let package = Package(
    name: "PrebuiltToolConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(path: "valuegen-plugin"),
    ],
    targets: [
        .target(
            name: "Models",
            dependencies: [.product(name: "ValuegenRuntime", package: "valuegen")],
            plugins: [.plugin(name: "ValuegenPrebuiltBuildPlugin", package: "valuegen-plugin")]
        ),
        .executableTarget(
            name: "prebuilt-demo",
            dependencies: ["Models"]
        ),
    ]
)
