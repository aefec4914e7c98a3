import Testing
import ValuegenPluginSDK
import ValuegenCore

/// `%caseKeys style=` and valuegen.json's `caseKeys` (issue 23): the case tags of an ADT in a key
/// style, as `%codingKeys` spells attribute keys; `%caseKey name=` still wins.
@Suite("Case key styles")
struct CaseKeyStyleTests {
    private func tags(_ text: String, settings: GenerationSettings = GenerationSettings()) -> (tags: [String], codingTags: [String?], diagnostics: [String]) {
        let (request, diagnostics) = resolve("Models/Status.adtValue", text, settings: settings)
        let cases = request.types.first?.cases ?? []
        return (cases.map(\.tag), cases.map(\.codingTag), diagnostics)
    }

    @Test func theStyleSpellsEveryTagAndCaseKeyWins() {
        let result = tags("%caseKeys style=snake_case\nStatus {\n  PastDue\n  RequiresPaymentMethod\n  %caseKey name=ok\n  Active\n  URLChanged\n  Open\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tags == ["past_due", "requires_payment_method", "ok", "url_changed", "open"])
        // A tag equal to the case's name is left out of the request, as without a style.
        #expect(result.codingTags == ["past_due", "requires_payment_method", "ok", "url_changed", nil])
    }

    @Test func eachStyleSpellsTheCaseName() {
        let text = "%caseKeys style=STYLE\nStatus {\n  PastDue {\n    since: Int\n  }\n}\n"
        let styles = CodingKeyStyle.allCases.map { tags(text.replacingOccurrences(of: "STYLE", with: $0.rawValue)).tags }
        #expect(styles == [["past_due"], ["past-due"], ["pastDue"], ["PastDue"], ["PAST_DUE"]])
    }

    @Test func theConfigurationsStyleAppliesWhereNoAnnotationSays() {
        let settings = GenerationSettings(caseKeyStyle: .screamingSnakeCase)
        #expect(tags("Status {\n  PastDue\n}\n", settings: settings).tags == ["PAST_DUE"])
        #expect(tags("%caseKeys style=kebab-case\nStatus {\n  PastDue\n}\n", settings: settings).tags == ["past-due"])
    }

    @Test func withoutAStyleTagsAreCaseNamesAndAttributeKeysDoNotStyleThem() {
        let result = tags("%codingKeys style=snake_case\nStatus {\n  PastDue {\n    dueDate: Int\n  }\n}\n", settings: GenerationSettings(codingKeyStyle: .snakeCase))
        #expect(result.tags == ["pastDue"])
        #expect(result.codingTags == [nil])
    }

    @Test func theUnknownCaseKeepsNoTag() throws {
        let (request, diagnostics) = resolve("Models/Status.adtValue", "%caseKeys style=PascalCase\nStatus {\n  PastDue\n  %unknownCase\n  Other\n}\n")
        #expect(diagnostics.isEmpty)
        let cases = try #require(request.types.first?.cases)
        #expect(cases.map(\.codingTag) == ["PastDue", nil])
    }

    @Test func tagsTheStyleMakesEqualAreAnErrorAtTheSecond() {
        #expect(tags("%caseKeys style=snake_case\nStatus {\n  UserID\n  UserId\n}\n").diagnostics
            == [#"Models/Status.adtValue:4:3: error: subtypes 'UserID' and 'UserId' of 'Status' are both coded with the tag "user_id"; give one of them another %caseKey name="#])
    }

    @Test func anUnknownStyleOrAValueIsAnError() {
        #expect(tags("%caseKeys style=snakecase\nStatus {\n  Open\n}\n").diagnostics
            == ["Models/Status.adtValue:1:1: error: unknown style 'snakecase' in '%caseKeys'; did you mean 'snake_case'?"])
        #expect(diagnostics("Models/User.value", "%caseKeys style=snake_case\nUser {\n  a: Int\n}\n")
            == ["Models/User.value:1:1: error: '%caseKeys' spells the tags of an ADT's cases, and 'User' is a value; remove it (%codingKeys style= spells attribute keys)"])
        #expect(diagnostics("Models/User.object", "%caseKeys style=snake_case\nUser {\n  a: Int\n}\n")
            == ["Models/User.object:1:1: error: '%caseKeys' spells the tags of an ADT's cases, and 'User' is an object; remove it (%codingKeys style= spells attribute keys)"])
    }

    @Test func codingAndJSONWriteAndReadTheStyledTags() throws {
        let file = generate("Models/Status.adtValue", "%caseKeys style=snake_case\nStatus includes(Coding, JSON) {\n  PastDue\n  Active\n}\n")
        #expect(file.diagnostics.isEmpty)
        let contents = try #require(file.contents)
        let coding = try #require(contents.featureSection("Status", "Coding"))
        #expect(coding.contains(#"case "past_due":"#) && coding.contains(#"try container.encode("past_due")"#))
        let json = try #require(contents.featureSection("Status", "JSON"))
        #expect(json.contains(#"case "past_due":"#) && json.contains(#"writer.writeString("past_due")"#))
        #expect(!coding.contains(#""pastDue""#) && !json.contains(#""pastDue""#))
    }
}
