import ValuegenPluginSDK

// The types written in attributes: Swift style (`[String: Int]?`, `any P & Q`) and Remodel
// style (`NSArray<User *> *`, `unsigned long long`, `MyEnum(NSUInteger)`).

extension SchemaParser {

    /// A type and its `?` suffixes; `allowsOptional: false` for the constraint after `any`, so
    /// that `any Error?` reads as `(any Error)?`, the only meaning it can have.
    mutating func parseSwiftType(allowsOptional: Bool = true) throws(SyntaxError) -> SwiftTypeSyntax {
        cursor.skipSpaces(includingNewlines: false)
        let location = cursor.location
        var type: SwiftTypeSyntax
        switch cursor.peek() {
        case UInt8(ascii: "["):
            cursor.advance()
            let element = try parseSwiftType()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ":") {
                cursor.advance()
                let value = try parseSwiftType()
                type = .dictionary(key: element, value: value)
            } else {
                type = .array(element)
            }
            try expect("]", closing: "[", at: location)
        case UInt8(ascii: "("):
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ")") {
                // `()`: the empty tuple, or the parameters of a function type.
                throw Self.tupleOrFunctionType(at: location)
            }
            type = try parseSwiftType()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ",") || cursor.peek() == UInt8(ascii: "-") {
                throw Self.tupleOrFunctionType(at: location)
            }
            try expect(")", closing: "(", at: location)
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            let next = lookahead.peek().flatMap { ByteCursor.isWordByte($0) ? lookahead.readWord() : String(UnicodeScalar($0)) }
            if next == "-" || next == "->" || next == "throws" || next == "async" {
                throw Self.tupleOrFunctionType(at: location)
            }
        case let byte? where ByteCursor.isWordByte(byte):
            let name = cursor.readWord()
            if name == "any" {
                type = .existential(try parseComposition())
            } else if name == "some" {
                throw SyntaxError("'some' types cannot be stored; use 'any' or a concrete type", at: location)
            } else {
                for component in name.split(separator: ".", omittingEmptySubsequences: false) where !SwiftLanguage.isIdentifier(String(component)) {
                    throw SyntaxError("'\(name)' is not a valid type name", at: location)
                }
                var arguments: [SwiftTypeSyntax] = []
                if cursor.peek() == UInt8(ascii: "<") {
                    let open = cursor.location
                    cursor.advance()
                    repeat {
                        arguments.append(try parseSwiftType())
                        cursor.skipSpaces(includingNewlines: false)
                    } while cursor.consume(",")
                    try expect(">", closing: "<", at: open)
                }
                type = .named(name, arguments: arguments)
            }
        default:
            if cursor.atEndOfItem {
                throw SyntaxError("expected a type", at: location)
            }
            throw SyntaxError("expected a type, found '\(cursor.characterDescription())'", at: location)
        }
        while allowsOptional {
            if cursor.peek() == UInt8(ascii: "?") {
                cursor.advance()
                type = .optional(type)
            } else if cursor.peek() == UInt8(ascii: "!") {
                throw SyntaxError("implicitly unwrapped optionals are not supported; use '?'", at: cursor.location)
            } else {
                return type
            }
        }
        return type
    }

    static func tupleOrFunctionType(at location: SourceLocation) -> SyntaxError {
        SyntaxError("tuple and function types are not supported as attribute types; declare a model or a %type instead", at: location)
    }

    /// `standalone`: the type is all there is (an annotation's value), not followed by a name.
    /// The constraint after `any`: one type, or named protocols joined with `&`.
    mutating func parseComposition() throws(SyntaxError) -> SwiftTypeSyntax {
        let first = try parseSwiftType(allowsOptional: false)
        var names: [String] = []
        while true {
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            guard lookahead.peek() == UInt8(ascii: "&") else { break }
            if names.isEmpty {
                guard case .named(let name, let arguments) = first, arguments.isEmpty else {
                    throw SyntaxError("only protocol names can be joined with '&'", at: cursor.location)
                }
                names.append(name)
            }
            cursor = lookahead
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            let location = cursor.location
            guard case .named(let name, let arguments) = try parseSwiftType(allowsOptional: false), arguments.isEmpty else {
                throw SyntaxError("only protocol names can be joined with '&'", at: location)
            }
            names.append(name)
        }
        return names.isEmpty ? first : .named(names.joined(separator: " & "), arguments: [])
    }

    mutating func parseObjectiveCType(firstWord: NameSyntax, standalone: Bool = false) throws(SyntaxError) -> ObjectiveCTypeSyntax {
        var name = firstWord.text
        // C's multi-word types: `unsigned long long`, `const char`.
        while ObjectiveCTypeSyntax.qualifierWords.contains(name.split(separator: " ").last.map(String.init) ?? name) {
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            guard let byte = lookahead.peek(), ByteCursor.isWordByte(byte) else { break }
            let next = lookahead.readWord()
            lookahead.skipSpaces(includingNewlines: false)
            // The last word of the line is the attribute's name, not part of the type.
            if !standalone {
                guard let after = lookahead.peek(), ByteCursor.isWordByte(after) || after == UInt8(ascii: "*") else { break }
            }
            cursor = lookahead
            name += " " + next
        }
        var type = ObjectiveCTypeSyntax(name: name)
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "<") {
            let open = cursor.location
            cursor.advance()
            repeat {
                cursor.skipSpaces(includingNewlines: false)
                let argumentLocation = cursor.location
                guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
                    throw SyntaxError("expected a type in '<...>'", at: argumentLocation)
                }
                let argumentName = NameSyntax(text: cursor.readWord(), location: argumentLocation)
                var argument = try parseObjectiveCType(firstWord: argumentName)
                cursor.skipSpaces(includingNewlines: false)
                if cursor.consume("*") {
                    argument.isPointer = true
                }
                type.arguments.append(argument)
                cursor.skipSpaces(includingNewlines: false)
            } while cursor.consume(",")
            try expect(">", closing: "<", at: open)
        }
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "("), !startsBlock() {
            let open = cursor.location
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            let underlying = cursor.readWord()
            if underlying.isEmpty {
                throw SyntaxError("expected the underlying type of enum '\(name)' in '(...)'", at: cursor.location)
            }
            type.underlyingType = underlying
            cursor.skipSpaces(includingNewlines: false)
            try expect(")", closing: "(", at: open)
        }
        cursor.skipSpaces(includingNewlines: false)
        if cursor.consume("*") {
            type.isPointer = true
        }
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "("), startsBlock() {
            type.blockParameters = try parseBlockParameters()
        }
        return type
    }

    /// Whether the cursor is at `(^`: a block type's `(^)`.
    private func startsBlock() -> Bool {
        var lookahead = cursor
        lookahead.advance()
        lookahead.skipSpaces(includingNewlines: false)
        return lookahead.peek() == UInt8(ascii: "^")
    }

    /// `(^)(BOOL finished, NSError *error)` after a block's return type: the parameters' types
    /// (their names, if written, are dropped), none for `(void)` or `()`.
    private mutating func parseBlockParameters() throws(SyntaxError) -> [ObjectiveCTypeSyntax] {
        let open = cursor.location
        cursor.advance() // '('
        cursor.skipSpaces(includingNewlines: false)
        cursor.advance() // '^'
        cursor.skipSpaces(includingNewlines: false)
        guard cursor.consume(")") else {
            throw SyntaxError("write a block type without a name inside '(^)', and the attribute's name after it: 'void (^)(BOOL) completion'", at: cursor.location)
        }
        cursor.skipSpaces(includingNewlines: false)
        let parametersOpen = cursor.location
        guard cursor.consume("(") else {
            throw SyntaxError("expected the block's parameters after '(^)': 'void (^)(BOOL)', or 'void (^)(void)' for none", at: open)
        }
        var parameters: [ObjectiveCTypeSyntax] = []
        cursor.skipSpaces(includingNewlines: false)
        if cursor.consume(")") { return parameters }
        repeat {
            cursor.skipSpaces(includingNewlines: false)
            let location = cursor.location
            guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
                throw SyntaxError("expected a parameter type in the block's '(...)'", at: location)
            }
            let parameter = try parseObjectiveCType(firstWord: NameSyntax(text: cursor.readWord(), location: location))
            cursor.skipSpaces(includingNewlines: false)
            // The parameter's name, which a Swift function type does not keep.
            if let next = cursor.peek(), ByteCursor.isWordByte(next) {
                _ = cursor.readWord()
                cursor.skipSpaces(includingNewlines: false)
            }
            parameters.append(parameter)
        } while cursor.consume(",")
        try expect(")", closing: "(", at: parametersOpen)
        if parameters.count == 1, parameters[0].name == "void", !parameters[0].isPointer {
            return []
        }
        return parameters
    }

    mutating func expect(_ character: Character, closing opener: Character, at open: SourceLocation) throws(SyntaxError) {
        cursor.skipSpaces(includingNewlines: false)
        guard cursor.consume(character) else {
            throw SyntaxError("expected '\(character)' to match '\(opener)' at column \(open.column)", at: cursor.location)
        }
    }
}
