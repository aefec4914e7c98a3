import ValuegenPluginSDK

// `JSONCodable` for an untagged ADT, writing exactly what `Coding` writes
// (`CodingFeature+Untagged.swift`): a case's single value as itself, its attributes as an
// object of their members. Reading tries each case from the value's start
// (ValuegenRuntime's `attemptCase`, which rewinds the reader after a case that does not fit),
// and the first that reads wins.

extension CodePrinter {
    mutating func untaggedJSON(_ type: ModelType, access: String, members: JSONMemberMatching) {
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            method.firstFittingCase(of: type, attempts: "var attempts = UntaggedAttempts()", opening: { adtCase in
                "try reader.attemptCase(\(SwiftLanguage.stringLiteral(adtCase.name)), &attempts, { reader throws(\(StandardNames.name("JSONError"))) -> Self in"
            }, body: { body, adtCase in
                if let single = adtCase.singleValueType {
                    let read = Attribute(name: "value", type: single, location: adtCase.location).jsonReadExpression(reader: "reader")
                    body.line("return .\(adtCase.swiftName)(try \(single.isOptional ? "reader.decodeNull() ? nil : \(read)" : read))")
                } else {
                    body.readMembers(adtCase.codedAttributes, reader: "reader", matching: members)
                    body.caseReturn(adtCase)
                }
            }, failure: "throw attempts.noCaseFits(\(SwiftLanguage.stringLiteral(type.name)), at: reader)")
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            method.switchOverCodedCases(of: type) { body, adtCase in body.writeCasePayload(adtCase) }
        }
    }
}
