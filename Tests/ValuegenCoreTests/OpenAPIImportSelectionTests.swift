import Testing
@testable import ValuegenCore

/// `--include` and `--exclude`: globs on component names, the closure of what the included
/// components refer to, and what happens where a kept component refers to an excluded one.
@Suite struct OpenAPIImportSelectionTests {
    /// Order → Customer → Address (a reference from inside a property's array), Order → Status
    /// (through a reference into Customer's properties); Pet and PetKind stand alone.
    private let schemas = #"""
    {"Order": {"type": "object", "required": ["buyer"], "properties": {"buyer": {"$ref": "#/components/schemas/Customer"}, "state": {"$ref": "#/components/schemas/Customer/properties/status"}}},
     "Customer": {"type": "object", "properties": {"addresses": {"type": "array", "items": {"$ref": "#/components/schemas/Address"}}, "status": {"$ref": "#/components/schemas/Status"}}},
     "Address": {"type": "object", "properties": {"city": {"type": "string"}}},
     "Status": {"type": "string", "enum": ["open", "closed"]},
     "Pet": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/PetKind"}}},
     "PetKind": {"type": "string", "enum": ["cat", "dog"]}}
    """#

    private func files(include: [String] = [], exclude: [String] = []) throws -> ImportedDocument {
        try ImportedDocument(schemas, options: OpenAPIImport.Options(selection: ImportSelection(include: include, exclude: exclude)))
    }

    @Test func anIncludedComponentBringsWhatItRefersToAndNothingElse() throws {
        let result = try files(include: ["Order"])
        #expect(result.files.keys.sorted() == ["Address.value", "Customer.value", "Order.value", "Status.adtValue"])
        #expect(result.warnings.isEmpty)
    }

    @Test func globsMatchWithStarsAndQuestionMarksAndCaseMatters() throws {
        #expect(try files(include: ["Pet*"]).files.keys.sorted() == ["Pet.value", "PetKind.adtValue"])
        #expect(try files(include: ["?ddress", "S*s"]).files.keys.sorted() == ["Address.value", "Status.adtValue"])
        #expect(ImportSelection.matches("PaymentRequest", glob: "*Request"))
        #expect(ImportSelection.matches("PaymentRequest", glob: "Pay*Re*st"))
        #expect(!ImportSelection.matches("PaymentRequest", glob: "payment*"))
        #expect(!ImportSelection.matches("Pet", glob: "Pet?"))
        #expect(ImportSelection.matches("", glob: "*"))
    }

    @Test func anExcludedComponentIsNotWrittenAndIsRawJSONWhereAnotherRefersToIt() throws {
        let result = try files(include: ["Order"], exclude: ["Customer"])
        #expect(result.files.keys.sorted() == ["Order.value"])
        #expect(result.files["Order.value"] == """
        %type name=RawJSON library=ValuegenRuntime sendable=true

        Order includes(JSON) {
          buyer: RawJSON
          state: RawJSON?
        }

        """)
        #expect(result.warnings == [
            "#/components/schemas/Order/properties/buyer: the component 'Customer' is excluded (--exclude); imported as RawJSON",
            "#/components/schemas/Order/properties/state: the component 'Customer' is excluded (--exclude); imported as RawJSON",
        ])
    }

    @Test func excludingWithoutIncludingKeepsEveryOtherComponent() throws {
        let result = try files(exclude: ["Pet*", "Order"])
        #expect(result.files.keys.sorted() == ["Address.value", "Customer.value", "Status.adtValue"])
    }

    @Test func anAllOfOfAnExcludedComponentLeavesItsMembersOut() throws {
        let result = try ImportedDocument(#"""
        {"Base": {"type": "object", "properties": {"id": {"type": "string"}}},
         "Item": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"name": {"type": "string"}}}]}}
        """#, options: OpenAPIImport.Options(selection: ImportSelection(exclude: ["Base"])))
        #expect(result.files == ["Item.value": "Item includes(JSON) {\n  name: String?\n}\n"])
        #expect(result.warnings == ["#/components/schemas/Item/allOf/0: the component 'Base' is excluded (--exclude); its members are not imported"])
    }

    @Test func anIncludeThatMatchesNothingIsAnErrorAndAnExcludeAWarning() throws {
        let document = #"{"openapi": "3.1.0", "components": {"schemas": \#(schemas)}}"#
        #expect(ImportedDocument.failure(document, options: OpenAPIImport.Options(selection: ImportSelection(include: ["Order", "Invoice*"]))) ==
            "--include 'Invoice*' matches no component of components/schemas; the names are matched as written in the document, with * and ? as wildcards (for example --include 'Payment*')")
        let result = try files(include: ["Pet"], exclude: ["Dog"])
        #expect(result.files.keys.sorted() == ["Pet.value", "PetKind.adtValue"])
        #expect(result.warnings == ["#/components/schemas: --exclude 'Dog' matches no component; nothing is excluded by it"])
    }
}
