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
        #expect(diagnostics("Models/Shape.adtValue", "Shape {\n  A {\n    %range max=1\n    size: Int\n  }\n}\n")
            == ["Models/Shape.adtValue:3:5: error: '%range' applies to attributes of values and objects, not to an ADT's payload; check the value where it is made"])
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
        #expect(diagnostics("Models/Shape.adtValue", "%check with=valid\nShape {\n  A\n}\n")
            == ["Models/Shape.adtValue:1:1: error: '%check' applies to values and objects, and 'Shape' is an ADT; remove it"])
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
                    if try! Foundation.NSRegularExpression(pattern: "\\\\A(?:[a-z]+)\\\\z").firstMatch(in: value, range: Foundation.NSRange(location: 0, length: value.utf16.count)) == nil {
        """))
        #expect(section.contains("        try Self.refuse(self)\n    }"))
        #expect(file.contents?.contains("import Foundation") == true)
    }

    @Test func theBuilderAndTheDecodersValidate() throws {
        let file = generate("Models/User.value", "User includes(Builder, JSON, Coding) {\n  %range max=1\n  built: Int\n}\n")
        #expect(file.diagnostics.isEmpty)
        let builder = try #require(file.contents?.featureSection("User", "Builder"))
        #expect(builder.contains("let built_ = User(built: built)\n        try built_.validate()\n        return built_"))
        let json = try #require(file.contents?.featureSection("User", "JSON"))
        #expect(json.contains("do {\n            try self.validate()\n        } catch {\n            throw reader.error(Swift.String(describing: error))\n        }"))
        let coding = try #require(file.contents?.featureSection("User", "Coding"))
        #expect(coding.contains("throw Swift.DecodingError.dataCorrupted(Swift.DecodingError.Context(codingPath: decoder.codingPath, debugDescription: Swift.String(describing: error), underlyingError: error))"))
    }

    @Test func theNamesValidationDeclaresAreTaken() {
        #expect(moduleDiagnostics([("Models/User.value", "User {\n  %range max=1\n  validate: Int\n}\n")])
            == ["Models/User.value:3:3: error: attribute 'validate' collides with 'func validate()', which the Validation feature generates for 'User'; rename the attribute"])
    }
}
