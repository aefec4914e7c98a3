import Testing
import ValuegenPluginSDK
import ValuegenCore

/// Key styles: the transform of docs/Language.md's table, how the resolver chooses a style
/// (configuration, `%codingKeys`, `%codingKey`), and its errors.
@Suite("Coding key styles")
struct CodingKeyStyleTests {
    // MARK: - The transform (docs/Language.md, "Coding keys")

    /// Each row: the attribute name, then its key in snake_case, kebab-case, camelCase,
    /// PascalCase and SCREAMING_SNAKE_CASE.
    static let table: [(String, [String])] = [
        ("name", ["name", "name", "name", "Name", "NAME"]),
        ("displayName", ["display_name", "display-name", "displayName", "DisplayName", "DISPLAY_NAME"]),
        ("imageURL", ["image_url", "image-url", "imageURL", "ImageURL", "IMAGE_URL"]),
        ("userID", ["user_id", "user-id", "userID", "UserID", "USER_ID"]),
        ("URLString", ["url_string", "url-string", "urlString", "URLString", "URL_STRING"]),
        ("isHTTPSOnly", ["is_https_only", "is-https-only", "isHTTPSOnly", "IsHTTPSOnly", "IS_HTTPS_ONLY"]),
        ("http2Enabled", ["http2_enabled", "http2-enabled", "http2Enabled", "Http2Enabled", "HTTP2_ENABLED"]),
        ("utf8String", ["utf8_string", "utf8-string", "utf8String", "Utf8String", "UTF8_STRING"]),
        ("sha256", ["sha256", "sha256", "sha256", "Sha256", "SHA256"]),
        ("ID", ["id", "id", "id", "ID", "ID"]),
        ("user_id", ["user_id", "user-id", "userId", "UserId", "USER_ID"]),
        ("_links", ["_links", "_links", "_links", "_Links", "_LINKS"]),
        ("userIDs", ["user_ids", "user-ids", "userIDs", "UserIDs", "USER_IDS"]),
        ("accountTaxIDs", ["account_tax_ids", "account-tax-ids", "accountTaxIDs", "AccountTaxIDs", "ACCOUNT_TAX_IDS"]),
        ("URLs", ["urls", "urls", "urls", "URLs", "URLS"]),
        ("HTTPSURLs", ["https_urls", "https-urls", "httpsURLs", "HTTPSURLs", "HTTPS_URLS"]),
        ("SKUs", ["skus", "skus", "skus", "SKUs", "SKUS"]),
    ]

    /// A plural acronym is one word, wherever it stands; its `s` is the plural only when no
    /// lower-case letter follows, and a run of capitals without one is never split.
    @Test func aPluralAcronymIsOneWord() {
        #expect(CodingKeyStyle.snakeCase.key(for: "IDsToRemove") == "ids_to_remove")
        #expect(CodingKeyStyle.snakeCase.key(for: "imageURLs2x") == "image_urls2x")
        #expect(CodingKeyStyle.snakeCase.key(for: "UUIDs") == "uuids")
        #expect(CodingKeyStyle.snakeCase.key(for: "APIIDs") == "api_ids")
        #expect(CodingKeyStyle.snakeCase.key(for: "ABCs") == "abcs")
        #expect(CodingKeyStyle.snakeCase.key(for: "isAs") == "is_as")
        #expect(CodingKeyStyle.snakeCase.key(for: "URLsession") == "ur_lsession")
        #expect(CodingKeyStyle.snakeCase.key(for: "HTTPSURL") == "httpsurl")
        #expect(CodingKeyStyle.snakeCase.key(for: "HTTPServer") == "http_server")
    }

    @Test(arguments: table)
    func spellsEachRowOfTheTable(name: String, keys: [String]) {
        let styles: [CodingKeyStyle] = [.snakeCase, .kebabCase, .camelCase, .pascalCase, .screamingSnakeCase]
        #expect(styles.map { $0.key(for: name) } == keys)
    }

    @Test func theStylesAreSpelledAsInTheConfiguration() {
        #expect(CodingKeyStyle.knownStyles == ["snake_case", "kebab-case", "camelCase", "PascalCase", "SCREAMING_SNAKE_CASE"])
    }

    // MARK: - valuegen.json

    private func configuration(_ json: String) throws(Configuration.Failure) -> Configuration {
        try Configuration.parse(Array(json.utf8), path: "Models/valuegen.json", registry: .builtIn)
    }

    private func configurationFailure(_ json: String) -> String? {
        do {
            _ = try configuration(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsTheStyleOfTheConfiguration() throws {
        #expect(try configuration(#"{"codingKeys": "SCREAMING_SNAKE_CASE"}"#).codingKeyStyle == .screamingSnakeCase)
        #expect(try configuration("{}").codingKeyStyle == nil)
        // `caseKeys` spells ADTs' case tags (CaseKeyStyleTests), and nothing else.
        let cases = try configuration(#"{"caseKeys": "snake_case"}"#)
        #expect(cases.caseKeyStyle == .snakeCase && cases.codingKeyStyle == nil)
        #expect(try configuration("{}").caseKeyStyle == nil)
    }

    @Test func refusesAnUnknownStyleInTheConfigurationWithASuggestion() {
        #expect(configurationFailure(#"{"codingKeys": "snakecase"}"#)
            == "Models/valuegen.json: error: unknown 'codingKeys' style 'snakecase'; did you mean 'snake_case'?")
        #expect(configurationFailure(#"{"codingKeys": "title"}"#)
            == "Models/valuegen.json: error: unknown 'codingKeys' style 'title'; known styles are snake_case, kebab-case, camelCase, PascalCase, SCREAMING_SNAKE_CASE")
        #expect(configurationFailure(#"{"codingKeys": true}"#)
            == #"Models/valuegen.json: error: 'codingKeys' must be a key style such as "snake_case"; known styles are snake_case, kebab-case, camelCase, PascalCase, SCREAMING_SNAKE_CASE"#)
        #expect(configurationFailure(#"{"caseKeys": "snakecase"}"#)
            == "Models/valuegen.json: error: unknown 'caseKeys' style 'snakecase'; did you mean 'snake_case'?")
        #expect(configurationFailure(#"{"caseKeys": 1}"#)
            == #"Models/valuegen.json: error: 'caseKeys' must be a key style such as "snake_case"; known styles are snake_case, kebab-case, camelCase, PascalCase, SCREAMING_SNAKE_CASE"#)
    }

    // MARK: - The resolver

    private let snakeCase = GenerationSettings(codingKeyStyle: .snakeCase)

    private func keys(_ type: ModelType?) -> [String] {
        (type?.attributes ?? []).map { "\($0.name): \($0.codingKey) \($0.legacyCodingKeys)" }
    }

    @Test func theConfigurationsStyleGivesEveryAttributeItsKey() {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  userID: Int\n  imageURL: String\n  name: String\n}\n", settings: snakeCase)
        #expect(diagnostics.isEmpty)
        #expect(keys(request.types.first) == ["userID: user_id []", "imageURL: image_url []", "name: name []"])
    }

    @Test func withoutAStyleKeysAreTheAttributeNames() {
        let (request, _) = resolve("Models/User.value", "User {\n  userID: Int\n}\n")
        #expect(keys(request.types.first) == ["userID: userID []"])
    }

    @Test func theAnnotationWinsOverTheConfiguration() {
        let (request, diagnostics) = resolve("Models/User.value", "%codingKeys style=kebab-case\nUser {\n  userID: Int\n}\nPlain {\n  userID: Int\n}\n", settings: snakeCase)
        #expect(diagnostics.isEmpty)
        #expect(keys(request.types.first) == ["userID: user-id []"])
        #expect(keys(request.types.last) == ["userID: user_id []"])
    }

    @Test func theAnnotationAppliesWithoutAConfiguration() {
        let (request, _) = resolve("Models/User.value", "%codingKeys style=PascalCase\nUser {\n  userID: Int\n}\n")
        #expect(keys(request.types.first) == ["userID: UserID []"])
    }

    @Test func codingKeyNameWinsAndLegacyKeysAreKeptAsWritten() {
        let (request, diagnostics) = resolve("Models/User.value", """
        User {
          %codingKey name="e-mail"
          emailAddress: String
          %codingLegacyKey name="loginCount"
          %codingLegacyKey name="logins"
          loginCount: Int = 0
        }

        """, settings: snakeCase)
        #expect(diagnostics.isEmpty)
        #expect(keys(request.types.first) == [#"emailAddress: e-mail []"#, #"loginCount: login_count ["loginCount", "logins"]"#])
    }

    @Test func theStyleAppliesToThePayloadsOfAnADT() {
        let (request, diagnostics) = resolve("Models/Event.adtValue", "%codingKeys style=snake_case\nEvent {\n  SignedIn {\n    deviceName: String\n  }\n  SignedOut\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.cases.map(\.name) == ["signedIn", "signedOut"])
        #expect(request.types.first?.cases.first?.attributes.map(\.codingKey) == ["device_name"])
    }

    @Test func attributesWhoseKeysBecomeEqualAreAnErrorAtTheSecond() {
        let (_, diagnostics) = resolve("Models/User.value", "User {\n  userId: Int\n  user_id: Int\n}\n", settings: snakeCase)
        #expect(diagnostics == [
            "Models/User.value:3:3: error: coding key 'user_id' of attribute 'user_id' is already the key of attribute 'userId' in 'User' (snake_case keys); give one of them a %codingKey",
            "Models/User.value:2:3: note: 'userId' declared here",
        ])
    }

    @Test func aComputedKeyEqualToAnotherAttributesCodingKeyIsAnError() {
        let (_, diagnostics) = resolve("Models/User.value", "User {\n  %codingKey name=\"user_id\"\n  id: Int\n  userID: Int\n}\n", settings: snakeCase)
        #expect(diagnostics == [
            "Models/User.value:4:3: error: coding key 'user_id' of attribute 'userID' is already the key of attribute 'id' in 'User' (snake_case keys); give one of them a %codingKey",
            "Models/User.value:3:3: note: 'id' declared here",
        ])
    }

    @Test func aCodingKeyResolvesACollision() {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  userId: Int\n  %codingKey name=\"legacy_user_id\"\n  user_id: Int\n}\n", settings: snakeCase)
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.attributes.map(\.codingKey) == ["user_id", "legacy_user_id"])
    }

    @Test func anUnknownStyleInTheAnnotationIsAnErrorWithASuggestion() {
        #expect(diagnostics("Models/User.value", "%codingKeys style=snakeCase\nUser {\n  a: Int\n}\n")
            == ["Models/User.value:1:1: error: unknown style 'snakeCase' in '%codingKeys'; did you mean 'snake_case'?"])
        #expect(diagnostics("Models/User.value", "%codingKeys style=title\nUser {\n  a: Int\n}\n")
            == ["Models/User.value:1:1: error: unknown style 'title' in '%codingKeys'; known styles are snake_case, kebab-case, camelCase, PascalCase, SCREAMING_SNAKE_CASE"])
        #expect(diagnostics("Models/User.value", "%codingKeys\nUser {\n  a: Int\n}\n")
            == ["Models/User.value:1:1: error: annotation '%codingKeys' needs a 'style=' argument"])
    }

    @Test func aKeyThePluralRuleChangedIsAWarningWithTheWayToKeepEither() {
        let text = "User {\n  accountTaxIDs: [String]\n  %codingKey name=user_ids\n  userIDs: [String]\n  userID: String\n}\n"
        let (request, diagnostics) = resolve("Models/User.value", text, settings: snakeCase)
        #expect(diagnostics == [
            #"Models/User.value:2:3: warning: the snake_case key of 'accountTaxIDs' is now "account_tax_ids" (a plural acronym is one word); earlier versions of valuegen wrote "account_tax_i_ds": add %codingKey name=account_tax_i_ds to keep the old key, or %codingKey name=account_tax_ids to keep the new one without this warning ("adoptPluralAcronymKeys": true in valuegen.json keeps every new one)"#,
        ])
        #expect(request.types.first?.attributes.map(\.codingKey) == ["account_tax_ids", "user_ids", "user_id"])
        // Kept the old way, without a warning.
        let kept = resolve("Models/User.value", "User {\n  %codingKey name=account_tax_i_ds\n  accountTaxIDs: [String]\n}\n", settings: snakeCase)
        #expect(kept.diagnostics.isEmpty)
        #expect(kept.request.types.first?.attributes.map(\.codingKey) == ["account_tax_i_ds"])
        // Without a style the key is the name, as it always was.
        #expect(resolve("Models/User.value", "User {\n  accountTaxIDs: [String]\n}\n").diagnostics.isEmpty)
        // camelCase changes `URLs` (it was "urLs"); PascalCase writes the name as it was.
        #expect(resolve("Models/User.value", "%codingKeys style=camelCase\nUser {\n  URLs: [String]\n}\n").diagnostics
            == [#"Models/User.value:3:3: warning: the camelCase key of 'URLs' is now "urls" (a plural acronym is one word); earlier versions of valuegen wrote "urLs": add %codingKey name=urLs to keep the old key, or %codingKey name=urls to keep the new one without this warning ("adoptPluralAcronymKeys": true in valuegen.json keeps every new one)"#])
        #expect(resolve("Models/User.value", "%codingKeys style=PascalCase\nUser {\n  userIDs: [String]\n}\n").diagnostics.isEmpty)
    }

    /// A project that adopted the rule (valuegen.json's `adoptPluralAcronymKeys`, which
    /// `valuegen init` writes) gets the new keys without the warning; `false`, like no key,
    /// keeps it.
    @Test func aProjectThatAdoptedThePluralRuleGetsTheNewKeysWithoutTheWarning() {
        let text = "User {\n  accountTaxIDs: [String]\n}\n"
        var adopted = snakeCase
        adopted.adoptsPluralAcronymKeys = true
        let quiet = resolve("Models/User.value", text, settings: adopted)
        #expect(quiet.diagnostics.isEmpty)
        #expect(quiet.request.types.first?.attributes.map(\.codingKey) == ["account_tax_ids"])
        var notAdopted = snakeCase
        notAdopted.adoptsPluralAcronymKeys = false
        #expect(resolve("Models/User.value", text, settings: notAdopted).diagnostics.count == 1)
    }

    // MARK: - What the features write

    @Test func codingWritesTheComputedKeys() throws {
        let file = generate("Models/User.value", "User includes(Coding) {\n  userID: Int\n  %codingKey name=\"e-mail\"\n  email: String\n  %codingLegacyKey name=\"pic\"\n  imageURL: String?\n}\n", settings: snakeCase)
        #expect(file.diagnostics.isEmpty)
        let coding = try #require(file.contents?.featureSection("User", "Coding"))
        #expect(coding.contains(#"try container.decode(Int.self, forKey: ValuegenCodingKey("user_id"))"#))
        #expect(coding.contains(#"try container.decode(String.self, forKey: ValuegenCodingKey("e-mail"))"#))
        #expect(coding.contains(#"try container.decodeIfPresent(String.self, forKey: ValuegenCodingKey("image_url")) ?? container.decodeIfPresent(String.self, forKey: ValuegenCodingKey("pic"))"#))
        #expect(coding.contains(#"try container.encode(userID, forKey: ValuegenCodingKey("user_id"))"#))
        #expect(!coding.contains(#""userID"#))
    }

    @Test func jsonWritesAndReadsTheComputedKeys() throws {
        let file = generate("Models/User.value", "User includes(JSON) {\n  userID: Int\n}\n", settings: snakeCase)
        #expect(file.diagnostics.isEmpty)
        let json = try #require(file.contents?.featureSection("User", "JSON"))
        #expect(json.contains(#"case "user_id":"#))
        #expect(json.contains(#"writer.writeRawKey("\"user_id\":")"#))
        #expect(json.contains(#"throw reader.error("missing member \"user_id\"")"#))
        #expect(!json.contains(#""userID"#))
    }
}
