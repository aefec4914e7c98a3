import ValuegenPluginSDK

/// `JSONCodable` through ValuegenRuntime's reader and writer: no Foundation coders, no `Any`.
/// Keys, legacy keys, defaults, optionals and unknown members behave exactly as in `Coding`,
/// so either feature reads the other's output and both write the same JSON; ADTs are written in
/// their representation (`JSONFeature+ADTs.swift`).
struct JSONFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("JSON", annotations: FeatureDescriptor.codingAnnotations)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let members = JSONMemberMatching(request.optimizeFor)
        CodingRules.emitRuntimeConformances(request, feature: descriptor.name, conformance: "JSONCodable", emitter: emitter) { body, type, access in
            if type.kind == .adtValue {
                body.adtJSON(type, access: access, members: members)
            } else {
                body.attributesJSON(type, access: access, members: members)
            }
        }
    }
}

/// How a generated JSON reader finds which of its type's members a key names.
enum JSONMemberMatching {
    /// A `switch` over the key's length and string literals, inlined with the reading of the
    /// object: the fastest (`"optimizeFor": "speed"`, the default).
    case inlined
    /// The runtime's `JSONMemberNames` and `readObject(_:_:)`, not inlined; the generated code a
    /// `switch` over the member's index (`"optimizeFor": "codeSize"`).
    case inTheRuntime

    init(_ goal: OptimizationGoal?) {
        self = goal == .codeSize ? .inTheRuntime : .inlined
    }
}

extension CodePrinter {
    // MARK: Values and objects

    fileprivate mutating func attributesJSON(_ type: ModelType, access: String, members: JSONMemberMatching) {
        let initializer = type.kind == .object ? "\(access)convenience init" : "\(access)init"
        block("\(initializer)(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            method.readMembers(type.codedAttributes, reader: "reader", matching: members)
            method.parameterList(opening: "self.init(", type.initializerArguments(type.attributes.valueExpressions), closing: ")")
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            method.line("writer.beginObject()")
            method.writeMembers(type.codedAttributes, source: { "self.\($0.swiftName)" })
            method.line("writer.endObject()")
        }
    }

    // MARK: Shared pieces

    /// Reads an object's members into one optional per key, then checks what is required:
    /// the primary key wins over legacy keys, earlier legacy keys over later ones; `null`
    /// counts as absent unless the attribute is required.
    /// `through` is the reader's method that reads the object: `readObject`, or
    /// `readCaseMembers` for an ADT case's members.
    mutating func readMembers(_ attributes: [Attribute], reader: String, through method: String = "readObject", matching: JSONMemberMatching) {
        let names = Set(attributes.map(\.name))
        let member = Self.unique("member", avoiding: names)
        for attribute in attributes {
            // An explicit nil is `.some(nil)`: nil, not the default, which a missing key takes.
            let local = attribute.writesExplicitNil ? "\(attribute.type.wrapped)??" : "\(attribute.type.wrapped)?"
            for slot in attribute.jsonSlots {
                line("var \(slot.variable): \(local)")
            }
        }
        if attributes.isEmpty {
            line("try \(reader).skipValue()")
            return
        }
        switch matching {
        case .inlined:
            readMembersMatchingInline(attributes, reader: reader, through: method, member: member)
        case .inTheRuntime:
            readMembersMatchingInTheRuntime(attributes, reader: reader, through: method, member: member)
        }
        // `take()`, not a copy: the optional is left nil and the value moves into the `let`,
        // where a copy of a String, an array or a box would be retained here and released when
        // the optional goes out of scope (one pair of atomic operations a member).
        for attribute in attributes where attribute.decodesStrictly || attribute.needsMissingValueError {
            let variable = attribute.jsonSlots[0].variable
            let chain = attribute.jsonSlots.map { "\($0.variable).take()" }.joined(separator: " ?? ")
            block("guard let \(variable) = \(chain) else") { body in
                body.line("throw \(reader).error(\(SwiftLanguage.stringLiteral("missing member \"\(attribute.codingKey)\"")))")
            }
        }
    }

    /// The members matched by a `switch` over the key's length, then over string literals of
    /// that length: the fastest reader, and the most code for the compiler.
    private mutating func readMembersMatchingInline(_ attributes: [Attribute], reader: String, through method: String, member: String) {
        // The keys grouped by their length in UTF-8, in their order: a key is compared only with
        // the keys as long as it is, and the first that matches still wins.
        var groups: [(length: Int, slots: [(key: String, variable: String, attribute: Attribute)])] = []
        for attribute in attributes {
            for slot in attribute.jsonSlots {
                let length = slot.key.utf8.count
                if let index = groups.firstIndex(where: { $0.length == length }) {
                    groups[index].slots.append((slot.key, slot.variable, attribute))
                } else {
                    groups.append((length, [(slot.key, slot.variable, attribute)]))
                }
            }
        }
        closure("try \(reader).\(method) { \(reader), \(member) throws(\(StandardNames.name("JSONError"))) in") { body in
            body.line("switch \(member).count {")
            for group in groups {
                body.line("case \(group.length):")
                body.indented { cases in
                    cases.line("switch \(member) {")
                    for slot in group.slots {
                        cases.line("case \(SwiftLanguage.stringLiteral(slot.key)):")
                        cases.indented { $0.assignMember(slot.variable, slot.attribute, reader: reader) }
                    }
                    cases.line("default:")
                    cases.indented { $0.line("break") }
                    cases.line("}")
                }
            }
            body.line("default:")
            body.indented { $0.line("break") }
            body.line("}")
        }
    }

    /// The members matched by the runtime against a table of their keys made once
    /// (`JSONMemberNames`), the generated code a `switch` over the index of the key
    /// (`"optimizeFor": "codeSize"`).
    private mutating func readMembersMatchingInTheRuntime(_ attributes: [Attribute], reader: String, through method: String, member: String) {
        let slots = attributes.flatMap { attribute in attribute.jsonSlots.map { (key: $0.key, variable: $0.variable, attribute: attribute) } }
        // Not the name of a type the locals are declared with (which the local type would
        // shadow), nor of a local.
        let table = Self.unique("JSONMembers", avoiding: Set(attributes.flatMap { $0.type.uses.map(\.firstComponent) } + slots.map(\.variable)))
        nameTable(table, slots.map(\.key))
        closure("try \(reader).\(method)(\(table).names) { \(reader), \(member) throws(\(StandardNames.name("JSONError"))) in") { body in
            body.line("switch \(member) {")
            for (index, slot) in slots.enumerated() {
                body.line("case \(index):")
                body.indented { $0.assignMemberThroughTheRuntime(slot.variable, slot.attribute, reader: reader) }
            }
            body.line("default:")
            body.indented { $0.line("break") }
            body.line("}")
        }
    }

    /// `enum Table { static let names = JSONMemberNames([…]) }`: the names a codeSize reader
    /// matches in the runtime, listed once (its members' keys, or an ADT's tags).
    mutating func nameTable(_ table: String, _ names: [String]) {
        block("enum \(table)") { body in
            body.line("static let names = \(StandardNames.name("JSONMemberNames"))([")
            body.indented { list in
                for name in names {
                    list.line(SwiftLanguage.stringLiteral(name) + ",")
                }
            }
            body.line("])")
        }
    }

    /// `name = try …`: the member's value read into its local; `null` means absent unless the
    /// attribute is required (as `decodeIfPresent` does).
    private mutating func assignMember(_ variable: String, _ attribute: Attribute, reader: String) {
        let read = attribute.jsonReadExpression(reader: reader)
        let null = attribute.writesExplicitNil ? "\(StandardNames.name("Optional"))<\(attribute.type.wrapped)>.none" : "nil"
        line("\(variable) = try " + (attribute.decodesStrictly ? read : "\(reader).decodeNull() ? \(null) : \(read)"))
    }

    /// ``assignMember(_:_:reader:)`` as one call to the runtime that is not specialized for the
    /// member's type (`"optimizeFor": "codeSize"`): `try reader.readValueOrNull(into: &name)`.
    /// A member read with a date style, leniently, or into a local that keeps an explicit nil
    /// is read as in the default shape.
    private mutating func assignMemberThroughTheRuntime(_ variable: String, _ attribute: Attribute, reader: String) {
        guard attribute.jsonStyleArgument.isEmpty, !attribute.codingRules.acceptsIntegerStrings, !attribute.writesExplicitNil else {
            assignMember(variable, attribute, reader: reader)
            return
        }
        line("try \(reader).\(attribute.decodesStrictly ? "readValue" : "readValueOrNull")(into: &\(variable))")
    }

    /// `"key": value` for each attribute; nil optionals are left out, as `Coding` does, but
    /// for those whose default is not nil, which write `null`.
    ///
    /// An optional is written through optional chaining (`if case .some = self.x { …
    /// self.x?.encode(to: &writer) }`), not `if let value = self.x`: the binding is a copy, and
    /// for a value holding a type of a resilient library (`URL`) the optimizer keeps it, a
    /// retain and a release of every reference the value holds (issue 38). `!= nil` is no
    /// better: for an `Equatable` value it may compare with the value's `==`.
    mutating func writeMembers(_ attributes: [Attribute], source: (Attribute) -> String) {
        for attribute in attributes {
            let value = source(attribute)
            let encode = "\(value)?.encode(to: &writer\(attribute.jsonStyleArgument))"
            if attribute.writesExplicitNil {
                line("writer.writeRawKey(\(Self.rawKey(attribute.codingKey)))")
                branches([("case .some = \(value)", { body in
                    body.line(encode)
                })], otherwise: { null in
                    null.line("writer.writeNull()")
                })
            } else if attribute.type.isOptional {
                block("if case .some = \(value)") { body in
                    body.line("writer.writeRawKey(\(Self.rawKey(attribute.codingKey)))")
                    body.line(encode)
                }
            } else {
                line("writer.writeRawKey(\(Self.rawKey(attribute.codingKey)))")
                line("\(value).encode(to: &writer\(attribute.jsonStyleArgument))")
            }
        }
    }

    /// A Swift literal of the key as JSON writes it, quotes and colon included.
    static func rawKey(_ key: String) -> String {
        var json = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            default:
                if scalar.value < 0x20 {
                    json += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    json.unicodeScalars.append(scalar)
                }
            }
        }
        return SwiftLanguage.stringLiteral(json + "\":")
    }

    static func unique(_ name: String, avoiding names: Set<String>) -> String {
        var candidate = name
        while names.contains(candidate) {
            candidate += "_"
        }
        return candidate
    }
}

extension Attribute {
    /// The expression that reads the attribute's (non-optional) value at the reader:
    /// `Int(from: &reader)`, with the date style or leniency the attribute asks for.
    func jsonReadExpression(reader: String) -> String {
        if codingRules.acceptsIntegerStrings {
            return "\(reader).readLenientInteger(\(type.wrapped).self)"
        }
        return "\(type.wrapped)(from: &\(reader)\(jsonStyleArgument))"
    }

    /// `, style: .secondsSince1970` for a date with a style.
    var jsonStyleArgument: String {
        codingRules.dateStyle.map { ", style: \($0.runtimeExpression)" } ?? ""
    }
}

private extension Attribute {
    /// One local per key the attribute is read from: the primary key, then each legacy key.
    var jsonSlots: [(key: String, variable: String)] {
        [(codingKey, swiftName)] + legacyCodingKeys.enumerated().map { index, key in
            (key, SwiftLanguage.identifier("\(name)Legacy\(index + 1)"))
        }
    }
}

extension Array where Element == Attribute {
    /// The expression that gives each attribute its value after the members were read; a
    /// `%transient` attribute, never read, gets its default.
    var valueExpressions: [String: String] {
        var expressions: [String: String] = [:]
        for attribute in self {
            if attribute.isTransient {
                expressions[attribute.name] = attribute.transientValue
                continue
            }
            let slots = attribute.jsonSlots.map(\.variable)
            if attribute.decodesStrictly || attribute.needsMissingValueError {
                expressions[attribute.name] = slots[0]
            } else {
                // Taken, as the required ones are: passed as it is, an optional local the
                // member closure captured is copied into the initializer and destroyed after,
                // which for a value holding a `URL` (address-only) retains and releases every
                // reference it holds (issue 38).
                var chain = slots.map { "\($0).take()" }.joined(separator: " ?? ")
                if let fallback = attribute.defaultFallback {
                    chain += " ?? " + fallback
                }
                expressions[attribute.name] = chain
            }
        }
        return expressions
    }
}
