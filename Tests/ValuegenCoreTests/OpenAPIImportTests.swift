import Testing
@testable import ValuegenCore

/// `valuegen import openapi`: each rule of docs/Import.md's table on a small document, as the
/// schema text it writes.
@Suite struct OpenAPIImportTests {
    private func importing(_ schemas: String, version: String = "3.1.0", options: OpenAPIImport.Options = OpenAPIImport.Options()) throws -> ImportedDocument {
        try ImportedDocument(schemas, version: version, options: options)
    }

    private func failure(_ text: String, path: String = "api.json") -> String? {
        ImportedDocument.failure(text, path: path)
    }

    @Test func theResultNamesTheTypeOfEachComponentThatHasAFile() throws {
        let document = #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "components": {"schemas": {"payment_intent": {"type": "object", "properties": {"id": {"type": "string"}}}, "Date": {"type": "object", "properties": {"day": {"type": "string"}}}, "Ids": {"type": "array", "items": {"type": "string"}}}}}"#
        let result = try OpenAPIImport.run(document: Array(document.utf8), path: "api.json")
        #expect(result.typeNames == ["payment_intent": "PaymentIntent", "Date": "DateModel"])
        #expect(result.files.map(\.name) == ["DateModel.value", "PaymentIntent.value"])
    }

    @Test func anObjectBecomesAValueOptionalWhereNotRequiredWithItsDescriptionsAndAKeyStyle() throws {
        let result = try importing(#"""
        {"user_account": {"type": "object", "description": "An account.\nSecond line.", "required": ["account_id", "display_name"],
          "properties": {"account_id": {"type": "string", "description": "Its id."}, "display_name": {"type": "string"}, "login_count": {"type": "integer"}, "e-mail": {"type": "string"}}}}
        """#)
        #expect(result.files == ["UserAccount.value": """
        # An account.
        # Second line.
        %codingKeys style=snake_case
        UserAccount includes(JSON) {
          # Its id.
          accountId: String
          displayName: String
          loginCount: Int?
          %codingKey name="e-mail"
          eMail: String?
        }

        """])
        #expect(result.warnings.isEmpty)
    }

    @Test func nullableIn30AndANullTypeIn31AreOptionalsEvenWhenRequired() throws {
        let schemas = #"""
        {"Pet": {"type": "object", "required": ["name", "owner", "nickname"],
          "properties": {"name": {"type": "string"}, "owner": {"type": "string", "nullable": true}, "nickname": {"type": ["string", "null"]}}}}
        """#
        let expected = """
        Pet includes(JSON) {
          name: String
          owner: String?
          nickname: String?
        }

        """
        #expect(try importing(schemas, version: "3.0.3").files == ["Pet.value": expected])
        #expect(try importing(schemas, version: "3.1.0").files == ["Pet.value": expected])
    }

    @Test func referencesArraysMapsAndFormatsBecomeTheirSwiftTypes() throws {
        let result = try importing(#"""
        {"Event": {"type": "object", "required": ["id", "at", "on", "link", "count", "small", "ratio", "ok", "tags", "scores", "owner", "seen"],
          "properties": {"id": {"$ref": "#/components/schemas/EventId"}, "at": {"type": "string", "format": "date-time"}, "on": {"type": "string", "format": "date"},
            "link": {"type": "string", "format": "uri"}, "count": {"type": "integer", "format": "int64"}, "small": {"type": "integer", "format": "int32"},
            "ratio": {"type": "number", "format": "float"}, "ok": {"type": "boolean"}, "tags": {"type": "array", "items": {"type": "string"}},
            "scores": {"type": "object", "additionalProperties": {"type": "number"}}, "owner": {"$ref": "#/components/schemas/Owner"},
            "seen": {"type": "integer", "format": "unix-time"}, "extra": {}}},
         "EventId": {"type": "string"},
         "Owner": {"type": "object", "properties": {"name": {"type": "string"}}}}
        """#)
        #expect(result.files["Event.value"] == """
        %type name=RawJSON library=ValuegenRuntime sendable=true

        Event includes(JSON) {
          id: String
          %coding dates=iso8601
          at: Date
          %coding dateFormat="yyyy-MM-dd"
          on: Date
          link: URL
          count: Int64
          small: Int32
          ratio: Float
          ok: Bool
          tags: [String]
          scores: [String: Double]
          owner: Owner
          %coding dates=secondsSince1970
          seen: Date
          extra: RawJSON?
        }

        """)
        #expect(result.files.keys.sorted() == ["Event.value", "Owner.value"])
    }

    @Test func aStringEnumerationBecomesAPlainADTWithAnUnknownCaseAndAKeyStyle() throws {
        let result = try importing(#"""
        {"Status": {"type": "string", "description": "Where it is.", "enum": ["past_due", "active", "3ds_required", "", "active"]}}
        """#)
        #expect(result.files == ["Status.adtValue": """
        # Where it is.
        %caseKeys style=snake_case
        Status includes(JSON) {
          PastDue
          Active
          %caseKey name="3ds_required"
          Value3dsRequired
          %unknownCase
          Unknown
        }

        """])
        #expect(result.warnings == [#"#/components/schemas/Status/enum: the empty string cannot be a case's tag; the unknown case reads it (and writes it back)"#])
    }

    @Test func aDiscriminatorWithAMappingMakesAnInternallyTaggedADT() throws {
        let result = try importing(#"""
        {"Payment": {"oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}],
           "discriminator": {"propertyName": "kind", "mapping": {"card": "#/components/schemas/Card", "bank_transfer": "#/components/schemas/Bank"}}},
         "Card": {"type": "object", "required": ["kind", "last4"], "properties": {"kind": {"type": "string"}, "last4": {"type": "string"}}},
         "Bank": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}, "iban": {"type": "string"}}}}
        """#)
        // Used only as the union's variants, Card and Bank are held whole, without "kind".
        #expect(result.files["Payment.adtValue"] == """
        %coding representation=internal discriminator="kind" payloads=flattened
        %caseKeys style=snake_case
        Payment includes(JSON) {
          %singleAttributeSubtype attributeType="Card"
          Card
          %singleAttributeSubtype attributeType="Bank"
          BankTransfer
          %unknownCase
          Unknown
        }

        """)
        #expect(result.files["Card.value"] == "Card includes(JSON) {\n  last4: String\n}\n")
        #expect(result.files["Bank.value"] == "Bank includes(JSON) {\n  iban: String?\n}\n")
    }

    @Test func aVariantAlsoUsedElsewhereIsHeldAsACopyAndAnInlineOneHasItsMembersInTheCase() throws {
        // Card is also a property's type, where its "kind" must stay: the union holds a copy
        // without it, CardVariant. An inline variant's members are the case's.
        let result = try importing(#"""
        {"Payment": {"oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"},
            {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "enum": ["cash"]}, "till": {"type": "integer"}}}],
           "discriminator": {"propertyName": "kind"}},
         "Card": {"type": "object", "required": ["kind", "last4"], "properties": {"kind": {"type": "string", "enum": ["Card"]}, "last4": {"type": "string"}}},
         "Bank": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "enum": ["Bank"]}, "iban": {"type": "string"}}},
         "Wallet": {"type": "object", "properties": {"card": {"$ref": "#/components/schemas/Card"}}}}
        """#)
        #expect(result.files["Payment.adtValue"] == """
        %coding representation=internal discriminator="kind" payloads=flattened
        %caseKeys style=PascalCase
        Payment includes(JSON) {
          %singleAttributeSubtype attributeType="CardVariant"
          Card
          %singleAttributeSubtype attributeType="Bank"
          Bank
          %caseKey name="cash"
          Cash {
            till: Int?
          }
          %unknownCase
          Unknown
        }

        """)
        #expect(result.files["Card.value"]?.contains("kind: CardKind") == true)
        #expect(result.files["CardVariant.value"] == "CardVariant includes(JSON) {\n  last4: String\n}\n")
        #expect(result.files["Bank.value"] == "Bank includes(JSON) {\n  iban: String?\n}\n")
        #expect(result.files["BankKind.adtValue"] == nil)
    }

    @Test func aTagThatNamesTwoVariantsReadsTheFirstWithAWarningForTheOther() throws {
        let result = try importing(#"""
        {"Shape": {"oneOf": [{"type": "object", "properties": {"kind": {"type": "string", "enum": ["round"]}, "radius": {"type": "number"}}},
                             {"type": "object", "properties": {"kind": {"type": "string", "enum": ["round"]}, "diameter": {"type": "number"}}}],
                   "discriminator": {"propertyName": "kind"}}}
        """#)
        #expect(result.files["Shape.adtValue"] == """
        %coding representation=internal discriminator="kind"
        Shape includes(JSON) {
          Round {
            radius: Double?
          }
          %unknownCase
          Unknown
        }

        """)
        #expect(result.warnings == ["#/components/schemas/Shape/oneOf/1: the tag 'round' of the discriminator 'kind' already names an earlier variant, which reads it; this variant is not read under it"])
    }

    @Test func aPropertyWithADifferentConstantInEachVariantIsTakenAsTheDiscriminator() throws {
        let result = try importing(#"""
        {"Action": {"oneOf": [{"$ref": "#/components/schemas/Redirect"}, {"$ref": "#/components/schemas/Await"}]},
         "Redirect": {"type": "object", "required": ["type", "url"], "properties": {"type": {"type": "string", "enum": ["redirect"]}, "url": {"type": "string"}}},
         "Await": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["await", "awaitLater"]}}}}
        """#)
        #expect(result.files["Action.adtValue"] == """
        %coding representation=internal discriminator="type" payloads=flattened
        Action includes(JSON) {
          %singleAttributeSubtype attributeType="Redirect"
          Redirect
          %singleAttributeSubtype attributeType="Await"
          Await
          %singleAttributeSubtype attributeType="Await"
          AwaitLater
          %unknownCase
          Unknown
        }

        """)
        #expect(result.files.keys.sorted() == ["Action.adtValue", "Await.value", "Redirect.value"])
    }

    @Test func withoutADiscriminatorAUnionIsUntaggedTheMostDemandingCaseFirst() throws {
        let result = try importing(#"""
        {"Value": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
         "Holder": {"type": "object", "properties": {"value": {"$ref": "#/components/schemas/Value"}, "customer": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/Customer"}]}}},
         "Customer": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}
        """#)
        #expect(result.files["Value.adtValue"] == """
        %coding representation=untagged
        Value includes(JSON) {
          %singleAttributeSubtype attributeType="[String]"
          StringList
          %singleAttributeSubtype attributeType="Int"
          Int
          %singleAttributeSubtype attributeType="String"
          String
        }

        """)
        #expect(result.files["HolderCustomer.adtValue"] == """
        %coding representation=untagged
        HolderCustomer includes(JSON) {
          %singleAttributeSubtype attributeType="Customer"
          Customer
          %singleAttributeSubtype attributeType="String"
          Id
        }

        """)
        #expect(result.files["Holder.value"] == """
        Holder includes(JSON) {
          value: Value?
          customer: HolderCustomer?
        }

        """)
    }

    @Test func aValueOfSeveralTypesIsAnUntaggedADTOfEachTypeTheNarrowestFirst() throws {
        let result = try importing(#"""
        {"Holder": {"type": "object", "required": ["id", "amount"], "properties": {
          "id": {"type": ["string", "integer"], "description": "A name or a number."},
          "amount": {"type": ["number", "integer", "null"], "format": "int64"},
          "when": {"type": ["boolean", "string"], "format": "date-time"},
          "tags": {"type": ["array", "string"], "items": {"type": "string"}}}}}
        """#)
        #expect(result.files["Holder.value"] == """
        Holder includes(JSON) {
          # A name or a number.
          id: HolderId
          amount: HolderAmount?
          when: HolderWhen?
          tags: HolderTags?
        }

        """)
        #expect(result.files["HolderId.adtValue"] == """
        # A name or a number.
        %coding representation=untagged
        HolderId includes(JSON) {
          %singleAttributeSubtype attributeType="Int"
          Int
          %singleAttributeSubtype attributeType="String"
          String
        }

        """)
        // Each the same shape: a case per type, named after its Swift type, the narrowest first.
        let unions = ["HolderAmount": [("Int64", "Int64"), ("Double", "Double")], "HolderWhen": [("Bool", "Bool"), ("Date", "Date")], "HolderTags": [("[String]", "StringList"), ("String", "String")]]
        for (name, cases) in unions {
            let body = cases.map { "  %singleAttributeSubtype attributeType=\"\($0.0)\"\n  \($0.1)\n" }.joined()
            #expect(result.files[name + ".adtValue"] == "%coding representation=untagged\n\(name) includes(JSON) {\n\(body)}\n", "\(name)")
        }
        #expect(result.warnings.isEmpty)
    }

    @Test func anObjectOrAScalarIsAnUntaggedADTWithAnObjectCaseNeverTheObjectAlone() throws {
        let result = try importing(#"""
        {"Holder": {"type": "object", "required": ["limit"], "properties": {
          "limit": {"type": ["object", "string", "null"], "description": "A limit or its name.", "required": ["amount"], "properties": {"amount": {"type": "integer"}, "currency": {"type": "string"}}}}},
         "Part": {"type": ["object", "integer"], "properties": {"note": {"type": ["string", "object"], "properties": {"text": {"type": "string"}}}}},
         "Merged": {"allOf": [{"type": ["object", "string"], "properties": {"id": {"type": "string"}}}, {"type": "object", "properties": {"n": {"type": "integer"}}}]}}
        """#)
        #expect(result.files["Holder.value"] == """
        Holder includes(JSON) {
          # A limit or its name.
          limit: HolderLimit?
        }

        """)
        #expect(result.files["HolderLimit.adtValue"] == """
        # A limit or its name.
        %coding representation=untagged
        HolderLimit includes(JSON) {
          Object {
            amount: Int
            currency: String?
          }
          %singleAttributeSubtype attributeType="String"
          String
        }

        """)
        // A component and a type array inline in its object case: each the same shape.
        for (name, member, scalar) in [("Part", "note: PartObjectNote?", "Int"), ("PartObjectNote", "text: String?", "String")] {
            let text = "%coding representation=untagged\n\(name) includes(JSON) {\n  Object {\n    \(member)\n  }\n  %singleAttributeSubtype attributeType=\"\(scalar)\"\n  \(scalar)\n}\n"
            #expect(result.files[name + ".adtValue"] == text, "\(name)")
        }
        // Merged into an object by allOf, the other type cannot be held: a warning, not a drop.
        #expect(result.files["Merged.value"] == """
        Merged includes(JSON) {
          id: String?
          n: Int?
        }

        """)
        #expect(result.warnings == [
            "#/components/schemas/Merged/allOf/0/type: a value of type string is not imported here, only the object's members (a type array is a union only where no object merges it)",
        ])
    }

    @Test func propertiesBesideATypeThatIsNotAnObjectAreLeftOutWithAWarning() throws {
        let result = try importing(#"""
        {"Holder": {"type": "object", "properties": {"code": {"type": "string", "properties": {"x": {"type": "integer"}}}, "either": {"type": ["string", "integer"], "properties": {"y": {"type": "integer"}}}}}}
        """#)
        #expect(result.files["Holder.value"] == """
        Holder includes(JSON) {
          code: String?
          either: HolderEither?
        }

        """)
        #expect(result.warnings == [
            "#/components/schemas/Holder/properties/code/properties: 'properties' apply to objects only, and the type is string: they are not imported",
            "#/components/schemas/Holder/properties/either/properties: 'properties' apply to objects only, and the type is string, integer: they are not imported",
        ])
    }

    @Test func allOfMergesItsObjectsIntoOneValue() throws {
        let result = try importing(#"""
        {"Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "note": {"type": "string"}}},
         "Order": {"description": "An order.", "allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["total", "note"], "properties": {"total": {"type": "integer"}}}]}}
        """#)
        #expect(result.files["Order.value"] == """
        # An order.
        Order includes(JSON) {
          id: String
          note: String
          total: Int
        }

        """)
    }

    @Test func reservedAndCollidingNamesAreRenamedAndKeepTheirKeys() throws {
        let result = try importing(#"""
        {"Date": {"type": "object", "required": ["default", "description"], "properties": {"default": {"type": "boolean"}, "description": {"type": "string"}, "self": {"type": "string"}, "user_id": {"type": "string"}, "userId": {"type": "string"}}},
         "date": {"type": "object", "properties": {"a": {"type": "string"}}}}
        """#)
        #expect(result.files["DateModel.value"] == """
        %codingKeys style=snake_case
        DateModel includes(JSON) {
          %codingKey name="default"
          defaultValue: Bool
          %codingKey name="description"
          descriptionValue: String
          %codingKey name="self"
          selfValue: String?
          userId: String?
          %codingKey name="userId"
          userId2: String?
        }

        """)
        #expect(result.files.keys.sorted() == ["DateModel.value", "DateModel2.value"])
    }

    @Test func aValueThatHoldsItselfGetsIndirectStorage() throws {
        let result = try importing(#"""
        {"Category": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "parent": {"$ref": "#/components/schemas/Category"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}}}}
        """#)
        #expect(result.files["Category.value"] == """
        %storage indirect
        Category includes(JSON) {
          name: String
          parent: Category?
          children: [Category]?
        }

        """)
    }

    @Test func aValueLargerThanEightOptionalStringsInlineGetsIndirectStorage() throws {
        func strings(_ count: Int) -> String {
            (1...count).map { #""s\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        }
        // 8 optional strings (136 bytes) stay inline, 9 are boxed; Pair holds two inline
        // Fives (2 × 86 bytes) and is boxed itself; Holder holds the boxed Nine as a pointer.
        let result = try importing("""
        {"Eight": {"type": "object", "properties": {\(strings(8))}},
         "Nine": {"type": "object", "properties": {\(strings(9))}},
         "Five": {"type": "object", "properties": {\(strings(5))}},
         "Pair": {"type": "object", "properties": {"first": {"$ref": "#/components/schemas/Five"}, "second": {"$ref": "#/components/schemas/Five"}}},
         "Holder": {"type": "object", "properties": {"nine": {"$ref": "#/components/schemas/Nine"}, "name": {"type": "string"}}}}
        """)
        let boxed = result.files.filter { $0.value.hasPrefix("%storage indirect\n") }.keys.sorted()
        #expect(boxed == ["Nine.value", "Pair.value"])
        #expect(result.files["Pair.value"] == """
        %storage indirect
        Pair includes(JSON) {
          first: Five?
          second: Five?
        }

        """)
    }

    @Test func inlineSizesCountABoxedValueAsAPointerAndAnEnumerationAsAString() {
        let five = ImportedType(name: "Five", pointer: "#/Five", shape: .value((1...5).map { ImportedAttribute(name: "s\($0)", key: "s\($0)", type: .swift("String"), isOptional: true) }))
        let nine = ImportedType(name: "Nine", pointer: "#/Nine", shape: .value((1...9).map { ImportedAttribute(name: "s\($0)", key: "s\($0)", type: .swift("String"), isOptional: true) }))
        let kind = ImportedType(name: "Kind", pointer: "#/Kind", shape: .enumeration([ImportedEnumerationCase(subtypeName: "A", value: "a")], caseKeyStyle: nil))
        let holder = ImportedType(name: "Holder", pointer: "#/Holder", shape: .value([
            ImportedAttribute(name: "five", key: "five", type: .model("Five"), isOptional: false),
            ImportedAttribute(name: "nine", key: "nine", type: .model("Nine"), isOptional: true),
            ImportedAttribute(name: "kind", key: "kind", type: .model("Kind"), isOptional: false),
            ImportedAttribute(name: "count", key: "count", type: .swift("Int32"), isOptional: false),
            ImportedAttribute(name: "tags", key: "tags", type: .array(.swift("String")), isOptional: false),
        ]))
        var sizes = InlineSizes(types: [five, nine, kind, holder])
        #expect(sizes.size(of: "Five") == 85)
        #expect(sizes.size(of: "Nine") == 153)
        // 85 + (8 + 1) + 17 + 4 + 8: Nine is over the limit, so Holder holds a pointer to it.
        #expect(sizes.size(of: "Holder") == 123)
    }

    @Test func whatTheMappingCannotExpressIsRawJSONWithAWarningNamingItsPointer() throws {
        let result = try importing(#"""
        {"Mixed": {"type": "object", "properties": {"either": {"enum": ["a", true]}, "remote": {"$ref": "other.json#/Thing"}, "level": {"type": "integer", "enum": [1, 2]}}}}
        """#)
        #expect(result.files["Mixed.value"] == """
        %type name=RawJSON library=ValuegenRuntime sendable=true

        Mixed includes(JSON) {
          either: RawJSON?
          remote: RawJSON?
          level: Int?
        }

        """)
        #expect(result.warnings == [
            "#/components/schemas/Mixed/properties/either: a value of several types (boolean, string) is imported as RawJSON",
            "#/components/schemas/Mixed/properties/remote: the reference 'other.json#/Thing' is not in the document (only local references, '#/…', are read); imported as RawJSON",
            "#/components/schemas/Mixed/properties/level: the enumeration's values are not checked: it is imported as its type, integer",
        ])
    }

    @Test func aComponentThatWouldNotGenerateIsRawJSONWhereUsedWithTheError() throws {
        // Two objects with the same required members cannot be told apart untagged.
        let result = try importing(#"""
        {"Either": {"oneOf": [{"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}, {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}]},
         "Holder": {"type": "object", "required": ["either"], "properties": {"either": {"$ref": "#/components/schemas/Either"}}}}
        """#)
        #expect(result.files.keys.sorted() == ["Holder.value"])
        #expect(result.files["Holder.value"]?.contains("either: RawJSON") == true)
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.hasPrefix("#/components/schemas/Either: imported as RawJSON where it is used, because Either would not generate: Either.adtValue:") == true)
    }

    @Test func documentsThatCannotBeImportedSayWhy() {
        #expect(failure("openapi: 3.1.0\ninfo:\n  title: T\n", path: "api.yaml")?.hasPrefix("the document is not JSON (it looks like YAML); valuegen reads OpenAPI documents in JSON; convert it first, with yq (yq -o=json DOCUMENT > DOCUMENT.json) or Python's PyYAML") == true)
        #expect(failure(#"{"swagger": "2.0"}"#) == "Swagger 2.0 documents are not imported; convert it to OpenAPI 3 first (for example with swagger2openapi)")
        #expect(failure(#"{"openapi": "3.1.0", "paths": {}}"#) == "the document has no components/schemas to import")
        #expect(failure(#"{"openapi": "2.5"}"#) == "OpenAPI 2.5 is not imported; valuegen reads OpenAPI 3.0 and 3.1")
        #expect(failure(#"{"openapi": "3.1.0", "#) == "the document is not JSON: invalid JSON at byte 21: expected a member name")
    }
}
