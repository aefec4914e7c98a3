import Testing
import ValuegenPluginSDK

@Suite("SwiftLanguage: identifiers, string literals and case conventions")
struct SwiftLanguageTests {
    // MARK: - Identifiers

    @Test func escapesReservedWordsWithBackticks() {
        #expect(SwiftLanguage.identifier("class") == "`class`")
        #expect(SwiftLanguage.identifier("default") == "`default`")
        #expect(SwiftLanguage.identifier("protocol") == "`protocol`")
        #expect(SwiftLanguage.identifier("Type") == "`Type`")
        #expect(SwiftLanguage.identifier("self") == "`self`")
    }

    @Test func leavesOrdinaryNamesAlone() {
        #expect(SwiftLanguage.identifier("nickname") == "nickname")
        #expect(SwiftLanguage.identifier("classes") == "classes")
        #expect(SwiftLanguage.identifier("Default") == "Default")
    }

    @Test func argumentLabelsEscapeOnlyInoutVarAndLet() {
        #expect(SwiftLanguage.argumentLabel("default") == "default")
        #expect(SwiftLanguage.argumentLabel("class") == "class")
        #expect(SwiftLanguage.argumentLabel("inout") == "`inout`")
        #expect(SwiftLanguage.argumentLabel("var") == "`var`")
        #expect(SwiftLanguage.argumentLabel("let") == "`let`")
    }

    @Test func identifiersStartWithALetterOrUnderscore() {
        #expect(SwiftLanguage.isIdentifier("userId"))
        #expect(SwiftLanguage.isIdentifier("_private"))
        #expect(SwiftLanguage.isIdentifier("größe"))
        #expect(SwiftLanguage.isIdentifier("x2"))
        #expect(!SwiftLanguage.isIdentifier("2fa"))
        #expect(!SwiftLanguage.isIdentifier("user-id"))
        #expect(!SwiftLanguage.isIdentifier("a.b"))
        #expect(!SwiftLanguage.isIdentifier(""))
    }

    // MARK: - String literals

    @Test func quotesPlainText() {
        #expect(SwiftLanguage.stringLiteral("zip code") == #""zip code""#)
        #expect(SwiftLanguage.stringLiteral("") == #""""#)
    }

    @Test func escapesQuotesAndBackslashes() {
        #expect(SwiftLanguage.stringLiteral(#"say "hi""#) == #""say \"hi\"""#)
        #expect(SwiftLanguage.stringLiteral(#"C:\docs"#) == #""C:\\docs""#)
    }

    @Test func escapesControlCharacters() {
        #expect(SwiftLanguage.stringLiteral("a\nb\tc\rd\0") == #""a\nb\tc\rd\0""#)
        #expect(SwiftLanguage.stringLiteral("bell\u{7}") == #""bell\u{7}""#)
        #expect(SwiftLanguage.stringLiteral("del\u{7F}") == #""del\u{7F}""#)
    }

    @Test func keepsNonASCIIText() {
        #expect(SwiftLanguage.stringLiteral("café ☕️") == "\"café ☕️\"")
    }

    @Test func doesNotStartAnInterpolation() {
        #expect(SwiftLanguage.stringLiteral(#"\(x)"#) == #""\\(x)""#)
    }

    // MARK: - Case conventions

    @Test func lowerCamelCasesASubtypeName() {
        #expect(SwiftLanguage.lowerCamelCase("FirstSubtype") == "firstSubtype")
    }

    @Test func lowerCamelCaseTakesALeadingAcronymAsOneWord() {
        #expect(SwiftLanguage.lowerCamelCase("URLChanged") == "urlChanged")
        #expect(SwiftLanguage.lowerCamelCase("URL") == "url")
        #expect(SwiftLanguage.lowerCamelCase("HTTP2Error") == "http2Error")
    }

    @Test func lowerCamelCaseLeavesLowercaseAndSingleLettersAlone() {
        #expect(SwiftLanguage.lowerCamelCase("pending") == "pending")
        #expect(SwiftLanguage.lowerCamelCase("A") == "a")
        #expect(SwiftLanguage.lowerCamelCase("_Hidden") == "_Hidden")
    }

    @Test func upperFirstCapitalizesOnlyTheFirstCharacter() {
        #expect(SwiftLanguage.upperFirst("nickname") == "Nickname")
        #expect(SwiftLanguage.upperFirst("userId") == "UserId")
        #expect(SwiftLanguage.upperFirst("") == "")
    }
}
