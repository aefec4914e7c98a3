import Testing
import ValuegenCore

/// The exact code Diffing generates for values, objects and ADTs, and the schemas it refuses.
@Suite("Diffing: which attributes changed")
struct DiffingFeatureTests {
    private func diffing(_ path: String, _ text: String) throws -> String {
        let file = generate(path, text)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let contents = try #require(file.contents)
        let name = String(path.split(separator: "/").last!.split(separator: ".")[0])
        return try #require(contents.featureSection(name, "Diffing"))
    }

    @Test func comparesEachAttributeOfAValueAndLeavesOutSkippedOnes() throws {
        let schema = """
            User includes(Diffing) {
              name: String
              default: Int
              %skipEquality
              cache: [String]
            }
            """
        #expect(try diffing("Models/User.value", schema) == """
            extension User {
                /// An attribute of `User` that `changedAttributes(from:)` compares.
                public enum Attribute: CaseIterable, Hashable, Sendable {
                    case name
                    case `default`
                }

                /// The attributes whose values differ between `other` and this value.
                /// cache (`%skipEquality`) is not compared.
                public func changedAttributes(from other: Self) -> Set<Attribute> {
                    var changed: Set<Attribute> = []
                    if self.name != other.name {
                        changed.insert(.name)
                    }
                    if self.`default` != other.`default` {
                        changed.insert(.`default`)
                    }
                    return changed
                }
            }
            """)
    }

    @Test func namesTheClassInAnObjectsParameter() throws {
        let section = try diffing("Models/Settings.object", "Settings includes(Diffing) {\n  theme: String\n}\n")
        #expect(section.contains("    public func changedAttributes(from other: Settings) -> Set<Attribute> {\n"), "\(section)")
        #expect(section.contains("/// The attributes whose values differ between `other` and this object.\n"), "\(section)")
    }

    @Test func aTypeWithNothingToCompareHasAnEmptyAttributeEnum() throws {
        #expect(try diffing("Models/Empty.value", "Empty includes(Diffing) {\n  %skipEquality\n  cache: Int\n}\n") == """
            extension Empty {
                /// An attribute of `Empty` that `changedAttributes(from:)` compares.
                public enum Attribute: CaseIterable, Hashable, Sendable {}

                /// The attributes whose values differ between `other` and this value.
                /// cache (`%skipEquality`) is not compared.
                public func changedAttributes(from other: Self) -> Set<Attribute> {
                    []
                }
            }
            """)
    }

    @Test func anADTSaysWhetherTheCaseChangedAndWhichPayloadValuesDid() throws {
        let schema = """
            Attachment includes(Diffing) {
              Photo {
                url: URL
                %skipEquality
                cache: Int
                caption: String?
              }
              %singleAttributeSubtype attributeType="Int"
              Sticker
              Deleted
            }
            """
        #expect(try diffing("Models/Attachment.adtValue", schema) == """
            extension Attachment {
                /// A payload value of one of the cases of `Attachment` that `difference(from:)` compares: the case's name, then the attribute's.
                public enum Attribute: CaseIterable, Hashable, Sendable {
                    case photoUrl
                    case photoCaption
                    case stickerValue
                }

                /// What differs between two `Attachment` values.
                public enum Difference: Hashable, Sendable {
                    /// The values are different cases.
                    case caseChanged
                    /// The values are the same case; the payload values that differ (none when the values are equal).
                    case sameCase(changed: Set<Attribute>)
                }

                /// Whether `other` is another case than this value and, for the same case, which payload values differ.
                /// Payload values marked `%skipEquality` are not compared.
                public func difference(from other: Self) -> Difference {
                    switch (self, other) {
                    case (.photo(let new0, _, let new2), .photo(let old0, _, let old2)):
                        var changed: Set<Attribute> = []
                        if new0 != old0 {
                            changed.insert(.photoUrl)
                        }
                        if new2 != old2 {
                            changed.insert(.photoCaption)
                        }
                        return .sameCase(changed: changed)
                    case (.sticker(let new0), .sticker(let old0)):
                        var changed: Set<Attribute> = []
                        if new0 != old0 {
                            changed.insert(.stickerValue)
                        }
                        return .sameCase(changed: changed)
                    case (.deleted, .deleted):
                        return .sameCase(changed: [])
                    default:
                        return .caseChanged
                    }
                }
            }
            """)
    }

    @Test func anADTWithOneCaseHasNoDefaultBranch() throws {
        let section = try diffing("Models/Only.adtValue", "Only includes(Diffing) {\n  One { a: Int }\n}\n")
        #expect(!section.contains("default:"), "\(section)")
        #expect(section.contains("case (.one(let new0), .one(let old0)):"), "\(section)")
    }

    @Test func reportsPayloadValuesThatWouldGetTheSameAttributeName() {
        let schema = "Clash includes(Diffing) {\n  Ab { cD: Int }\n  AbC { d: Int }\n}\n"
        #expect(diagnostics("Models/Clash.adtValue", schema) == [
            "Models/Clash.adtValue:3:9: error: attribute 'd' of subtype 'AbC' and attribute 'cD' of subtype 'Ab' would both be 'Attribute.abCD' of Diffing; rename one of them or exclude Diffing",
        ])
    }

    @Test func reportsAPayloadValueThatWouldBeCaseIterablesAllCases() {
        let schema = "Clash includes(Diffing) {\n  All { cases: Int }\n}\n"
        #expect(diagnostics("Models/Clash.adtValue", schema) == [
            "Models/Clash.adtValue:2:9: error: attribute 'cases' of subtype 'All' would be 'Attribute.allCases' of Diffing, which CaseIterable gives 'Clash.Attribute'; rename it or exclude Diffing",
        ])
    }

    @Test func reportsAnExistentialItCannotCompare() {
        #expect(diagnostics("Models/Job.value", "Job includes(Diffing) excludes(Equality) {\n  failure: any Error\n}\n") == [
            "Models/Job.value:2:3: error: attribute 'failure' has type 'any Error', which Diffing cannot compare; mark it %skipEquality or exclude Diffing",
        ])
        #expect(diagnostics("Models/Job.value", "Job includes(Diffing) excludes(Equality, Sendable) {\n  %skipEquality\n  failure: any Error\n}\n") == [])
    }

    @Test func reportsAnObjectHeldByATypeWithDiffing() {
        let files = [
            SchemaSource(path: "Models/Owner.object", text: "Owner { name: String }\n"),
            SchemaSource(path: "Models/Pet.object", text: "Pet includes(Diffing) {\n  owner: Owner?\n  %skipEquality\n  friend: Owner?\n}\n"),
        ]
        let generated = GeneratorPipeline().generate(module: files, settings: GenerationSettings(), swiftTypes: [])
        #expect(generated.flatMap(\.diagnostics).map(\.description) == [
            "Models/Pet.object:2:10: error: 'Pet' includes Diffing, which compares attributes with '!=', but attribute 'owner' holds 'Owner', an object (Owner.object), and objects are not Equatable; mark 'owner' %skipEquality, or remove Diffing from includes(...)",
        ])
    }

    @Test func reportsAValueWithoutEqualityHeldByATypeWithDiffing() {
        let files = [
            SchemaSource(path: "Models/Address.value", text: "Address excludes(Equality) { city: String }\n"),
            SchemaSource(path: "Models/User.value", text: "User includes(Diffing) {\n  home: Address\n}\n"),
        ]
        let generated = GeneratorPipeline().generate(module: files, settings: GenerationSettings(), swiftTypes: [])
        #expect(generated.flatMap(\.diagnostics).map(\.description) == [
            "Models/User.value:2:9: error: 'User' includes Diffing, which needs Equality on every model it holds, but 'Address' (Address.value) does not have it; remove Equality from the excludes(...) of 'Address', or mark 'home' %skipEquality, or remove Diffing from includes(...)",
        ])
    }

    @Test func reportsNamesThatCollideWithTheNestedEnums() {
        #expect(diagnostics("Models/User.value", "User includes(Diffing) {\n  Attribute: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'Attribute' collides with 'enum User.Attribute', which the Diffing feature generates for 'User'; rename the attribute or add excludes(Diffing)",
        ])
        let files = [
            SchemaSource(path: "Models/Difference.value", text: "Difference { size: Int }\n"),
            SchemaSource(path: "Models/Edit.adtValue", text: "Edit includes(Diffing) {\n  Resize { by: Difference }\n}\n"),
        ]
        let generated = GeneratorPipeline().generate(module: files, settings: GenerationSettings(), swiftTypes: [])
        #expect(generated.flatMap(\.diagnostics).map(\.description) == [
            "Models/Edit.adtValue:2:12: error: attribute 'by' of subtype 'Resize' has type 'Difference', but inside 'Edit' 'Difference' means 'enum Edit.Difference', which the Diffing feature generates; rename the type 'Difference' or add excludes(Diffing)",
        ])
    }

    @Test func reportsAnObjectNamedLikeItsNestedEnum() {
        #expect(diagnostics("Models/Attribute.object", "Attribute includes(Diffing) {\n  name: String\n}\n") == [
            "Models/Attribute.object:1:1: error: type 'Attribute' has the name of 'enum Attribute.Attribute', which the Diffing feature generates, so the code the Diffing feature generates there would mean the nested type; rename the type or add excludes(Diffing)",
        ])
        // A value's parameter is `Self`, which no nested type hides.
        #expect(diagnostics("Models/Attribute.value", "Attribute includes(Diffing) {\n  name: String\n}\n") == [])
    }

    @Test func isAvailableForValuesADTsAndObjects() throws {
        _ = try diffing("Models/A.value", "A includes(Diffing) { x: Int }\n")
        _ = try diffing("Models/B.object", "B includes(Diffing) { x: Int }\n")
        _ = try diffing("Models/C.adtValue", "C includes(Diffing) { X }\n")
    }
}
