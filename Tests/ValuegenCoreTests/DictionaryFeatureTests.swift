import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// The Dictionary feature's generated text: `init(dictionary:)` and `dictionaryRepresentation`
/// for values and objects, `DictionaryCodable` for ADTs in each representation, and the schema
/// errors that keep a type swiftc would refuse from being generated. What the compiled code does
/// is DictionaryCompileTests' part.
@Suite("Dictionary feature")
struct DictionaryFeatureTests {
    private func section(_ path: String, _ text: String, type: String) throws -> String {
        let file = generate(path, text)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        return try #require(file.contents?.featureSection(type, "Dictionary"))
    }

    // MARK: - Values and objects

    @Test func aValueReadsKeysLegacyKeysDefaultsDateStylesAndLenientIntegersAndSkipsTransients() throws {
        let schema = """
        User includes(Dictionary) {
          id: Int
          %codingKey name="zip code"
          %codingLegacyKey name=zip
          zipCode: String = "00000"
          %codingLegacyKey name=nick
          nickname: String
          avatar: URL?
          %coding dates=secondsSince1970
          created: Date
          %coding lenient=true
          count: Int64?
          %transient
          cache: [String: Int] = [:]
        }

        """
        #expect(try section("Models/User.value", schema, type: "User") == """
        extension User: DictionaryCodable {
            public init(dictionary: [String: Any]) throws(DictionaryError) {
                let members = DictionaryMembers(dictionary)
                let id: Int = try members.decodeRequired(Int.self, forKeys: "id")
                let zipCode: String = try members.decode(String.self, forKeys: "zip code", "zip") ?? "00000"
                let nickname: String = try members.decodeRequired(String.self, forKeys: "nickname", "nick")
                let avatar: URL? = try members.decode(URL.self, forKeys: "avatar")
                let created: Date = try members.decodeRequired(forKeys: "created") { value throws(DictionaryError) in try Date(propertyListValue: value, style: .secondsSince1970) }
                let count: Int64? = try members.decode(forKeys: "count") { value throws(DictionaryError) in try Int64(lenientPropertyListValue: value) }
                self.init(
                    id: id,
                    zipCode: zipCode,
                    nickname: nickname,
                    avatar: avatar,
                    created: created,
                    count: count,
                    cache: ([:])
                )
            }

            public init(propertyListValue: Any) throws(DictionaryError) {
                try self.init(dictionary: DictionaryMembers(propertyListValue: propertyListValue).dictionary)
            }

            public var dictionaryRepresentation: [String: Any] {
                var dictionary: [String: Any] = [:]
                dictionary["id"] = self.id.propertyListValue
                dictionary["zip code"] = self.zipCode.propertyListValue
                dictionary["nickname"] = self.nickname.propertyListValue
                if let value = self.avatar {
                    dictionary["avatar"] = value.propertyListValue
                }
                dictionary["created"] = self.created.propertyListValue(style: .secondsSince1970)
                if let value = self.count {
                    dictionary["count"] = value.propertyListValue
                }
                return dictionary
            }

            public var propertyListValue: Any {
                dictionaryRepresentation
            }
        }
        """)
    }

    @Test func anObjectGetsAConvenienceInitializer() throws {
        let text = try section("Models/Counter.object", "Counter includes(Dictionary) {\n  count: Int = 0\n}\n", type: "Counter")
        #expect(text.contains("public convenience init(dictionary: [String: Any]) throws(DictionaryError) {"))
        #expect(text.contains("public convenience init(propertyListValue: Any) throws(DictionaryError) {"))
        #expect(text.contains(#"let count: Int = try members.decode(Int.self, forKeys: "count") ?? 0"#))
    }

    @Test func localsAvoidTheAttributesNames() throws {
        let text = try section("Models/Box.value", "Box includes(Dictionary) {\n  dictionary: [String: Int]\n  members: Int\n}\n", type: "Box")
        #expect(text.contains("public init(dictionary dictionary_: [String: Any]) throws(DictionaryError) {"))
        #expect(text.contains("let members_ = DictionaryMembers(dictionary_)"))
        #expect(text.contains(#"let dictionary: [String: Int] = try members_.decodeRequired([String: Int].self, forKeys: "dictionary")"#))
    }

    // MARK: - ADTs

    @Test func aPlainEnumerationIsABareString() throws {
        #expect(try section("Models/Mood.adtValue", "Mood includes(Dictionary) {\n  Happy\n  %caseKey name=SAD\n  Sad\n}\n", type: "Mood") == """
        extension Mood: DictionaryCodable {
            public init(propertyListValue: Any) throws(DictionaryError) {
                let tag = try String(propertyListValue: propertyListValue)
                switch tag {
                case "happy":
                    self = .happy
                case "SAD":
                    self = .sad
                default:
                    throw DictionaryError(message: "unknown Mood tag '\\(tag)'")
                }
            }

            public var propertyListValue: Any {
                switch self {
                case .happy:
                    return "happy"
                case .sad:
                    return "SAD"
                }
            }
        }
        """)
    }

    @Test func anExternallyTaggedCaseIsItsTagOrADictionaryOfOneMember() throws {
        let schema = "%coding representation=external\nMedia includes(Dictionary) {\n  Image {\n    url: String\n  }\n  %singleAttributeSubtype attributeType=Int\n  Count\n  Nothing\n}\n"
        #expect(try section("Models/Media.adtValue", schema, type: "Media") == """
        extension Media: DictionaryCodable {
            public init(propertyListValue: Any) throws(DictionaryError) {
                if let tag = propertyListValue as? String {
                    switch tag {
                    case "nothing":
                        self = .nothing
                    default:
                        throw DictionaryError(message: "unknown Media tag '\\(tag)'")
                    }
                    return
                }
                let members = try DictionaryMembers(propertyListValue: propertyListValue)
                guard members.dictionary.count == 1, let tag = members.dictionary.keys.first else {
                    throw DictionaryError(message: "an externally tagged Media has one member, named for its case; found \\(members.dictionary.count)")
                }
                switch tag {
                case "image":
                    let payload = try members.members(forKey: "image")
                    let url: String = try payload.decodeRequired(String.self, forKeys: "url")
                    self = .image(url: url)
                case "count":
                    self = .count(try members.decodeRequired(Int.self, forKeys: "count"))
                case "nothing":
                    self = .nothing
                default:
                    throw DictionaryError(message: "unknown Media tag '\\(tag)'")
                }
            }

            public var propertyListValue: Any {
                switch self {
                case .image(let url):
                    var payload: [String: Any] = [:]
                    payload["url"] = url.propertyListValue
                    return ["image": payload] as [String: Any]
                case .count(let value):
                    return ["count": value.propertyListValue] as [String: Any]
                case .nothing:
                    return "nothing"
                }
            }
        }
        """)
    }

    @Test func anInternallyTaggedCaseSitsBesideItsTagAndAnUnknownOneIsWrittenBackWhole() throws {
        let schema = "%coding discriminator=event\nEvent includes(Dictionary) {\n  Click {\n    x: Int\n  }\n  %singleAttributeSubtype attributeType=String\n  Message\n  %unknownCase\n  Other\n}\n"
        let text = try section("Models/Event.adtValue", schema, type: "Event")
        #expect(text.contains(#"""
                guard let tag = try members.decode(String.self, forKeys: "event") else {
                    throw DictionaryError(message: "missing member \"event\" naming the case of Event")
                }
        """#))
        #expect(text.contains(#"self = .message(try members.decodeRequired(String.self, forKeys: "value"))"#))
        #expect(text.contains("self = .other(UnknownCase(tag: tag, json: try RawJSON(propertyListValue: propertyListValue)))"))
        #expect(text.contains("""
                case .other(let value):
                    if let json = value.json, let tree = json.propertyListValue {
                        return tree
                    }
                    dictionary["event"] = value.tag
        """))
        #expect(text.contains(#"dictionary["event"] = "click""#))
        #expect(text.contains(#"dictionary["x"] = x.propertyListValue"#))
    }

    @Test func anAdjacentlyTaggedCaseHasItsPayloadUnderTheContentKey() throws {
        let schema = "%coding representation=adjacent discriminator=kind content=data\nShape includes(Dictionary) {\n  Circle {\n    radius: Double\n    %transient\n    area: Double = 0\n  }\n  %nullable\n  %singleAttributeSubtype attributeType=\"NSString *\"\n  Note\n  Empty\n}\n"
        let text = try section("Models/Shape.adtValue", schema, type: "Shape")
        #expect(text.contains(#"""
                case "circle":
                    let payload = try members.members(forKey: "data")
                    let radius: Double = try payload.decodeRequired(Double.self, forKeys: "radius")
                    self = .circle(radius: radius, area: 0)
        """#))
        #expect(text.contains(#"self = .note(try members.decode(String.self, forKeys: "data"))"#))
        #expect(text.contains("""
                case .circle(let radius, _):
                    dictionary["kind"] = "circle"
                    var payload: [String: Any] = [:]
                    payload["radius"] = radius.propertyListValue
                    dictionary["data"] = payload
        """))
        #expect(!text.contains("area\"]"))
    }

    @Test func anExternallyTaggedOptionalPayloadThatIsNilIsItsTag() throws {
        let schema = "%coding representation=external\nMedia includes(Dictionary) {\n  %nullable\n  %singleAttributeSubtype attributeType=\"NSString *\"\n  Caption\n}\n"
        let text = try section("Models/Media.adtValue", schema, type: "Media")
        #expect(text.contains("""
                    case "caption":
                        self = .caption(nil)
        """))
        #expect(text.contains("""
                case .caption(let value):
                    if let value {
                        return ["caption": value.propertyListValue] as [String: Any]
                    }
                    return "caption"
        """))
    }

    // MARK: - Schema errors

    @Test func anExistentialCannotBeCoded() {
        #expect(diagnostics("Models/User.value", "User includes(Dictionary) {\n  pet: any Equatable\n}\n") == [
            "Models/User.value:2:3: error: attribute 'pet' has type 'any Equatable', which cannot be coded; exclude Dictionary or use a concrete type",
        ])
    }

    @Test func dictionariesNeedStringOrIntegerKeys() {
        #expect(diagnostics("Models/User.value", "User includes(Dictionary) {\n  counts: [Double: String]\n  byID: [Int64: [UInt8: String]]\n}\n") == [
            "Models/User.value:2:3: error: attribute 'counts' has type '[Double: String]'; Dictionary codes dictionaries with String or integer keys only (Int, Int8 … Int64, UInt … UInt64), as JSON objects",
        ])
    }

    @Test func aHeldModelMustIncludeDictionary() {
        let author = (path: "Models/Author.value", text: "Author {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post includes(Dictionary) {\n  authors: [Author]\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:13: error: 'Post' includes Dictionary, which needs the same on every model it holds, but 'Author' (Author.value) does not include Dictionary; add Dictionary to the includes(...) of 'Author'",
        ])
    }

    @Test func aHeldSwiftTypeMustBeDictionaryCodable() {
        let post = (path: "Models/Post.value", text: "Post includes(Dictionary) {\n  color: Color\n}\n")
        #expect(moduleDiagnostics([post], swiftTypes: swiftTypes("Color", conformances: ["Codable"])) == [
            "Models/Post.value:2:10: error: 'Post' includes Dictionary, which needs 'Color' to conform to DictionaryCodable, but its declaration (Sources/Models/Handwritten.swift:1:1) does not say so; add the conformance there, or remove Dictionary from includes(...)",
        ])
        #expect(moduleDiagnostics([post], swiftTypes: swiftTypes("Color", conformances: ["DictionaryCodable"])) == [])
    }

    @Test func aStandardTypeTheRuntimeDoesNotCodeIsAnError() {
        #expect(moduleDiagnostics([(path: "Models/Price.value", text: "Price includes(Dictionary) {\n  amount: Decimal\n}\n")]) == [
            "Models/Price.value:2:11: error: 'Price' includes Dictionary, but ValuegenRuntime does not code 'Decimal' (attribute 'amount'); use a type it codes (Decimal as String or Double, for instance), or remove Dictionary from includes(...) and use Coding",
        ])
    }

    @Test func aDefaultDictionaryIsLeftOutQuietlyWhereAHeldModelLacksIt() {
        let (requests, diagnostics) = resolveModule([
            (path: "Models/Author.value", text: "Author excludes(Dictionary) {\n  name: String\n}\n"),
            (path: "Models/Post.value", text: "Post {\n  author: Author\n}\n"),
        ], settings: GenerationSettings(defaultIncludes: ["Dictionary"]))
        #expect(diagnostics == [])
        #expect(requests.flatMap(\.types).first { $0.name == "Post" }?.includes.contains("Dictionary") == false)
    }

    @Test func anAttributeNamedLikeAGeneratedMemberIsAnError() {
        let messages = diagnostics("Models/User.value", "User includes(Dictionary) {\n  propertyListValue: Int\n}\n")
        #expect(messages == [
            "Models/User.value:2:3: error: attribute 'propertyListValue' collides with 'var propertyListValue', which the Dictionary feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"propertyListValue\") or add excludes(Dictionary)",
        ])
    }

    @Test func aTargetWithoutTheRuntimeIsAnError() {
        let pipeline = GeneratorPipeline()
        let resolved = pipeline.resolve(SchemaSource(path: "Models/User.value", text: "User includes(Dictionary) {\n  name: String\n}\n"), settings: GenerationSettings())
        let messages = ModuleResolver(runtimeIsAvailable: .missing(target: "App", package: "valuegen")).resolve([resolved]).schemas
            .flatMap { $0.diagnostics.diagnostics.inSourceOrder().map(\.description) }
        #expect(messages == [
            "Models/User.value:1:1: error: 'User' includes Dictionary, whose generated code imports ValuegenRuntime, but target 'App' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen\") to the dependencies of target 'App' in Package.swift",
        ])
    }

    @Test func aSchemaTypeNamedLikeARuntimeTypeHasTheRuntimesTypeQualified() {
        let file = generate("Models/DictionaryError.value", "DictionaryError includes(Dictionary) {\n  message: String\n}\n")
        #expect(file.diagnostics.isEmpty)
        let contents = file.contents ?? ""
        #expect(contents.contains("convenience init(propertyListValue: Any) throws(ValuegenRuntime.DictionaryError)") || contents.contains("init(propertyListValue: Any) throws(ValuegenRuntime.DictionaryError)"))
        #expect(contents.contains("extension DictionaryError: DictionaryCodable"), "only what the module declares is qualified")
    }
}
