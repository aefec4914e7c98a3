import Testing
@testable import ValuegenCore

/// `--constraints`: the document's constraints as `%range`, `%length` and `%pattern`, in 3.0's
/// and 3.1's spellings, and a warning naming the keyword for each one no rule checks.
@Suite struct OpenAPIImportConstraintsTests {
    private let checking = OpenAPIImport.Options(checksConstraints: true)

    @Test func boundsLengthsAndPatternsBecomeRules() throws {
        let result = try ImportedDocument(#"""
        {"Item": {"type": "object", "required": ["count"], "properties": {
          "count": {"type": "integer", "minimum": 1, "maximum": 99},
          "ratio": {"type": "number", "minimum": 0, "maximum": 1.5},
          "code": {"type": "string", "minLength": 2, "maxLength": 8, "pattern": "^[A-Z]+\\d?$"},
          "note": {"type": "string", "pattern": "ok|fine"},
          "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 5},
          "labels": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 3},
          "size": {"$ref": "#/components/schemas/Size"}}},
         "Size": {"type": "integer", "format": "int32", "maximum": 10}}
        """#, options: checking)
        #expect(result.files["Item.value"] == #"""
        Item includes(JSON) {
          %range min=1 max=99
          count: Int
          %range min=0.0 max=1.5
          ratio: Double?
          %length min=2 max=8
          %pattern regex="^[A-Z]+\\d?$"
          code: String?
          %pattern regex="[\\s\\S]*(?:ok|fine)[\\s\\S]*"
          note: String?
          %length min=1 max=5
          tags: [String]?
          %length max=3
          labels: [String: String]?
          %range max=10
          size: Int32?
        }

        """#)
        #expect(result.warnings.isEmpty)
    }

    @Test func withoutTheOptionConstraintsAreNotImported() throws {
        let result = try ImportedDocument(#"{"Item": {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1}, "all": {"type": "array", "items": {"type": "string", "maxLength": 3}}}}}"#)
        #expect(result.files["Item.value"] == "Item includes(JSON) {\n  count: Int?\n  all: [String]?\n}\n")
        #expect(result.warnings.isEmpty)
    }

    @Test func exclusiveBoundsAreABooleanIn30AndTheBoundIn31() throws {
        let expected = """
        Item includes(JSON) {
          %range min=1 max=9
          whole: Int?
          %range min=5e-324 max=0.9999999999999999
          part: Double?
          %range min=0.1 max=0.19999999
          small: Float?
        }

        """
        let in30 = try ImportedDocument(#"""
        {"Item": {"type": "object", "properties": {
          "whole": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": true},
          "part": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 1, "exclusiveMaximum": true},
          "small": {"type": "number", "format": "float", "minimum": 0.1, "exclusiveMinimum": false, "maximum": 0.2, "exclusiveMaximum": true}}}}
        """#, version: "3.0.3", options: checking)
        let in31 = try ImportedDocument(#"""
        {"Item": {"type": "object", "properties": {
          "whole": {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
          "part": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
          "small": {"type": "number", "format": "float", "minimum": 0.1, "exclusiveMaximum": 0.2}}}}
        """#, options: checking)
        #expect(in30.files["Item.value"] == expected)
        #expect(in31.files["Item.value"] == expected)
        #expect(in30.warnings.isEmpty && in31.warnings.isEmpty)
    }

    @Test func boundsAreWholeNumbersForIntegersAndTheTighterOfTwoLevelsWins() throws {
        let result = try ImportedDocument(#"""
        {"Item": {"type": "object", "properties": {
          "a": {"type": "integer", "minimum": 0.5, "maximum": 9.5},
          "b": {"type": "integer", "format": "int32", "minimum": -1e12, "maximum": 1e12},
          "c": {"allOf": [{"$ref": "#/components/schemas/Level"}], "maximum": 5},
          "d": {"type": "string", "minLength": 0}}},
         "Level": {"type": "integer", "minimum": 1, "maximum": 7}}
        """#, options: checking)
        #expect(result.files["Item.value"] == """
        Item includes(JSON) {
          %range min=1 max=9
          a: Int?
          b: Int32?
          %range min=1 max=5
          c: Int?
          d: String?
        }

        """)
        #expect(result.warnings.isEmpty)
    }

    @Test func whatNoRuleChecksIsAWarningNamingTheKeyword() throws {
        let result = try ImportedDocument(#"""
        {"Item": {"type": "object", "properties": {
          "at": {"type": "string", "format": "date-time", "maxLength": 30},
          "even": {"type": "integer", "multipleOf": 2},
          "set": {"type": "array", "items": {"type": "string", "maxLength": 3}, "uniqueItems": true},
          "bad": {"type": "string", "pattern": "(?<=[a-"},
          "none": {"type": "integer", "minimum": 5, "maximum": 4},
          "map": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
          "either": {"oneOf": [{"type": "string", "maxLength": 3}, {"type": "integer"}]}}}}
        """#, options: checking)
        #expect(["%range", "%length", "%pattern"].allSatisfy { result.files["Item.value"]?.contains($0) == false }, "\(result.files["Item.value"] ?? "")")
        #expect(result.warnings == [
            "#/components/schemas/Item/properties/at/maxLength: 'maxLength' is not checked: it does not apply to Date",
            "#/components/schemas/Item/properties/even/multipleOf: 'multipleOf' is not checked: Valuegen has no rule for it (check it in a '%check with=' function)",
            "#/components/schemas/Item/properties/set/items/maxLength: 'maxLength' is not checked: rules apply to attributes, not to an array's elements",
            "#/components/schemas/Item/properties/set/uniqueItems: 'uniqueItems' is not checked: Valuegen has no rule for it (check it in a '%check with=' function, or edit the attribute into a Set)",
            "#/components/schemas/Item/properties/bad/pattern: the pattern '(?<=[a-' is not checked: the ICU regular expressions the generated code uses (NSRegularExpression) cannot read it",
            "#/components/schemas/Item/properties/none: no integer fits between the minimum and the maximum, so they are not checked",
            "#/components/schemas/Item/properties/map/additionalProperties/minimum: 'minimum' is not checked: rules apply to attributes, not to a map's values",
            "#/components/schemas/Item/properties/either/oneOf/0/maxLength: 'maxLength' is not checked: rules apply to attributes, not to a union's single values",
        ])
    }

    @Test func anAnchoredPatternIsKeptAndAnotherSearchesTheString() {
        #expect(ImportedConstraints.isAnchored("^[a-z]+$"))
        #expect(ImportedConstraints.isAnchored("^(a|b)$"))
        #expect(ImportedConstraints.isAnchored("^[|]$"))
        #expect(!ImportedConstraints.isAnchored("^a|b$"))
        #expect(!ImportedConstraints.isAnchored("^a\\$"))
        #expect(!ImportedConstraints.isAnchored("abc$"))
        #expect(ImportedConstraints.searching("ab") == #"[\s\S]*(?:ab)[\s\S]*"#)
    }
}
