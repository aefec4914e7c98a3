import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// Generated code grows in proportion to a type's attributes (issue 37): `With` passed every
/// attribute from every `with(…)`, so 4,000 attributes wrote 300 MB of Swift. Ten times the
/// attributes must give at most about ten times the code, for every built-in feature of every
/// kind, taken together and one at a time. The features are read from the registry, so a
/// feature added later is held to it too.
@Suite("Generated code grows linearly with a type's attributes")
struct OutputGrowthTests {
    /// The most the bytes per attribute may grow from the smaller type to the ten times
    /// larger one: text that grows with the square of the attributes grows ten times; the
    /// longer names of the larger type's attributes (`count1234` against `count12`) add a
    /// little.
    private static let allowedGrowth = 1.5

    /// The built-in features a kind can include, by canonical name.
    private static func features(of kind: ModelKind) -> [String] {
        FeatureRegistry.builtIn.features.map(\.descriptor)
            .filter { $0.canBeExcluded && $0.supportedKinds.contains(kind) }
            .map { $0.includeNames[0] }
    }

    /// The generated file, or the diagnostics of a schema that did not generate.
    private static func generated(_ kind: ModelKind, attributes: Int, includes: [String]) throws -> String {
        let file = generate("Wide.\(kind.fileExtension)", WideSchema.text(attributes: attributes, isADT: kind == .adtValue, includes: includes))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description).prefix(3))")
        return try #require(file.contents)
    }

    /// How many times more bytes each attribute costs in the larger type than in the smaller.
    private static func growth(small: (bytes: Int, attributes: Int), large: (bytes: Int, attributes: Int)) -> Double {
        (Double(large.bytes) / Double(large.attributes)) / (Double(small.bytes) / Double(small.attributes))
    }

    @Test(arguments: ModelKind.allCases)
    func everyFeatureTogetherGrowsLinearly(kind: ModelKind) throws {
        let includes = Self.features(of: kind)
        let small = try Self.generated(kind, attributes: 200, includes: includes)
        let large = try Self.generated(kind, attributes: 2_000, includes: includes)
        let growth = Self.growth(small: (small.utf8.count, 200), large: (large.utf8.count, 2_000))
        #expect(growth < Self.allowedGrowth, "\(kind): \(small.utf8.count) bytes for 200 attributes, \(large.utf8.count) for 2,000 (\(growth)x per attribute) with \(includes)")
    }

    /// Each feature's own section (`// MARK: - Wide: Feature`), so that the feature that
    /// grows is the one named, however much the rest of the file weighs.
    @Test(arguments: ModelKind.allCases)
    func eachFeatureGrowsLinearly(kind: ModelKind) throws {
        let features = Self.features(of: kind)
        #expect(features.count >= 8, "the registry offers \(kind) only \(features)")
        for feature in features {
            let small = try Self.generated(kind, attributes: 100, includes: [feature])
            let large = try Self.generated(kind, attributes: 1_000, includes: [feature])
            let smallSection = try #require(small.featureSection("Wide", feature), "no section of \(feature) for a \(kind)")
            let largeSection = try #require(large.featureSection("Wide", feature), "no section of \(feature) for a \(kind)")
            let growth = Self.growth(small: (smallSection.utf8.count, 100), large: (largeSection.utf8.count, 1_000))
            #expect(growth < Self.allowedGrowth, "\(kind) \(feature): \(smallSection.utf8.count) bytes for 100 attributes, \(largeSection.utf8.count) for 1,000 (\(growth)x per attribute)")
        }
    }
}
