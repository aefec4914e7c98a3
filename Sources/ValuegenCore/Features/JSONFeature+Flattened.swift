import ValuegenPluginSDK

// `JSONCodable` for an internally tagged ADT whose single values are flattened
// (`%coding payloads=flattened`): `case ach(AchDetails)` is `{"type": "ach", …AchDetails' members}`.
// Cases with attributes or without payload are written as in `internallyTaggedJSON`.

extension CodePrinter {
    mutating func flattenedJSON(_ type: ModelType, coding: ADTCoding, access: String, members: JSONMemberMatching) {
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            // The tag wherever it stands, found without moving the reader; then the case from
            // the same object, the tag skipped as any member the case does not code.
            let missing = SwiftLanguage.stringLiteral("missing member \"\(coding.discriminator)\" naming the case of \(type.name)")
            method.block("guard let tag = try reader.peekDiscriminator(\(SwiftLanguage.stringLiteral(coding.discriminator))) else") { body in
                body.line("throw reader.error(\(missing))")
            }
            method.readCaseContentSwitch(type, assigning: "self", members: members)
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            method.switchOverCodedCases(of: type) { body, adtCase in
                if adtCase.isUnknownCase(of: type) {
                    // What was read is written back whole, its tag included.
                    body.branches([("let json = value.json", { $0.line("writer.writeRaw(json)") })], otherwise: { bare in
                        bare.taggedObject(coding.discriminator, tag: "value.tag") { _ in }
                    })
                    return
                }
                if adtCase.singleValueType != nil {
                    body.line("writer.writeFlattened(value, tagKey: \(Self.rawKey(coding.discriminator)), tag: \(SwiftLanguage.stringLiteral(adtCase.tag)))")
                    return
                }
                body.taggedObject(coding.discriminator, tag: SwiftLanguage.stringLiteral(adtCase.tag)) { members in
                    members.writeMembers(adtCase.codedAttributes, source: { $0.swiftName })
                }
            }
        }
    }

    /// `{"type": tag, …}`: an object whose first member is the tag, `tag` an expression, then
    /// what `members` writes.
    private mutating func taggedObject(_ discriminator: String, tag: String, members: (inout CodePrinter) -> Void) {
        line("writer.beginObject()")
        line("writer.writeRawKey(\(Self.rawKey(discriminator)))")
        line("writer.writeString(\(tag))")
        members(&self)
        line("writer.endObject()")
    }
}
