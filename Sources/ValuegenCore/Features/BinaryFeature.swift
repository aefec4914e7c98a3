import ValuegenPluginSDK

/// `BinaryCodable` through ValuegenRuntime's compact format (docs/BinaryFormat.md): a message
/// whose fields are numbered by declaration order (or `%binaryField number=`), so that a
/// reader skips fields it does not know and uses defaults for fields the data lacks.
struct BinaryFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Binary", annotations: FeatureDescriptor.codingAnnotations + ["binaryField"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let types = request.types(including: descriptor.name).filter { canCode($0, emitter: emitter) }
        if !types.isEmpty {
            emitter.emitImport("ValuegenRuntime")
        }
        let access = request.accessLevel.modifier
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name): \(StandardNames.name("BinaryModel"))") { body in
                body.binaryLayout(type, access: access)
                body.line()
                if type.isPlainEnumeration {
                    body.plainEnumerationBinary(type, access: access)
                    return
                }
                body.line("\(access)static var binaryWireType: \(StandardNames.name("BinaryWireType")) { .lengthDelimited }")
                body.line()
                if type.kind == .adtValue {
                    body.adtBinary(type, access: access)
                } else {
                    body.attributesBinary(type, access: access)
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }

    /// Field numbers are unique and positive; existentials cannot be coded.
    private func canCode(_ type: ModelType, emitter: any Emitter) -> Bool {
        var codable = true
        for value in type.codedStoredValues where value.type.containsExistential {
            emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)', which cannot be coded; exclude Binary or use a concrete type", at: value.location)
            codable = false
        }
        for attributes in [type.attributes] + type.cases.map(\.attributes) {
            var seen: [Int: Attribute] = [:]
            for (index, attribute) in attributes.enumerated() {
                guard let number = attribute.binaryFieldNumber(position: index) else {
                    emitter.diagnose(.error, "%binaryField needs 'number=' with a whole number from 1 to 536870911", at: attribute.annotation("binaryField")?.location ?? attribute.location)
                    codable = false
                    continue
                }
                if let other = seen[number] {
                    emitter.diagnose(.error, "attributes '\(other.name)' and '\(attribute.name)' both have binary field number \(number); give one another %binaryField number=", at: attribute.location)
                    codable = false
                }
                seen[number] = attribute
            }
        }
        return codable
    }
}

extension Attribute {
    /// The attribute's field number: `%binaryField number=N`, or its 1-based position.
    func binaryFieldNumber(position: Int) -> Int? {
        guard let annotation = annotation("binaryField") else { return position + 1 }
        guard let text = annotation["number"], let number = Int(text), (1...536_870_911).contains(number) else { return nil }
        return number
    }
}

extension ModelType {
    /// An ADT none of whose cases has a payload, without an `%unknownCase`: Binary writes it
    /// as its case number alone.
    var isPlainEnumeration: Bool {
        kind == .adtValue && unknownCase == nil && cases.allSatisfy(\.isPlain)
    }
}

private extension CodePrinter {
    /// A plain enumeration is a varint, its case number (1 for the first case).
    mutating func plainEnumerationBinary(_ type: ModelType, access: String) {
        line("\(access)static var binaryWireType: \(StandardNames.name("BinaryWireType")) { .varint }")
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("BinaryWriter")))") { method in
            method.line("let caseNumber: \(StandardNames.name("UInt32"))")
            method.line("switch self {")
            for (index, adtCase) in type.cases.enumerated() {
                method.line("case .\(adtCase.swiftName): caseNumber = \(index + 1)")
            }
            method.line("}")
            method.line("caseNumber.encode(to: &writer)")
        }
        line()
        block("\(access)init(from reader: inout \(StandardNames.name("BinaryReader"))) throws(\(StandardNames.name("BinaryError")))") { method in
            method.line("let caseNumber = try \(StandardNames.name("UInt32"))(from: &reader)")
            method.line("switch caseNumber {")
            for (index, adtCase) in type.cases.enumerated() {
                method.line("case \(index + 1): self = .\(adtCase.swiftName)")
            }
            method.line("default:")
            method.indented { $0.line("throw reader.error(\"unknown \(type.name) case number \\(caseNumber)\")") }
            method.line("}")
            method.readerValidation(of: type)
        }
    }

    mutating func attributesBinary(_ type: ModelType, access: String) {
        block("\(access)func encode(to writer: inout \(StandardNames.name("BinaryWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            // Not `writeMessage { … }`: a closure that captures `self` copies it.
            method.line("let message = writer.beginMessage()")
            method.writeFields(type.attributes, source: { "self.\($0.swiftName)" })
            method.line("writer.endMessage(message)")
        }
        line()
        let initializer = type.kind == .object ? "\(access)convenience init" : "\(access)init"
        block("\(initializer)(from reader: inout \(StandardNames.name("BinaryReader"))) throws(\(StandardNames.name("BinaryError")))") { method in
            method.readFields(type.attributes, owner: type.name)
            method.parameterList(opening: "self.init(", type.initializerArguments(type.attributes.binaryValueExpressions), closing: ")")
            method.readerValidation(of: type)
        }
    }

    /// An ADT is a message: field 1 the case's number, field 2 its payload (a message of its
    /// attributes, or its single value), and field 5, which an unknown case passed on from
    /// another document writes, the string table its payload's references point into.
    mutating func adtBinary(_ type: ModelType, access: String) {
        // Locals that no case's binding (or attribute local) hides.
        let bindings = Set(type.cases.flatMap { $0.attributes.map(\.swiftName) } + ["value"])
        block("\(access)func encode(to writer: inout \(StandardNames.name("BinaryWriter")))") { method in
            let message = Self.local("message", avoiding: bindings)
            let payload = Self.local("payload", avoiding: bindings)
            method.returnWhenWriterSkipsNestedValues()
            method.line("let \(message) = writer.beginMessage()")
            method.line("switch self {")
            for (index, adtCase) in type.cases.enumerated() {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { caseBody in
                    if adtCase.isUnknownCase(of: type) {
                        caseBody.unknownCaseToBinary()
                        return
                    }
                    caseBody.line("writer.writeField(1, \(index + 1))")
                    if adtCase.singleValueType != nil {
                        caseBody.line("writer.writeField(2, value)")
                    } else if !adtCase.attributes.isEmpty {
                        caseBody.line("let \(payload) = writer.beginMessageField(2)")
                        caseBody.writeFields(adtCase.attributes, source: { $0.swiftName })
                        caseBody.line("writer.endMessage(\(payload))")
                    }
                }
            }
            method.line("}")
            method.line("writer.endMessage(\(message))")
        }
        line()
        block("\(access)init(from reader: inout \(StandardNames.name("BinaryReader"))) throws(\(StandardNames.name("BinaryError")))") { method in
            let hasPayloads = type.knownCases.contains { !$0.isPlain } || type.unknownCase != nil
            // In the order written, field 1 then field 2; the loop reads any other order.
            method.line("let message = try reader.beginMessage()")
            method.line("var caseNumber = try reader.readNextField(1, \(StandardNames.name("Int")).self)")
            if hasPayloads {
                method.line("var payload = try reader.markNextField(2)")
                method.line("var payloadStringTable: [\(StandardNames.name("String"))]?")
            }
            if type.unknownCase != nil {
                method.line("var unknownTag: \(StandardNames.name("String"))?")
                method.line("var unknownJSON: \(StandardNames.name("RawJSON"))?")
            }
            method.closure("try reader.readRemainingFields(of: message) { reader, field throws(\(StandardNames.name("BinaryError"))) in") { body in
                body.line("switch field {")
                body.line("case 1:")
                body.indented { $0.line("caseNumber = try reader.read(\(StandardNames.name("Int")).self)") }
                if hasPayloads {
                    body.line("case 2:")
                    body.indented { $0.line("payload = reader.markCurrentField() // read below, once the case is known") }
                    body.line("case 5:")
                    body.indented { $0.line("payloadStringTable = try reader.read([\(StandardNames.name("String"))].self)") }
                }
                if type.unknownCase != nil {
                    body.line("case 3:")
                    body.indented { $0.line("unknownTag = try reader.read(\(StandardNames.name("String")).self)") }
                    body.line("case 4:")
                    body.indented { $0.line("unknownJSON = try reader.read(\(StandardNames.name("RawJSON")).self)") }
                }
                body.line("default:")
                body.indented { $0.line("break") }
                body.line("}")
            }
            // Field 5 may come before or after field 2, or without it: the payload is read
            // once the whole message is, in place (`enterMarkedField`), with that table.
            let returnPoint = Self.local("outside", avoiding: bindings)
            method.line("switch caseNumber {")
            for (index, adtCase) in type.cases.enumerated() where !adtCase.isUnknownCase(of: type) {
                method.line("case \(index + 1):")
                method.indented { body in
                    if adtCase.isPlain {
                        body.line("self = .\(adtCase.swiftName)")
                        return
                    }
                    body.block("guard let payload else") { $0.line("throw reader.error(\(SwiftLanguage.stringLiteral("missing the payload of \(type.name).\(adtCase.name)")))") }
                    body.line("let \(returnPoint) = reader.enterMarkedField(payload, stringTable: payloadStringTable)")
                    // Read after the ADT's message, the payload's errors (its missing fields
                    // too) are given field 2 here; a `do` costs nothing, a closure would.
                    body.line("do throws(\(StandardNames.name("BinaryError"))) {")
                    body.indented { payload in
                        if let single = adtCase.singleValueType {
                            // An optional is written as one (`writeField(2, value)`), and read so.
                            payload.line("let value = try reader.read(\(single.isOptional ? single.swift : single.wrapped).self)")
                            payload.line("reader.leaveMarkedField(\(returnPoint))")
                            payload.line("self = .\(adtCase.swiftName)(value)")
                        } else {
                            payload.readFields(adtCase.attributes, owner: "\(type.name).\(adtCase.name)", asField: true)
                            payload.line("reader.leaveMarkedField(\(returnPoint))")
                            let arguments = adtCase.attributes.map { "\(SwiftLanguage.argumentLabel($0.name)): \(adtCase.attributes.binaryValueExpressions[$0.name]!)" }
                            payload.parameterList(opening: "self = .\(adtCase.swiftName)(", arguments, closing: ")")
                        }
                    }
                    body.line("} catch {")
                    body.indented { $0.line("throw error.inField(2)") }
                    body.line("}")
                }
            }
            method.line("default:")
            method.indented { body in
                if let unknownCase = type.unknownCase {
                    body.unknownCaseFromBinary(unknownCase, hasPayloads: hasPayloads)
                } else {
                    body.line("throw reader.error(\"unknown \(type.name) case number \\(caseNumber.map(\(StandardNames.name("String")).init) ?? \"(none)\")\")")
                }
            }
            method.line("}")
            method.readerValidation(of: type)
        }
    }

    /// `name`, or `name` with a number after it when an attribute is called that.
    static func local(_ name: String, avoiding names: Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while names.contains(candidate) {
            candidate = "\(name)\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// An unknown case read from Binary data is written back as it was read: its case number
    /// and payload field, and when the payload may hold string references, the strings they
    /// name as field 5 (the references point into the table of the document the payload came
    /// from, not this one's); one read from JSON (or made in code) as its tag in field 3 and its
    /// JSON in field 4, without a case number, so that a reader of either kind keeps them.
    mutating func unknownCaseToBinary() {
        branches([("let caseNumber = value.binaryCaseNumber", { binary in
            binary.line("writer.writeField(1, caseNumber)")
            binary.block("if let payload = value.binaryPayload") { payload in
                payload.line("writer.writeRawField(2, payload)")
                payload.line("if !payload.stringTable.isEmpty { writer.writeField(5, payload.stringTable) }")
            }
        })], otherwise: { json in
            json.line("writer.writeField(3, value.tag)")
            json.line("if let json = value.json { writer.writeField(4, json) }")
        })
    }

    /// The `default:` of an ADT with an `%unknownCase`: another case number keeps its payload
    /// field as read; no case number, the tag and JSON of fields 3 and 4.
    mutating func unknownCaseFromBinary(_ unknownCase: ADTCase, hasPayloads: Bool) {
        branches([("let caseNumber", { binary in
            if hasPayloads {
                binary.line("var rawPayload: \(StandardNames.name("BinaryRawField"))?")
                binary.block("if let payload") { read in
                    read.line("let outside = reader.enterMarkedField(payload, stringTable: payloadStringTable)")
                    read.line("do throws(\(StandardNames.name("BinaryError"))) { rawPayload = try reader.readRawField() } catch { throw error.inField(2) }")
                    read.line("reader.leaveMarkedField(outside)")
                }
                binary.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(binaryCaseNumber: caseNumber, binaryPayload: rawPayload))")
            } else {
                binary.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(binaryCaseNumber: caseNumber, binaryPayload: nil))")
            }
        }), ("let unknownTag", { json in
            json.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: unknownTag, json: unknownJSON))")
        })], otherwise: { missing in
            missing.line("throw reader.error(\"missing the case number (field 1) and the unknown case's tag (field 3)\")")
        })
    }

    /// Each attribute's field but the `%transient` ones', numbered by its position among all.
    ///
    /// An optional is written through optional chaining (`self.x?.encode(field: 3, to:
    /// &writer)`), not `if let value = self.x`: the binding is a copy, which the optimizer keeps
    /// for a value holding a type of a resilient library (`URL`), a retain and a release of
    /// every reference the value holds (as JSON's writers, issue 38).
    mutating func writeFields(_ attributes: [Attribute], source: (Attribute) -> String) {
        for (index, attribute) in attributes.enumerated() where !attribute.isTransient {
            let number = attribute.binaryFieldNumber(position: index) ?? index + 1
            let value = source(attribute)
            if attribute.writesExplicitNil {
                // nil is written: a missing field reads as the default, which is not nil.
                line("if case .some = \(value) { \(value)?.encode(field: \(number), to: &writer) } else { writer.writeNilField(\(number), \(attribute.type.wrapped).self) }")
            } else if attribute.type.isOptional {
                line("\(value)?.encode(field: \(number), to: &writer)")
            } else {
                line("writer.writeField(\(number), \(value))")
            }
        }
    }

    /// Reads a message's fields into one optional per attribute, then checks what is required.
    /// Fields 1 to 15 are first read in the order the writer writes them (declaration order),
    /// without a loop or a switch; whatever comes otherwise (another order, unknown fields,
    /// another wire type) the loop reads.
    /// `asField`: the message is the value of the reader's current field (an ADT's payload).
    mutating func readFields(_ attributes: [Attribute], owner: String, asField: Bool = false) {
        let numbered = attributes.enumerated().filter { !$0.element.isTransient }.map { index, attribute in (attribute.binaryFieldNumber(position: index) ?? index + 1, attribute) }
        let message = Self.local("message", avoiding: Set(attributes.map(\.swiftName)))
        line("let \(message) = try reader.\(asField ? "beginMessageField" : "beginMessage")()")
        for (number, attribute) in numbered {
            // An explicit nil is `.some(nil)`: nil, not the default, which a missing field takes.
            let explicitNil = attribute.writesExplicitNil
            if number <= 15 {
                line("var \(attribute.swiftName) = try reader.\(explicitNil ? "readNextOptionalField" : "readNextField")(\(number), \(attribute.type.wrapped).self)")
            } else {
                line("var \(attribute.swiftName): \(attribute.type.wrapped)?\(explicitNil ? "?" : "")")
            }
        }
        closure("try reader.readRemainingFields(of: \(message)) { reader, field throws(\(StandardNames.name("BinaryError"))) in") { body in
            body.line("switch field {")
            for (number, attribute) in numbered {
                body.line("case \(number):")
                body.indented { $0.line("\(attribute.swiftName) = try reader.\(attribute.writesExplicitNil ? "readOptional" : "read")(\(attribute.type.wrapped).self)") }
            }
            body.line("default:")
            body.indented { $0.line("break") }
            body.line("}")
        }
        for (number, attribute) in numbered where !attribute.type.isOptional && attribute.defaultValue == nil {
            block("guard let \(attribute.swiftName) else") { body in
                body.line("throw reader.error(\(SwiftLanguage.stringLiteral("missing field \(number) (\(attribute.name)) of \(owner)")))")
            }
        }
    }
}

private extension Array where Element == Attribute {
    var binaryValueExpressions: [String: String] {
        var expressions: [String: String] = [:]
        for attribute in self {
            if attribute.isTransient {
                expressions[attribute.name] = attribute.transientValue
            } else if let fallback = attribute.defaultFallback {
                expressions[attribute.name] = "\(attribute.swiftName) ?? \(fallback)"
            } else {
                expressions[attribute.name] = attribute.swiftName
            }
        }
        return expressions
    }
}
