import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// `CollisionScreen` lets `MemberCollisions` skip most types; a name it let through that the
/// table lists would be a collision reported by swiftc instead. So every name the table
/// produces, for types of every kind and shape, is put back into the type where it would
/// collide, and the screen must stop it.
@Suite("The collision screen passes nothing the table lists")
struct CollisionScreenTests {
    private static let probes = [
        """
        Probe includes(Builder, With, Coding, JSON, Binary, Diffing) {
          %codingLegacyKey name="zip"
          zipCode: String
          %skipEquality
          note: String?
          %redacted
          secret: String
          Foundation: Int
          link: Foundation.URL
          count: Int = 0
        }
        """,
        """
        Probe includes(Builder, With, Coding, JSON, Binary, Diffing) {
          count: Int
          name: String
        }
        """,
        // Wide enough for With to nest its enum of replacements (`WithFeature.replacementThreshold`).
        """
        Probe includes(With) {
          a0: Int
          a1: Int
          a2: Int
          a3: Int
          a4: Int
          a5: Int
          a6: Int
          a7: Int
          a8: Int
          a9: Int
        }
        """,
    ]

    private static let objectProbe = """
        Probe includes(Builder, With, Coding, Diffing, Undo) {
          %codingLegacyKey name="zip"
          zipCode: String
          title: String
        }
        """

    private static let adtProbe = """
        Probe includes(Coding, JSON, Binary, Diffing) {
          Image {
            %codingLegacyKey name="src"
            url: String
            %skipEquality
            x: Int
            X: Int
          }
          Text {
            %pattern regex="[a-z]+"
            body: String
            Swift: Int
            size: Swift.Int
          }
          empty
        }
        """

    private func probeRequests() throws -> [GenerationRequest] {
        var requests: [GenerationRequest] = []
        for (path, text) in Self.probes.map({ ("Probe.value", $0) }) + [("Probe.object", Self.objectProbe), ("Probe.adtValue", Self.adtProbe)] {
            let resolved = GeneratorPipeline().resolve(SchemaSource(path: path, text: text), settings: GenerationSettings())
            requests.append(try #require(resolved.request, "\(resolved.diagnostics.diagnostics.map(\.description))"))
        }
        return requests
    }

    private func probeTypes() throws -> [ModelType] {
        try probeRequests().flatMap(\.types)
    }

    private func screens(_ type: ModelType, schemaTypeNames: Set<String> = []) -> Bool {
        CollisionScreen.mayCollide(type, otherTypeNames: [:], schemaTypeNames: schemaTypeNames)
    }

    private func attribute(_ name: String, type: String = "Int") -> Attribute {
        Attribute(name: name, type: TypeReference(swift: type), location: SourceLocation(line: 1, column: 1))
    }

    /// The type with one more attribute, in the type or in every case whose payload it concerns.
    private func adding(_ attribute: Attribute, to type: ModelType, subtype: String?) -> ModelType {
        var type = type
        guard type.kind == .adtValue else {
            type.attributes.append(attribute)
            return type
        }
        for index in type.cases.indices where subtype == nil || type.cases[index].subtypeName == subtype {
            type.cases[index].attributes.append(attribute)
        }
        return type
    }

    @Test func theProbesThemselvesPass() throws {
        // Otherwise the checks below would prove nothing.
        let types = try probeTypes()
        #expect(types.count == 5)
        #expect(types[2].attributes.count >= WithFeature.replacementThreshold)
        #expect(!screens(types[1]))
    }

    @Test func stopsEveryNameTheTableProduces() throws {
        var checked = 0
        for probe in try probeTypes() {
            for feature in GeneratedMembers.table.keys.sorted() {
                var type = probe
                type.includes = Array(Set(probe.includes + [feature])).sorted()
                let members = GeneratedMembers.of(feature, for: type)
                for name in members.attributeNames {
                    #expect(screens(adding(attribute(name.name), to: type, subtype: name.subtype)), "\(feature): attribute '\(name.name)' of \(type.kind)")
                    checked += 1
                }
                for name in members.caseNames {
                    var withCase = type
                    withCase.cases.append(ADTCase(subtypeName: name.name, name: name.name, location: SourceLocation(line: 1, column: 1)))
                    #expect(screens(withCase), "\(feature): case '\(name.name)'")
                    checked += 1
                }
                for nested in members.nestedTypes {
                    #expect(screens(adding(attribute("held", type: "[\(nested.name)]?"), to: type, subtype: nil)), "\(feature): attribute typed '\(nested.name)'")
                    var renamed = type
                    renamed.name = nested.name
                    #expect(screens(renamed), "\(feature): type named '\(nested.name)'")
                    checked += 2
                }
                for declared in members.topLevelTypes {
                    #expect(screens(type, schemaTypeNames: [declared.name]), "\(feature): '\(declared.name)' declared elsewhere")
                    checked += 1
                }
            }
        }
        // Every feature of the table contributed for some probe.
        #expect(checked > 60)
    }

    @Test func agreesWithTheCollisionsOfTheProbes() throws {
        var collided = 0
        for request in try probeRequests() where !MemberCollisions.diagnostics(for: [request]).isEmpty {
            collided += 1
            for type in request.types {
                #expect(screens(type), "\(type.kind) probe has collisions the screen passes")
            }
        }
        // The ADT's 'x' and 'X' bind 'lhsX' twice; the first value probe's 'Foundation' hides a module.
        #expect(collided == 2)
    }

    /// A plugin's declared member names (`FeatureDescriptor.generatedMemberNames`) stop a type
    /// whose attribute or case takes one, and only such a type.
    @Test func stopsAttributesAndCasesNamedLikeADeclaredMember() throws {
        let types = try probeTypes()
        let value = types[1]
        let adt = try #require(types.first { $0.kind == .adtValue })
        #expect(!CollisionScreen.mayCollide(value, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["diffKey"]))
        #expect(CollisionScreen.mayCollide(adding(attribute("diffKey"), to: value, subtype: nil), otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["diffKey"]))
        var withCase = adt
        withCase.cases.append(ADTCase(subtypeName: "diffKey", name: "diffKey", location: SourceLocation(line: 1, column: 1)))
        #expect(CollisionScreen.mayCollide(withCase, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["diffKey"]))
        #expect(!CollisionScreen.mayCollide(adding(attribute("diffKey"), to: value, subtype: nil), otherTypeNames: [:], schemaTypeNames: []))
    }

    /// A declared member that a built-in feature of the type generates too stops the type,
    /// under the built-in's reserved name as well; another name does not.
    @Test func stopsADeclaredMemberThatABuiltInGenerates() throws {
        var value = try probeTypes()[1]
        value.includes = ["Equality", "Validation"]
        #expect(CollisionScreen.mayCollide(value, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["validate"]))
        #expect(!CollisionScreen.mayCollide(value, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["diffKey"]))
        value.includes = ["valuegen.Validation"]
        #expect(CollisionScreen.mayCollide(value, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["ValidationError"]))
        value.includes = ["Description"]
        #expect(!CollisionScreen.mayCollide(value, otherTypeNames: [:], schemaTypeNames: [], declaredMemberNames: ["validate"]))
    }
}
