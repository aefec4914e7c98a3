import Testing
import ValuegenPluginSDK
import ValuegenCore

/// Invariants (issue 15): `%range`, `%length`, `%nonEmpty`, `%pattern` and `%check` checked
/// where they are written, the Validation feature they imply, and the `validate()` it writes.
/// InvariantCompileTests runs the code.
@Suite("Invariants")
struct InvariantTests {
    private func errors(_ attribute: String, _ type: String = "age: Int") -> [String] {
        diagnostics("Models/User.value", "User {\n  \(attribute)\n  \(type)\n}\n")
    }

    @Test func aRuleMustFitTheAttributesType() {
        #expect(errors("%range min=0", "name: String")
            == ["Models/User.value:2:3: error: '%range' applies to numbers (Int, UInt and their sized kinds, Double, Float), and 'name' is 'String'; use '%length min= max=' for a length"])
        #expect(errors("%length max=3")
            == ["Models/User.value:2:3: error: '%length' applies to strings and collections, and 'age' is 'Int'; use '%range min= max=' for a number"])
        #expect(errors("%nonEmpty", "flag: Bool?")
            == ["Models/User.value:2:3: error: '%nonEmpty' applies to strings and collections, and 'flag' is 'Bool'; remove it"])
        #expect(errors("%pattern regex=\"a+\"", "tags: [String]")
            == ["Models/User.value:2:3: error: '%pattern' applies to strings, and 'tags' is '[String]'; remove it"])
        #expect(diagnostics("Models/Shape.adtValue", "Shape {\n  A {\n    %range max=1\n    size: String\n  }\n}\n")
            == ["Models/Shape.adtValue:3:5: error: '%range' applies to numbers (Int, UInt and their sized kinds, Double, Float), and 'size' is 'String'; use '%length min= max=' for a length"])
    }

    @Test func aRuleWrittenWhereNoAttributeIsIsAnError() {
        #expect(diagnostics("Models/User.value", "%range min=0\nUser {\n  age: Int\n}\n")
            == ["Models/User.value:1:1: error: '%range' applies to an attribute, not to type 'User'; write it before the attribute, or check the whole value with '%check with='"])
        #expect(errors("%check with=valid")
            == ["Models/User.value:2:3: error: '%check' applies to a type, not to attribute 'age'; write it before the type"])
        #expect(diagnostics("Models/Shape.adtValue", "Shape {\n  %singleAttributeSubtype attributeType=Int\n  %range min=0\n  Count\n  %check with=valid\n  Empty\n}\n") == [
            "Models/Shape.adtValue:3:3: error: '%range' does not apply to subtype 'Count'; write it before an attribute of the subtype (a '%singleAttributeSubtype' value takes no rules: declare it as an attribute)",
            "Models/Shape.adtValue:5:3: error: '%check' does not apply to subtype 'Empty'; write it before 'Shape', where it checks every case",
        ])
    }

    @Test func anADTsPayloadAndTheADTTakeRules() {
        let (request, diagnostics) = resolve("Models/Shape.adtValue", "%check with=valid\nShape {\n  Circle {\n    %range min=0\n    radius: Double\n  }\n  Empty\n}\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(request.types.first?.includes.contains("Validation") == true)
        let (checked, _) = resolve("Models/Shape.adtValue", "%check with=valid\nShape {\n  Empty\n}\n")
        #expect(checked.types.first?.includes.contains("Validation") == true)
    }

    @Test func malformedArgumentsAreErrorsAtTheArgument() {
        #expect(errors("%range min=5 max=1")
            == ["Models/User.value:2:3: error: '%range' min=5 is above max=1; swap them"])
        #expect(errors("%range min=ten")
            == ["Models/User.value:2:14: error: 'ten' in '%range' min= is not an integer a 'Int' can hold; write an integer a 'Int' can hold, e.g. min=0"])
        #expect(errors("%range max=300", "level: UInt8")
            == ["Models/User.value:2:14: error: '300' in '%range' max= is not an integer a 'UInt8' can hold; write an integer a 'UInt8' can hold, e.g. max=0"])
        #expect(errors("%range min=inf", "score: Double")
            == ["Models/User.value:2:14: error: 'inf' in '%range' min= is not a number; write a number, e.g. min=0"])
        #expect(errors("%range")
            == ["Models/User.value:2:3: error: '%range' needs 'min=', 'max=' or both, e.g. '%range' min=0 max=120"])
        #expect(errors("%length min=-1", "name: String")
            == ["Models/User.value:2:15: error: '-1' in '%length' min= is not a whole number 0 or more; write a whole number 0 or more, e.g. min=0"])
        #expect(errors("%pattern regex=\"[a-\"", "name: String")
            == ["Models/User.value:2:18: error: '[a-' in '%pattern regex=' is not a valid regular expression (ICU syntax, as NSRegularExpression reads it); fix the expression"])
        #expect(errors("%pattern", "name: String")
            == ["Models/User.value:2:3: error: annotation '%pattern' needs a 'regex=' argument"])
        #expect(diagnostics("Models/User.value", "%check with=\"not a name\"\nUser {\n  a: Int\n}\n")
            == ["Models/User.value:1:13: error: 'not a name' in '%check with=' is not a Swift function name; write the name of 'static func …(_ value: User) throws'"])
    }

    @Test func rulesImplyValidation() throws {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  %range min=0\n  age: Int\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.includes.contains("Validation") == true)
        let (plain, _) = resolve("Models/User.value", "User {\n  age: Int\n}\n")
        #expect(plain.types.first?.includes.contains("Validation") == false)
    }

    @Test func validateChecksEachRuleThenTheCheckFunction() throws {
        let file = generate("Models/User.value", "%check with=refuse\nUser {\n  %range min=0 max=120\n  age: Int\n  %nonEmpty\n  %pattern regex=\"[a-z]+\"\n  nick: String?\n}\n")
        #expect(file.diagnostics.isEmpty)
        let section = try #require(file.contents?.featureSection("User", "Validation"))
        #expect(section.contains("""
            public func validate() throws {
                if self.age < 0 {
                    throw ValidationError(typeName: "User", attributeName: "age", message: "\\(self.age) is below the minimum 0")
                }
                if self.age > 120 {
                    throw ValidationError(typeName: "User", attributeName: "age", message: "\\(self.age) is above the maximum 120")
                }
                if let value = self.nick {
                    if value.isEmpty {
                        throw ValidationError(typeName: "User", attributeName: "nick", message: "is empty")
                    }
                    if Self.nickPattern.firstMatch(in: value, range: .init(location: 0, length: value.utf16.count)) == nil {
                        throw ValidationError(typeName: "User", attributeName: "nick", message: value.debugDescription + " does not match the pattern \\"[a-z]+\\"")
        """))
        #expect(section.contains("        try Self.refuse(self)\n    }"))
        #expect(file.contents?.contains("import Foundation") == true)
    }

    @Test func eachPatternIsCompiledOnceIntoAStaticProperty() throws {
        let file = generate("Models/User.value", "User {\n  %pattern regex=\"[a-z]+\"\n  %pattern regex=\"a.*\"\n  nick: String\n}\n")
        #expect(file.diagnostics.isEmpty)
        let section = try #require(file.contents?.featureSection("User", "Validation"))
        #expect(section.contains("""
                private static let nickPattern: Foundation.NSRegularExpression = try! .init(pattern: "\\\\A(?:[a-z]+)\\\\z")
                private static let nickPattern2: Foundation.NSRegularExpression = try! .init(pattern: "\\\\A(?:a.*)\\\\z")
            """))
        #expect(section.contains("if Self.nickPattern2.firstMatch(in: self.nick,"))
        #expect(!section.contains("NSRange"))
    }

    @Test func theBuilderAndTheDecodersValidate() throws {
        let file = generate("Models/User.value", "User includes(Builder, JSON, Coding, Binary, Dictionary) {\n  %range max=1\n  built: Int\n}\n")
        #expect(file.diagnostics.isEmpty)
        let builder = try #require(file.contents?.featureSection("User", "Builder"))
        #expect(builder.contains("let built_ = User(built: built)\n        try built_.validate()\n        return built_"))
        let readerError = "do {\n            try self.validate()\n        } catch {\n            throw reader.error(\"\\(error)\")\n        }\n    }"
        let json = try #require(file.contents?.featureSection("User", "JSON"))
        #expect(json.contains(readerError))
        let binary = try #require(file.contents?.featureSection("User", "Binary"))
        #expect(binary.contains(readerError))
        let dictionary = try #require(file.contents?.featureSection("User", "Dictionary"))
        #expect(dictionary.contains("} catch {\n            throw members.error(\"\\(error)\")\n        }\n    }"))
        let coding = try #require(file.contents?.featureSection("User", "Coding"))
        #expect(coding.contains("""
                    } catch {
                        let corrupted: Swift.DecodingError = .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\\(error)", underlyingError: error))
                        throw corrupted
                    }
            """))
    }

    @Test func anADTValidatesThePayloadOfEachCaseWithRules() throws {
        let file = generate("Models/Shape.adtValue", "%check with=refuse\nShape {\n  Circle {\n    %range min=0\n    radius: Double\n    %pattern regex=\"[a-z]+\"\n    label: String?\n    center: Int\n  }\n  Square {\n    %nonEmpty\n    sides: [Int]\n  }\n  Empty\n}\n")
        #expect(file.diagnostics.isEmpty)
        let section = try #require(file.contents?.featureSection("Shape", "Validation"))
        #expect(section.contains("""
                    /// The case whose payload the attribute is, e.g. `circle`.
                    public let caseName: Swift.String
            """))
        #expect(section.contains(#""\(typeName).\(caseName).\(attributeName): \(message)""#))
        #expect(section.contains("""
                public func validate() throws {
                    switch self {
                    case .circle(let radius, let label, _):
                        if radius < 0 {
                            throw ValidationError(typeName: "Shape", caseName: "circle", attributeName: "radius", message: "\\(radius) is below the minimum 0")
                        }
                        if let value = label {
                            if Self.circleLabelPattern.firstMatch(in: value, range: .init(location: 0, length: value.utf16.count)) == nil {
                                throw ValidationError(typeName: "Shape", caseName: "circle", attributeName: "label", message: value.debugDescription + " does not match the pattern \\"[a-z]+\\"")
                            }
                        }
                    case .square(let sides):
                        if sides.isEmpty {
                            throw ValidationError(typeName: "Shape", caseName: "square", attributeName: "sides", message: "is empty")
                        }
                    default:
                        break
                    }
                    try Self.refuse(self)
                }
            """))
    }

    @Test func everyADTDecoderValidates() throws {
        for representation in ["string", "internal", "external", "adjacent"] {
            let payload = representation == "string" ? "" : " {\n    %range min=0\n    radius: Int\n  }"
            let file = generate("Models/Shape.adtValue", "%check with=refuse\n%coding representation=\(representation)\nShape includes(JSON, Coding, Binary, Dictionary) {\n  Circle\(payload)\n  Empty\n}\n")
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
            // Externally tagged, the bare tag of a case without payload returns early, and validates too.
            let exits = representation == "external" ? 2 : 1
            for (feature, failure) in [("JSON", "throw reader.error(\"\\(error)\")"), ("Binary", "throw reader.error(\"\\(error)\")"), ("Dictionary", "throw DictionaryError(message: \"\\(error)\")"), ("Coding", "throw corrupted")] {
                let section = try #require(file.contents?.featureSection("Shape", feature))
                let expected = feature == "Binary" ? 1 : exits
                #expect(section.components(separatedBy: "try self.validate()").count - 1 == expected, "\(representation) \(feature)")
                #expect(section.contains(failure), "\(representation) \(feature)")
            }
        }
        // Without `%check` a bare tag has nothing to refuse.
        let file = generate("Models/Shape.adtValue", "%coding representation=external\nShape includes(JSON) {\n  Circle {\n    %range min=0\n    radius: Int\n  }\n  Empty\n}\n")
        #expect(file.contents?.featureSection("Shape", "JSON")?.components(separatedBy: "try self.validate()").count == 2)
    }

    @Test func theNamesValidationDeclaresAreTaken() {
        #expect(moduleDiagnostics([("Models/User.value", "User {\n  %range max=1\n  validate: Int\n}\n")])
            == ["Models/User.value:3:3: error: attribute 'validate' collides with 'func validate()', which the Validation feature generates for 'User'; rename the attribute"])
        #expect(moduleDiagnostics([("Models/Shape.adtValue", "Shape {\n  Circle {\n    %pattern regex=\"a\"\n    label: String\n  }\n  CircleLabelPattern\n}\n")])
            == ["Models/Shape.adtValue:6:3: error: case 'circleLabelPattern' of subtype 'CircleLabelPattern' collides with 'private static let circleLabelPattern', the compiled '%pattern' of attribute 'label', which the Validation feature generates for 'Shape'; rename the subtype"])
        #expect(moduleDiagnostics([("Models/Shape.adtValue", "Shape {\n  Circle {\n    %range min=0\n    ValidationError: Int\n  }\n}\n")])
            == ["Models/Shape.adtValue:4:5: error: attribute 'ValidationError' of subtype 'Circle' collides with 'struct Shape.ValidationError', which the Validation feature generates for 'Shape'; rename the attribute"])
        // A schema type may be named ValidationError; where a feature's code spells its name
        // inside it, the nested error would be meant instead.
        #expect(moduleDiagnostics([("Models/ValidationError.value", "ValidationError includes(With) {\n  %range min=0\n  age: Int\n}\n")])
            == ["Models/ValidationError.value:1:1: error: type 'ValidationError' has the name of 'struct ValidationError.ValidationError', which the Validation feature generates, so the code the With feature generates there would mean the nested type; rename the type or add excludes(With)"])
    }
}
