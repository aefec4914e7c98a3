// Reading a layout's text (docs/BinaryFormat.md, "Self-describing documents") as strictly as
// the generator writes it: anything else is refused with the line and the entry, never skipped.
// A layout that lost an entry would read every value of that field as missing: nil, a default,
// or the wrong case.
//
//     line     := typeName " =" [" " body]
//     body     := fields | "enum " cases | "adt " cases | "adt unknown " cases
//     fields   := field ("; " field)*
//     field    := number " " name ("/" name)* " " type
//     case     := number " " name [" " type | " { " [fields] " }"]   (a plain enumeration's: number " " name)
//     type     := ("[" type "]" | "[" type ":" type "]" | "Set<" type ">" | ["any "] name ("." name)* ["<" type ("," type)* ">"]) "?"*
//
// Field and case numbers are 1 to 2^29 − 1 without leading zeros; names are Swift identifiers;
// no type, field number, field name, case number or case name comes twice where it names one
// thing.

extension BinaryLayout {
    /// The layout in `bytes`, its UTF-8 text. Errors begin with `subject` and point at the
    /// first byte of the line, counting from `offset`, where the layout starts in the data.
    init(parsing bytes: UnsafeRawBufferPointer, at offset: Int = 0, subject: String = BinaryLayoutLine.damaged) throws(BinaryError) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BinaryError(message: "\(subject): it is not valid UTF-8", offset: offset)
        }
        try self.init(parsing: text, at: offset, subject: subject)
    }

    /// The layout that `text` is.
    init(parsing text: String, at offset: Int = 0, subject: String = BinaryLayoutLine.damaged) throws(BinaryError) {
        guard !text.isEmpty else {
            throw BinaryError(message: "\(subject): it names no type", offset: offset)
        }
        var lineOffset = offset
        for (index, text) in text[...].split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = BinaryLayoutLine(subject: subject, number: index + 1, offset: lineOffset)
            lineOffset += text.utf8.count + 1
            let type = try line.type(text)
            guard types[type.name] == nil else {
                throw line.refuse(" repeats the type \(type.name)")
            }
            if types.isEmpty {
                rootName = type.name
            }
            types[type.name] = type
        }
    }
}

/// One line of a layout being read: where it is, for the errors that refuse it.
struct BinaryLayoutLine {
    /// What the errors of a document's layout begin with.
    static let damaged = "the layout of the data is damaged"

    let subject: String
    /// From 1.
    let number: Int
    /// The byte offset of the line's first byte in the data.
    let offset: Int

    /// `the layout of the data is damaged: line 3, entry "6link URL?" is not "number name type"`.
    func refuse(_ what: String) -> BinaryError {
        BinaryError(message: "\(subject): line \(number)\(what)", offset: offset)
    }

    /// The line's type: `Note = 1 title String; 2 count Int`, `Tag = enum 1 work`, `Empty =`.
    func type(_ line: Substring) throws(BinaryError) -> BinaryLayoutType {
        guard !line.isEmpty else { throw refuse(" is empty") }
        guard let equals = line.firstRange(of: " =") else {
            throw refuse(", \(Self.quote(line)) is not \"Type = …\"")
        }
        let name = line[..<equals.lowerBound]
        guard !name.isEmpty else { throw refuse(" has an empty type name") }
        guard Self.isTypeName(name) else { throw refuse(", the type name \(Self.quote(name)) is not a name") }
        let rest = line[equals.upperBound...]
        if rest.isEmpty {
            return BinaryLayoutType(name: name, kind: .message)
        }
        guard rest.first == " ", rest.count > 1 else {
            throw refuse(", \(Self.quote(line)) is not \"Type = …\"")
        }
        let body = rest.dropFirst()
        let kinds: [(prefix: String, kind: BinaryLayoutType.Kind)] = [("enum ", .enumeration), ("adt unknown ", .adt(keepsUnknownCases: true)), ("adt ", .adt(keepsUnknownCases: false))]
        for (prefix, kind) in kinds where body.hasPrefix(prefix) {
            return BinaryLayoutType(name: name, kind: kind, cases: try cases(body.dropFirst(prefix.count), plain: kind == .enumeration))
        }
        return BinaryLayoutType(name: name, kind: .message, fields: try fields(body))
    }

    /// `1 title String; 2 body/text String?`, or nothing (a case's `{  }`).
    func fields(_ text: Substring) throws(BinaryError) -> [BinaryLayoutField] {
        var fields: [BinaryLayoutField] = []
        var numbers: Set<Int> = []
        var names: Set<Substring> = []
        for entry in try entries(text) {
            let field = try field(entry)
            try refuseRepeats(entry, number: field.number, name: field.name, what: "field", numbers: &numbers, names: &names)
            fields.append(field)
        }
        return fields
    }

    /// `6 link/url URL?`.
    func field(_ entry: Substring) throws(BinaryError) -> BinaryLayoutField {
        let notAField = refuse(", entry \(Self.quote(entry)) is not \"number name type\"")
        guard let firstSpace = entry.firstIndex(of: " ") else { throw notAField }
        let afterNumber = entry[entry.index(after: firstSpace)...]
        guard let secondSpace = afterNumber.firstIndex(of: " ") else { throw notAField }
        let names = afterNumber[..<secondSpace].split(separator: "/", omittingEmptySubsequences: false)
        guard let number = try self.number(entry[..<firstSpace], of: entry, what: "field"), names.allSatisfy(Self.isName) else {
            throw notAField
        }
        let type = afterNumber[afterNumber.index(after: secondSpace)...]
        guard let shape = BinaryLayoutShape(type) else {
            throw refuse(", entry \(Self.quote(entry)) has the type \(Self.quote(type)), which is not a type")
        }
        return BinaryLayoutField(number: number, name: names[0], formerNames: Array(names.dropFirst()), type: type, shape: shape)
    }

    /// A plain enumeration's `1 work; 2 home`, or an ADT's
    /// `1 circle { 1 radius Double }; 2 label String; 3 empty`.
    func cases(_ text: Substring, plain: Bool) throws(BinaryError) -> [BinaryLayoutCase] {
        var cases: [BinaryLayoutCase] = []
        var numbers: Set<Int> = []
        var names: Set<Substring> = []
        for entry in try entries(text) {
            let adtCase = try self.adtCase(entry, plain: plain)
            try refuseRepeats(entry, number: adtCase.number, name: adtCase.name, what: "case", numbers: &numbers, names: &names)
            cases.append(adtCase)
        }
        return cases
    }

    /// Refuses an entry whose number or name an earlier entry of its list has; notes both.
    func refuseRepeats(_ entry: Substring, number: Int, name: Substring, what: String, numbers: inout Set<Int>, names: inout Set<Substring>) throws(BinaryError) {
        guard numbers.insert(number).inserted else {
            throw refuse(", entry \(Self.quote(entry)) repeats the \(what) number \(number)")
        }
        guard names.insert(name).inserted else {
            throw refuse(", entry \(Self.quote(entry)) repeats the name \(name)")
        }
    }

    func adtCase(_ entry: Substring, plain: Bool) throws(BinaryError) -> BinaryLayoutCase {
        let wanted = plain ? "\"number name\"" : "\"number name\", \"number name type\" or \"number name { fields }\""
        let notACase = refuse(", entry \(Self.quote(entry)) is not \(wanted)")
        guard let space = entry.firstIndex(of: " ") else { throw notACase }
        let afterNumber = entry[entry.index(after: space)...]
        let nameEnd = afterNumber.firstIndex(of: " ") ?? afterNumber.endIndex
        let name = afterNumber[..<nameEnd]
        guard let number = try self.number(entry[..<space], of: entry, what: "case"), Self.isName(name) else { throw notACase }
        guard nameEnd < afterNumber.endIndex else {
            return BinaryLayoutCase(number: number, name: name, payload: .plain)
        }
        let payload = afterNumber[afterNumber.index(after: nameEnd)...]
        guard !plain else { throw notACase }
        if payload.first == "{" {
            guard payload.count >= 4, payload.hasPrefix("{ "), payload.hasSuffix(" }") else { throw notACase }
            return BinaryLayoutCase(number: number, name: name, payload: .fields(try fields(payload.dropFirst(2).dropLast(2))))
        }
        guard let shape = BinaryLayoutShape(payload) else {
            throw refuse(", entry \(Self.quote(entry)) has the type \(Self.quote(payload)), which is not a type")
        }
        return BinaryLayoutCase(number: number, name: name, payload: .single(type: payload, shape: shape))
    }

    /// The entries of a list: split at the semicolons outside brackets, each after the first
    /// following `; `. Brackets must pair up.
    func entries(_ text: Substring) throws(BinaryError) -> [Substring] {
        guard !text.isEmpty else { return [] }
        var closers: [Character] = []
        var pieces: [Substring] = []
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            switch character {
            case "{": closers.append("}")
            case "[": closers.append("]")
            case "<": closers.append(">")
            case "}", "]", ">":
                guard closers.last == character else { throw refuse(" has unbalanced brackets: \(Self.quote(text))") }
                closers.removeLast()
            case ";" where closers.isEmpty:
                pieces.append(text[start..<index])
                start = text.index(after: index)
            default:
                break
            }
        }
        guard closers.isEmpty else { throw refuse(" has unbalanced brackets: \(Self.quote(text))") }
        pieces.append(text[start...])
        var entries = [pieces[0]]
        for piece in pieces.dropFirst() {
            guard piece.first == " " else {
                throw refuse(", entry \(Self.quote(piece)) does not follow \"; \"")
            }
            entries.append(piece.dropFirst())
        }
        return entries
    }

    /// A field's or a case's number: decimal digits without a leading zero (nil otherwise),
    /// from 1 to the largest field number (an error otherwise).
    func number(_ digits: Substring, of entry: Substring, what: String) throws(BinaryError) -> Int? {
        guard let first = digits.utf8.first, first != UInt8(ascii: "0"), digits.utf8.count <= 10,
              digits.utf8.allSatisfy(Self.isDigit), let number = Int(digits) else {
            return nil
        }
        guard number <= BinaryFormat.maximumFieldNumber else {
            throw refuse(", entry \(Self.quote(entry)) has the \(what) number \(number), outside 1...\(BinaryFormat.maximumFieldNumber)")
        }
        return number
    }

    /// A Swift identifier: letters, digits (not first), `_`, and any character beyond ASCII
    /// (Swift allows most); a name in backquotes keeps them.
    static func isName(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, !isDigit(first) else { return false }
        return text.utf8.allSatisfy(isNameByte)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || isDigit(byte)
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A type's name, possibly qualified: `Note`, `Outer.Inner`.
    static func isTypeName(_ text: Substring) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isName)
    }

    /// Quoted, and cut short when long: an error never quotes more than a few dozen bytes.
    static func quote(_ text: Substring) -> String {
        text.count <= 60 ? "\"\(text)\"" : "\"\(text.prefix(57))…\""
    }
}

extension BinaryLayoutShape {
    /// Types nested deeper than this in one spelling (`[[[[Int]]]]`) are refused: reading one
    /// recurses.
    static let maximumDepth = 32

    /// The shape a type's spelling in a layout describes, or nil when it is not one
    /// (see BinaryLayout+Parsing.swift for the grammar).
    init?(_ spelling: Substring) {
        var rest = spelling
        guard let shape = Self.parse(&rest, depth: 0), rest.isEmpty else { return nil }
        self = shape
    }

    /// Reads a type from the front of `text`, leaving what follows it.
    private static func parse(_ text: inout Substring, depth: Int) -> BinaryLayoutShape? {
        guard depth < maximumDepth else { return nil }
        let start = text.startIndex
        var shape: BinaryLayoutShape
        if text.first == "[" {
            text.removeFirst()
            guard let first = parse(&text, depth: depth + 1) else { return nil }
            if text.first == ":" {
                text.removeFirst()
                guard let value = parse(&text, depth: depth + 1) else { return nil }
                shape = .dictionary(key: first, value: value)
            } else {
                shape = .array(first)
            }
            guard text.first == "]" else { return nil }
            text.removeFirst()
        } else if text.hasPrefix("Set<") {
            text.removeFirst(4)
            guard let element = parse(&text, depth: depth + 1), text.first == ">" else { return nil }
            text.removeFirst()
            shape = .set(element)
        } else {
            if text.hasPrefix("any ") {
                text.removeFirst(4)
            }
            while true {
                let nameEnd = text.utf8.firstIndex { !BinaryLayoutLine.isNameByte($0) } ?? text.endIndex
                guard BinaryLayoutLine.isName(text[..<nameEnd]) else { return nil }
                text = text[nameEnd...]
                guard text.first == "." else { break }
                text.removeFirst()
            }
            if text.first == "<" {
                repeat {
                    text.removeFirst()
                    guard parse(&text, depth: depth + 1) != nil else { return nil }
                } while text.first == ","
                guard text.first == ">" else { return nil }
                text.removeFirst()
            }
            shape = .named(text.base[start..<text.startIndex])
        }
        while text.first == "?" {
            text.removeFirst()
            shape = .optional(shape)
        }
        return shape
    }
}
