import Testing
import ValuegenCore

/// The exact `match(...)` the Matching feature generates, and where it may be included.
@Suite("Matching: an exhaustive closure per case")
struct MatchingFeatureTests {
    private func matching(_ path: String, _ text: String, settings: GenerationSettings = GenerationSettings()) throws -> String {
        let file = generate(path, text, settings: settings)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let contents = try #require(file.contents)
        let name = String(path.split(separator: "/").last!.split(separator: ".")[0])
        return try #require(contents.featureSection(name, "Matching"))
    }

    @Test func generatesOneClosurePerCaseLabelledByTheCaseAndCalledWithItsPayload() throws {
        let schema = """
            Content includes(Matching) {
              Text { body: String }
              Image { url: URL  size: Int }
              %singleAttributeSubtype attributeType="User"
              Mention
              %singleAttributeSubtype attributeType="NSString *"
              %nullable
              Note
              Empty
            }
            """
        #expect(try matching("Models/Content.adtValue", "%type name=User sendable=true\n" + schema) == """
            extension Content {
                /// Calls the closure for this value's case with the case's payload and returns what it returns.
                public func match<Result>(
                    text: (_ body: String) throws -> Result,
                    image: (_ url: URL, _ size: Int) throws -> Result,
                    mention: (_ value: User) throws -> Result,
                    note: (_ value: String?) throws -> Result,
                    empty: () throws -> Result
                ) rethrows -> Result {
                    switch self {
                    case .text(let body):
                        return try text(body)
                    case .image(let url, let size):
                        return try image(url, size)
                    case .mention(let value):
                        return try mention(value)
                    case .note(let value):
                        return try note(value)
                    case .empty:
                        return try empty()
                    }
                }
            }
            """)
    }

    @Test func remodelsMatchingIncludesAllSelectTheOneGenericMatch() throws {
        for name in ["VoidMatching", "BoolMatching", "IntegerMatching", "DoubleMatching", "GenericMatching", "TemplatedMatching", "FunctionMatching"] {
            let section = try matching("Models/Status.adtValue", "Status includes(\(name)) {\n  Sent\n}\n")
            #expect(section.contains("public func match<Result>(\n        sent: () throws -> Result\n    ) rethrows -> Result {"), "\(name): \(section)")
        }
    }

    @Test func followsTheAccessLevelOfTheGeneratedTypes() throws {
        let section = try matching("Models/Status.adtValue", "Status includes(Matching) {\n  Sent\n}\n", settings: GenerationSettings(accessLevel: .internal))
        #expect(section.contains("\n    func match<Result>(\n"), "\(section)")
        let package = try matching("Models/Status.adtValue", "Status includes(Matching) {\n  Sent\n}\n", settings: GenerationSettings(accessLevel: .package))
        #expect(package.contains("\n    package func match<Result>(\n"), "\(package)")
    }

    @Test func aPayloadValueNamedLikeItsCaseIsBoundUnderAnotherNameSoTheClosureStaysVisible() throws {
        let section = try matching("Models/Job.adtValue", """
            Job includes(Matching) {
              Photo { photo: Data  photo2: String }
              %singleAttributeSubtype attributeType="Int"
              Value
              Default { default: Bool }
            }
            """)
        #expect(section.contains("""
                    case .photo(let photo3, let photo2):
                        return try photo(photo3, photo2)
                    case .value(let value2):
                        return try value(value2)
                    case .`default`(let default2):
                        return try `default`(default2)
            """), "\(section)")
        #expect(section.contains("        `default`: (_ `default`: Bool) throws -> Result\n"), "\(section)")
    }

    @Test func theResultTypeIsRenamedWhenAPayloadSpellsResult() throws {
        let section = try matching("Models/Job.adtValue", """
            %type name=Result sendable=true
            %type name=MatchResult sendable=true
            Job includes(Matching) {
              Finished { outcome: Result  other: [MatchResult] }
              Waiting
            }
            """)
        #expect(section.contains("""
                public func match<MatchResult2>(
                    finished: (_ outcome: Result, _ other: [MatchResult]) throws -> MatchResult2,
                    waiting: () throws -> MatchResult2
                ) rethrows -> MatchResult2 {
            """), "\(section)")
    }

    @Test func anADTWithoutCasesGetsAMatchWithoutClosures() throws {
        #expect(try matching("Models/Nothing.adtValue", "Nothing includes(Matching) {\n}\n") == """
            extension Nothing {
                /// Calls the closure for this value's case with the case's payload and returns what it returns.
                public func match<Result>() -> Result {
                    switch self {
                    }
                }
            }
            """)
    }

    @Test func comesAfterDescriptionAndBeforeCoding() throws {
        let file = generate("Models/Status.adtValue", "Status includes(Coding, Matching) {\n  Sent\n}\n")
        #expect(try #require(file.contents).markHeaders == [
            "Status: Equality", "Status: Sendable", "Status: Description", "Status: Matching", "Status: Coding",
        ])
    }

    @Test func isNotADefault() throws {
        let file = generate("Models/Status.adtValue", "Status {\n  Sent\n}\n")
        #expect(try #require(file.contents).featureSection("Status", "Matching") == nil)
    }

    // MARK: - Where it may be included

    @Test func includingItOnAValueIsAnError() {
        #expect(diagnostics("Models/User.value", "User includes(Matching) {\n  a: Int\n}\n") == [
            "Models/User.value:1:15: error: 'Matching' is not available for .value types, only for .adtValue types; remove it from includes(...)",
        ])
    }

    @Test func includingARemodelMatchingNameOnAnObjectIsAWarningAndSkipped() {
        #expect(diagnostics("Models/Settings.object", "Settings includes(RMBuilder, GenericMatching) {\n  a: Int\n}\n") == [
            "Models/Settings.object:1:30: warning: 'GenericMatching' (Matching) is not available for .object types, only for .adtValue types, so 'Settings' is generated without it, as Remodel skips it; remove it from includes(...)",
        ])
    }
}
