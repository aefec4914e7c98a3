// swift-tools-version:6.2
// The comparison harness's tools: Apple's swift-openapi-generator (the anchor that
// docs/Performance.md compares `valuegen import openapi` with). A package of its own, never a
// dependency of the root package; compare.sh builds it with its own scratch path
// (.build-comparison) and writes the packages it measures under that scratch path.
import PackageDescription

let package = Package(
    name: "OpenAPIComparison",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: []
)
