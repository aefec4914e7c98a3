import ValuegenPluginSDK

/// A default must be lexically whole (quotes, brackets, parentheses and interpolations
/// balanced), and a literal must be of a kind the attribute's type accepts wherever both are
/// known: `count: Int = "zero"` and `isDraft: Bool = 0` are errors at the default. Any other
/// expression is copied through for swiftc to judge.
struct DefaultValueCheck {
    let declarations: ModuleDeclarations

    func diagnostics(for schema: ResolvedSchema) -> [Diagnostic] {
        guard let model = schema.model else { return [] }
        var diagnostics: [Diagnostic] = []
        for type in model.types {
            for attribute in type.attributes where attribute.defaultValue != nil {
                check(attribute, in: schema, into: &diagnostics)
            }
            for adtCase in type.cases {
                for attribute in adtCase.attributes where attribute.defaultValue != nil {
                    check(attribute, in: schema, into: &diagnostics)
                }
            }
        }
        return diagnostics
    }

    private func check(_ attribute: Attribute, in schema: ResolvedSchema, into diagnostics: inout [Diagnostic]) {
        guard let text = attribute.defaultValue else { return }
        // Found only for a message: it reads the file up to the line.
        var location: SourceLocation { schema.source.location(ofText: text, onLineOf: attribute.location) ?? attribute.location }
        if let problem = DefaultLexer.problem(in: text) ?? DefaultExpressionShape.problem(in: text) {
            diagnostics.append(Diagnostic(.error, "the default of '\(attribute.name)' is not a complete Swift expression: \(problem)", path: schema.source.path, at: location))
            return
        }
        guard let syntax = attribute.type.syntax else { return }
        if let problem = problem(DefaultLiteral(text), for: syntax, scope: schema.scope) ?? implicitMemberProblem(text, for: syntax, scope: schema.scope) {
            diagnostics.append(Diagnostic(.error, "the default of '\(attribute.name)' is \(problem)", path: schema.source.path, at: location))
        }
    }

    /// Why the literal cannot be a value of the type, as the end of a sentence; nil when it can,
    /// or when either is not known well enough to say.
    private func problem(_ literal: DefaultLiteral, for type: SwiftTypeSyntax, scope: FileScope) -> String? {
        if case .expression = literal { return nil }
        // Made only for a message.
        var spelling: String { type.spelling }
        switch type {
        case .optional(let wrapped):
            if case .nil = literal { return nil }
            return problem(literal, for: wrapped, scope: scope)
        case .array(let element):
            return collectionProblem(literal, element: element, spelling: spelling, scope: scope)
        case .dictionary(let key, let value):
            switch literal {
            case .dictionary(let entries):
                for entry in entries {
                    if let problem = problem(entry.key, for: key, scope: scope) {
                        return "a dictionary literal with a key that is \(problem)"
                    }
                    if let problem = problem(entry.value, for: value, scope: scope) {
                        return "a dictionary literal with a value that is \(problem)"
                    }
                }
                return nil
            case .array(let elements) where elements.isEmpty:
                return "'[]', but '\(spelling)' is a dictionary; write '[:]' for an empty dictionary"
            default:
                return mismatch(literal, spelling, accepts: "a dictionary literal")
            }
        case .existential(let constraint):
            if case .nil = literal {
                return "'nil', but '\(spelling)' is not optional; make the type '(\(spelling))?' or write a value"
            }
            // A literal makes an Int, a Double, a String, a Bool, an array or a dictionary:
            // only protocols those conform to can hold it. The module's own protocols are swiftc's.
            guard case .named(let names, _) = constraint else { return nil }
            for name in names.split(separator: "&").map({ String($0).trimmingSpaces }) {
                guard let conforming = Self.literalConformances[name] else { continue }
                if !conforming.contains(where: { $0 == literal }) {
                    return "\(literal.kindName), which makes no type that conforms to '\(name)'; write a value of a type that does"
                }
            }
            return nil
        case .named(let name, let arguments):
            if case .nil = literal {
                return "'nil', but '\(spelling)' is not optional; make the type '\(spelling)?' or write a value"
            }
            if name == "Set", arguments.count == 1 {
                return collectionProblem(literal, element: arguments[0], spelling: spelling, scope: scope)
            }
            if name == "Dictionary", arguments.count == 2 {
                return problem(literal, for: .dictionary(key: arguments[0], value: arguments[1]), scope: scope)
            }
            switch declarations.meaning(of: name, in: scope) {
            case .schema(let entry):
                return "\(literal.kindName), but '\(name)' is \(entry.type.kind.nounWithArticle) (\(entry.fileName)), which no literal makes; write an expression that makes one\(entry.type.kind == .adtValue ? ", such as '.\(entry.type.cases.first(where: \.isPlain)?.name ?? entry.type.cases.first?.name ?? "caseName")'" : "")"
            case .standard:
                guard let accepted = Self.literalKinds[name] else {
                    return "\(literal.kindName), but no literal makes a '\(name)'; write an expression that makes one"
                }
                return accepted.contains(where: { $0 == literal }) ? nil : mismatch(literal, spelling, accepts: accepted.map(\.kindName).joined(separator: " or "))
            case .declaredWithPercentType, .swift, .unknown:
                return nil
            }
        }
    }

    /// `.name` or `.name(...)` for a schema type: an ADT's case, with a payload exactly when
    /// the case has one, or `.init(...)`.
    private func implicitMemberProblem(_ text: String, for type: SwiftTypeSyntax, scope: FileScope) -> String? {
        var type = type
        let text = text.trimmingSpaces
        if case .optional(let wrapped) = type {
            // Optional's own cases.
            if text == ".none" || text.hasPrefix(".some(") { return nil }
            type = wrapped
        }
        guard text.hasPrefix(".") else { return nil }
        let body = text.dropFirst()
        let member = String(body.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }).replacingOccurrences(of: "`", with: "")
        let rest = body.dropFirst(body.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }.count)
        guard !member.isEmpty, rest.isEmpty || rest.first == "(" || rest.first == "." else { return nil }
        if member == "init" { return nil }
        if let members = Self.staticMembers(of: type), !members.contains(member) {
            let known = members.filter { $0 != "init" }.map { "." + $0 }
            return "'.\(member)', but '\(type.spelling)' has no static member '\(member)'" + (known.isEmpty ? "; write a value of the type" : "; it has \(known.joined(separator: ", "))")
        }
        guard case .named(let name, let arguments) = type, arguments.isEmpty, rest.first != ".",
              case .schema(let entry) = declarations.meaning(of: name, in: scope) else { return nil }
        guard entry.type.kind == .adtValue else {
            return "'.\(member)', but '\(name)' is \(entry.type.kind.nounWithArticle) (\(entry.fileName)) with no such member; write '\(name)(...)'"
        }
        guard let adtCase = entry.type.cases.first(where: { $0.name == member }) else {
            let suggestion = Suggestion.closest(to: member, among: entry.type.cases.map(\.name), maximumDistance: 2)
            let cases = entry.type.cases.map { "." + $0.name }.joined(separator: ", ")
            return "'.\(member)', which is not a case of '\(name)' (\(entry.fileName))" + (suggestion.map { "; did you mean '.\($0)'?" } ?? (cases.isEmpty ? "" : "; its cases are \(cases)"))
        }
        if adtCase.isPlain && !rest.isEmpty {
            return "'\(text)', but case '\(member)' of '\(name)' has no payload; write '.\(member)'"
        }
        if !adtCase.isPlain && rest.isEmpty {
            return "'.\(member)', but case '\(member)' of '\(name)' has a payload; write '.\(member)(...)' with its values"
        }
        return nil
    }

    private func collectionProblem(_ literal: DefaultLiteral, element elementType: SwiftTypeSyntax, spelling: String, scope: FileScope) -> String? {
        guard case .array(let items) = literal else {
            return mismatch(literal, spelling, accepts: "an array literal")
        }
        for item in items {
            if let problem = problem(item, for: elementType, scope: scope) {
                return "an array literal with an element that is \(problem)"
            }
        }
        return nil
    }

    private func mismatch(_ literal: DefaultLiteral, _ spelling: String, accepts: String) -> String {
        "\(literal.kindName), but '\(spelling)' takes \(accepts)"
    }

    /// The static members of the standard types whose members are few and fixed: an implicit
    /// member default of another name (`count: Int = .none`) cannot compile.
    static func staticMembers(of type: SwiftTypeSyntax) -> [String]? {
        let integer = ["init", "zero", "max", "min", "random", "bitWidth"]
        let floating = ["init", "zero", "pi", "infinity", "nan", "signalingNaN", "greatestFiniteMagnitude", "leastNormalMagnitude", "leastNonzeroMagnitude", "ulpOfOne", "random", "radix"]
        switch type {
        case .array, .dictionary:
            return ["init"]
        case .named(let name, _):
            switch name {
            case "Set", "Dictionary", "Array", "String", "Swift.String": return ["init"]
            case "Bool", "Swift.Bool": return ["init", "random"]
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Swift.Int": return integer
            case "Double", "Float", "TimeInterval", "Swift.Double": return floating
            case "UUID", "Data", "Foundation.UUID", "Foundation.Data": return ["init"]
            case "Date", "Foundation.Date": return ["init", "now", "distantPast", "distantFuture"]
            default: return nil
            }
        default:
            return nil
        }
    }

    /// For the standard protocols, the literal kinds whose default type conforms to them.
    static let literalConformances: [String: [DefaultLiteral]] = {
        let all: [DefaultLiteral] = [.string, .integer, .float, .boolean, .array([]), .dictionary([])]
        return [
            "Error": [], "Identifiable": [],
            "Hashable": all, "Equatable": all, "Codable": all, "Encodable": all, "Decodable": all, "Sendable": all,
            "CustomStringConvertible": all, "CustomDebugStringConvertible": all,
            "Comparable": [.string, .integer, .float],
        ]
    }()

    /// The literal kinds each standard type accepts.
    static let literalKinds: [String: [DefaultLiteral]] = {
        var kinds: [String: [DefaultLiteral]] = [
            "String": [.string], "Bool": [.boolean],
            "Double": [.integer, .float], "Float": [.integer, .float], "CGFloat": [.integer, .float],
            "TimeInterval": [.integer, .float], "Decimal": [.integer, .float], "IndexPath": [.array([])],
        ]
        for name in ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"] {
            kinds[name] = [.integer]
        }
        for name in ["Swift.Int": "Int", "Swift.String": "String", "Swift.Double": "Double", "Swift.Bool": "Bool"] {
            kinds[name.key] = kinds[name.value]
        }
        return kinds
    }()
}
