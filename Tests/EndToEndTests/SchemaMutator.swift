import Foundation

/// A schema file of a module being mutated: its path (`Messaging/User.value`) and text.
struct SchemaText: Equatable, Sendable {
    var path: String
    var text: String

    var isADT: Bool { path.hasSuffix(".adtValue") }
    var isObject: Bool { path.hasSuffix(".object") }
}

/// The small edits a user makes to a schema, each a way a generator can be handed a mistake.
enum MutationKind: String, CaseIterable, Sendable {
    case typoInTypeUse, typoInTypeDeclaration, wrongCaseOfTypeName
    case attributeNamedLikeGeneratedMember, attributeNamedLikeSwiftName
    case includesChanged, excludesChanged
    case defaultOfAnotherKind, defaultBroken, defaultAdded
    case typeDuplicatedIntoOtherFile, typeRenamedToStandardName, typeRenamedToOtherFilesType
    case selfAttribute, attributeTypeSwappedForModel, attributeTypeSwappedForForeignType
    case attributeDeleted, typeDeleted, fileDeleted
    case optionalToggled, modelAttributeAdded, fileKindChanged
    case subtypeRenamed, singleAttributeTypeChanged, typeAnnotationNamesModel, fileAnnotationDeleted
    case codingAnnotationAdded
}

/// One edit: what was done, where, and the lines around it afterwards.
struct SchemaEdit: Sendable {
    var kind: MutationKind
    var path: String
    var summary: String
    var snippet: String
    /// The edit writes a default that is a Swift expression, not a literal (`Date()`,
    /// `Self()`, `.init()`): valuegen checks literals against the type and copies expressions
    /// through, so an expression of the wrong type is swiftc's to report (docs/Language.md).
    var writesExpressionDefault = false
}

/// A module of schemas after one or two edits.
struct SchemaMutant: Sendable {
    var number: Int
    var files: [SchemaText]
    var edits: [SchemaEdit]

    var description: String {
        edits.map { "\($0.kind.rawValue) in \($0.path): \($0.summary)" }.joined(separator: "; then ")
    }
}

/// SplitMix64: a fixed seed gives the same mutants on every machine and every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes mutants of a module: most get one edit, a fifth get two.
struct SchemaMutator {
    /// Names the standard library, Foundation or ValuegenRuntime already give a meaning; a
    /// mutant that declares one shadows it for the whole module.
    static let standardTypeNames = [
        "String", "Int", "Bool", "Double", "Float", "Int64", "UInt8", "Character", "Data", "Date", "URL", "UUID",
        "Decimal", "Locale", "Error", "Array", "Set", "Dictionary", "Optional", "Result", "Never", "Void", "Any",
        "Codable", "Hashable", "Equatable", "Sendable", "Identifiable", "CustomStringConvertible", "Decoder", "Encoder",
        "Foundation", "Swift", "ValuegenRuntime", "JSONReader", "JSONWriter", "JSONCodable", "JSONError", "BinaryReader",
        "BinaryWriter", "BinaryCodable", "PersistableModel", "Observable", "ObserverToken", "CodingKey", "CGFloat",
    ]

    static let generatedMemberNames = [
        "description", "debugDescription", "hashValue", "hash", "builder", "toBuilder", "with", "encode", "init",
        "CodingKeys", "codingKeys", "jsonBytes", "binaryBytes", "binaryData", "save", "load", "build", "Builder",
        "MissingAttributeError", "ValuegenCodingKey", "ValuegenMissingAttributeError",
    ]
    static let generatedObjectMemberNames = [
        "_observationRegistrar", "_changeObservers", "onWillChange", "onDidChange", "removeObserver", "Change", "access", "withMutation",
    ]
    static let swiftNames = [
        "Type", "Protocol", "init", "deinit", "subscript", "default", "class", "some", "any", "async", "await", "throws",
        "where", "is", "as", "inout", "var", "let", "func", "import", "operator", "associatedtype", "extension",
        "internal", "true", "nil", "Any", "Self", "self", "super", "type", "rawValue", "allCases",
    ]
    static let features = [
        "Equality", "Sendable", "Description", "With", "Builder", "Coding", "JSON", "Binary", "Persistence",
        "Observation", "RMCoding", "RMBuilder", "RMEquality", "Value", "ADT", "Object", "Hashable", "Codable", "Bulder",
        "Matching", "VoidMatching", "UseForwardDeclarations",
    ]
    static let literals = [
        "\"x\"", "\"\"", "42", "0", "-1", "1.5", "true", "false", "nil", "[]", "[:]", "[\"a\"]", "[1, 2]", "[\"a\": 1]",
        ".none", ".offline", ".pending", ".default", ".text", "Date()", "URL(string: \"https://example.com\")!",
        "UUID()", "Data()", "#\"raw\"#", "Self()", ".init()",
    ]
    /// The values of `literals` that are expressions: their type is swiftc's to check.
    static let expressions: Set<String> = ["Date()", "URL(string: \"https://example.com\")!", "UUID()", "Data()", "Self()", ".init()"]
    static let brokenLiterals = ["\"x", "\"x\\\"", "(1", "[1,", ".", "1 +", "\"\\(\"", "@", "1..", "Date(", "\"a\" \"b\""]
    static let foreignTypes = [
        "Character", "Substring", "Any", "AnyObject", "AnyHashable", "Int128", "Float16", "NSObject", "Void", "Never",
        "Error", "Hashable", "Codable", "any Hashable", "any Codable", "Range<Int>", "[UUID: Date]", "Result<Int, Error>",
        "Decimal", "Locale", "[Int: String]", "Set<[Int]>", "Optional<Optional<Int>>",
    ]
    static let subtypeNames = [
        "None", "Some", "Type", "Self", "Init", "Hash", "Description", "Value", "Default", "Encode", "Photo", "Error",
        "Builder", "Unknown", "CodingKeys", "Case", "Enum", "Indirect", "Text", "Wrapped",
    ]

    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A mutant of the module, numbered `number`.
    mutating func mutant(number: Int, of module: [SchemaText]) -> SchemaMutant {
        var files = module
        var edits: [SchemaEdit] = []
        let count = Int.random(in: 0..<5, using: &random) == 0 ? 2 : 1
        while edits.count < count {
            let kind = MutationKind.allCases.randomElement(using: &random)!
            if let edit = apply(kind, to: &files) { edits.append(edit) }
        }
        return SchemaMutant(number: number, files: files, edits: edits)
    }

    // MARK: - Finding places to edit

    private struct Place {
        var file: Int
        var line: Int
    }

    private func places(in outlines: [SchemaOutline], where matches: (Int, SchemaOutline.Role) -> Bool) -> [Place] {
        var found: [Place] = []
        for (fileIndex, fileOutline) in outlines.enumerated() {
            for (lineIndex, role) in fileOutline.roles.enumerated() where matches(fileIndex, role) {
                found.append(Place(file: fileIndex, line: lineIndex))
            }
        }
        return found
    }

    /// Lines that name a model in a type: attributes of both styles and `attributeType=`.
    private func typeUses(in outlines: [SchemaOutline], of names: Set<String>) -> [(place: Place, name: String)] {
        var uses: [(Place, String)] = []
        for (fileIndex, fileOutline) in outlines.enumerated() {
            for (lineIndex, role) in fileOutline.roles.enumerated() {
                let typeText: String
                switch role {
                case .swiftAttribute(let attribute): typeText = attribute.type
                case .remodelAttribute(let attribute): typeText = attribute.type
                case .annotation where fileOutline.lines[lineIndex].contains("attributeType="): typeText = fileOutline.lines[lineIndex]
                default: continue
                }
                for name in names.sorted() where !SchemaOutline.wordRanges(of: name, in: typeText).isEmpty {
                    uses.append((Place(file: fileIndex, line: lineIndex), name))
                }
            }
        }
        return uses
    }

    private mutating func typo(of name: String, avoiding taken: [String]) -> String {
        var characters = Array(name)
        for _ in 0..<10 {
            characters = Array(name)
            let index = Int.random(in: 1..<characters.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: characters.remove(at: index)
            case 1: characters.swapAt(index - 1, index)
            case 2: characters.insert(characters[index], at: index)
            default: characters[index] = "aeioux".randomElement(using: &random)!
            }
            let candidate = String(characters)
            if candidate != name, !taken.contains(candidate), SchemaOutline.leadingIdentifier(of: candidate) == candidate { return candidate }
        }
        return name + "s"
    }

    // MARK: - Edits

    private mutating func apply(_ kind: MutationKind, to files: inout [SchemaText]) -> SchemaEdit? {
        let outlines = files.map { SchemaOutline($0.text, isADT: $0.isADT) }
        func edit(_ place: Place, _ newLines: [String], replacing count: Int = 1, _ summary: String) -> SchemaEdit {
            var lines = files[place.file].text.components(separatedBy: "\n")
            lines.replaceSubrange(place.line..<(place.line + count), with: newLines)
            files[place.file].text = lines.joined(separator: "\n")
            let first = max(0, place.line - 2)
            let last = min(lines.count, place.line + max(newLines.count, 1) + 2)
            let snippet = (first..<last).map { String(format: "%4d | ", $0 + 1) + lines[$0] }.joined(separator: "\n")
            return SchemaEdit(kind: kind, path: files[place.file].path, summary: summary, snippet: snippet)
        }
        func line(_ place: Place) -> String { outlines[place.file].lines[place.line] }
        let swiftAttributes = places(in: outlines) { if case .swiftAttribute = $1 { return true } else { return false } }
        let anyAttributes = places(in: outlines) {
            switch $1 {
            case .swiftAttribute, .remodelAttribute: return true
            default: return false
            }
        }
        let headers = places(in: outlines) { if case .typeHeader = $1 { return true } else { return false } }
        let names = outlines.flatMap { $0.blocks.map(\.name) }

        switch kind {
        case .typoInTypeUse, .wrongCaseOfTypeName:
            guard let use = typeUses(in: outlines, of: Set(names)).randomElement(using: &random) else { return nil }
            let old = line(use.place)
            let replacement: String
            if kind == .typoInTypeUse {
                replacement = typo(of: use.name, avoiding: names)
            } else {
                replacement = [use.name.prefix(1).lowercased() + use.name.dropFirst(), use.name.uppercased(), use.name.lowercased()].randomElement(using: &random)!
            }
            guard let range = SchemaOutline.wordRanges(of: use.name, in: old).first else { return nil }
            let new = old.replacingCharacters(in: range, with: replacement)
            return edit(use.place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .typoInTypeDeclaration, .typeRenamedToStandardName, .typeRenamedToOtherFilesType:
            guard let place = headers.randomElement(using: &random), case .typeHeader(let name) = outlines[place.file].roles[place.line] else { return nil }
            let newName: String
            switch kind {
            case .typoInTypeDeclaration:
                newName = typo(of: name, avoiding: names)
            case .typeRenamedToStandardName:
                newName = Self.standardTypeNames.randomElement(using: &random)!
            default:
                let others = files.enumerated().filter { $0.offset != place.file }.flatMap { outlines[$0.offset].blocks.map(\.name) }
                guard let other = others.randomElement(using: &random) else { return nil }
                newName = other
            }
            let everywhere = kind == .typeRenamedToStandardName && Bool.random(using: &random)
            if everywhere {
                for index in files.indices where index != place.file {
                    files[index].text = SchemaOutline.replacingWords(name, with: newName, in: files[index].text)
                }
                files[place.file].text = SchemaOutline.replacingWords(name, with: newName, in: files[place.file].text)
                return edit(place, [newName + line(place).dropFirst(name.count)], "type '\(name)' renamed to '\(newName)', and every use of it")
            }
            let old = line(place)
            return edit(place, [newName + old.dropFirst(name.count)], "`\(old.trimmed)` → `\(newName + old.dropFirst(name.count))`")

        case .attributeNamedLikeGeneratedMember, .attributeNamedLikeSwiftName:
            guard let place = anyAttributes.randomElement(using: &random) else { return nil }
            let fileOutline = outlines[place.file]
            let taken = fileOutline.block(containing: place.line).map { fileOutline.attributeNames(in: $0) } ?? []
            var candidates = kind == .attributeNamedLikeSwiftName ? Self.swiftNames : Self.generatedMemberNames
            if kind == .attributeNamedLikeGeneratedMember, files[place.file].isObject {
                candidates += Self.generatedObjectMemberNames + taken.sorted().map { "_" + $0 }
            }
            guard let newName = candidates.filter({ !taken.contains($0) }).randomElement(using: &random) else { return nil }
            let old = line(place)
            let new: String
            switch fileOutline.roles[place.line] {
            case .swiftAttribute(var attribute):
                attribute.name = newName
                new = attribute.rendered
            case .remodelAttribute(var attribute):
                attribute.name = newName
                new = attribute.rendered
            default: return nil
            }
            return edit(place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .includesChanged, .excludesChanged:
            guard let place = headers.randomElement(using: &random) else { return nil }
            let old = line(place)
            let clause = kind == .includesChanged ? "includes" : "excludes"
            var new: String
            let existing = old.range(of: "\(clause)\\([^)]*\\)", options: .regularExpression)
            if let existing, Bool.random(using: &random) {
                let names = old[existing].dropFirst(clause.count + 1).dropLast().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                if names.count > 1, Bool.random(using: &random) {
                    let kept = names.filter { $0 != names.randomElement(using: &random)! }
                    new = old.replacingCharacters(in: existing, with: "\(clause)(\(kept.joined(separator: ", ")))")
                } else {
                    new = old.replacingCharacters(in: existing, with: "").replacingOccurrences(of: "  ", with: " ")
                }
            } else {
                let feature = Self.features.randomElement(using: &random)!
                if let existing {
                    new = old.replacingCharacters(in: existing, with: String(old[existing].dropLast()) + ", \(feature))")
                } else {
                    new = old.replacingOccurrences(of: " {", with: " \(clause)(\(feature)) {")
                }
            }
            guard new != old else { return nil }
            return edit(place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .defaultOfAnotherKind, .defaultBroken, .defaultAdded:
            let candidates = swiftAttributes.filter { place in
                guard case .swiftAttribute(let attribute) = outlines[place.file].roles[place.line] else { return false }
                return (attribute.defaultValue == nil) == (kind == .defaultAdded)
            }
            guard let place = candidates.randomElement(using: &random), case .swiftAttribute(var attribute) = outlines[place.file].roles[place.line] else { return nil }
            let old = line(place)
            let pool = kind == .defaultBroken ? Self.brokenLiterals : Self.literals
            attribute.defaultValue = pool.filter { $0 != attribute.defaultValue }.randomElement(using: &random)!
            if kind == .defaultBroken { attribute.comment = nil }
            var change = edit(place, [attribute.rendered], "`\(old.trimmed)` → `\(attribute.rendered.trimmed)`")
            change.writesExpressionDefault = kind != .defaultBroken && Self.expressions.contains(attribute.defaultValue ?? "")
            return change

        case .typeDuplicatedIntoOtherFile:
            guard files.count > 1 else { return nil }
            let from = Int.random(in: 0..<files.count, using: &random)
            guard let block = outlines[from].blocks.randomElement(using: &random) else { return nil }
            let to = (from + Int.random(in: 1..<files.count, using: &random)) % files.count
            let copied = Array(outlines[from].lines[block.header...block.end])
            let target = outlines[to].lines
            return edit(Place(file: to, line: target.count), [""] + copied, replacing: 0, "type '\(block.name)' of \(files[from].path) copied to the end")

        case .selfAttribute:
            guard let place = headers.randomElement(using: &random) else { return nil }
            if files[place.file].isADT {
                let subtype = ["  Nested { inner: Self }", "  Nested { inner: Self? }", "  Nested { all: [Self] }"].randomElement(using: &random)!
                return edit(Place(file: place.file, line: place.line + 1), [subtype], replacing: 0, "subtype `\(subtype.trimmed)` added")
            }
            let attribute = ["  next: Self?", "  me: Self", "  all: [Self] = []", "  parent: Self? = nil"].randomElement(using: &random)!
            return edit(Place(file: place.file, line: place.line + 1), [attribute], replacing: 0, "attribute `\(attribute.trimmed)` added")

        case .attributeTypeSwappedForModel, .attributeTypeSwappedForForeignType:
            guard let place = anyAttributes.randomElement(using: &random) else { return nil }
            let old = line(place)
            let new: String
            let replacement = kind == .attributeTypeSwappedForModel ? names.randomElement(using: &random)! : Self.foreignTypes.randomElement(using: &random)!
            switch outlines[place.file].roles[place.line] {
            case .swiftAttribute(var attribute):
                let optional = attribute.type.hasSuffix("?")
                attribute.type = kind == .attributeTypeSwappedForModel && Int.random(in: 0..<3, using: &random) == 0 ? "[\(replacement)]" : replacement
                if optional { attribute.type = attribute.type.contains(" ") ? "(\(attribute.type))?" : attribute.type + "?" }
                attribute.defaultValue = nil
                new = attribute.rendered
            case .remodelAttribute(var attribute):
                guard kind == .attributeTypeSwappedForModel else { return nil }
                attribute.type = "\(replacement) *"
                new = attribute.rendered
            default: return nil
            }
            return edit(place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .attributeDeleted:
            guard let place = anyAttributes.randomElement(using: &random) else { return nil }
            let fileOutline = outlines[place.file]
            let first = fileOutline.leadingLines(of: place.line)
            return edit(Place(file: place.file, line: first), [], replacing: place.line - first + 1, "`\(line(place).trimmed)` deleted")

        case .typeDeleted:
            guard let place = headers.randomElement(using: &random), let block = outlines[place.file].block(containing: place.line) else { return nil }
            let first = outlines[place.file].leadingLines(of: block.header)
            return edit(Place(file: place.file, line: first), [], replacing: block.end - first + 1, "type '\(block.name)' deleted")

        case .fileDeleted:
            guard files.count > 1 else { return nil }
            let removed = files.remove(at: Int.random(in: 0..<files.count, using: &random))
            return SchemaEdit(kind: kind, path: removed.path, summary: "file deleted", snippet: "")

        case .optionalToggled:
            guard let place = anyAttributes.randomElement(using: &random) else { return nil }
            let old = line(place)
            switch outlines[place.file].roles[place.line] {
            case .swiftAttribute(var attribute):
                if attribute.type.hasSuffix("?") {
                    attribute.type.removeLast()
                    if attribute.defaultValue == "nil" { attribute.defaultValue = nil }
                } else {
                    attribute.type = attribute.type.hasPrefix("any ") ? "(\(attribute.type))?" : attribute.type + "?"
                }
                return edit(place, [attribute.rendered], "`\(old.trimmed)` → `\(attribute.rendered.trimmed)`")
            case .remodelAttribute(let attribute):
                let above = place.line > 0 ? line(Place(file: place.file, line: place.line - 1)).trimmed : ""
                if above == "%nullable" || above == "%nonnull" {
                    let flipped = attribute.indent + (above == "%nullable" ? "%nonnull" : "%nullable")
                    return edit(Place(file: place.file, line: place.line - 1), [flipped], "`\(above)` above `\(old.trimmed)` → `\(flipped.trimmed)`")
                }
                return edit(place, [attribute.indent + "%nullable", old], "`%nullable` added above `\(old.trimmed)`")
            default: return nil
            }

        case .modelAttributeAdded:
            guard let place = headers.randomElement(using: &random), let model = names.randomElement(using: &random) else { return nil }
            let type = ["\(model)", "\(model)?", "[\(model)]", "[String: \(model)]", "Set<\(model)>"].randomElement(using: &random)!
            if files[place.file].isADT {
                let subtype = "  Extra { extra: \(type) }"
                return edit(Place(file: place.file, line: place.line + 1), [subtype], replacing: 0, "subtype `\(subtype.trimmed)` added")
            }
            let attribute = "  extra: \(type)"
            return edit(Place(file: place.file, line: place.line + 1), [attribute], replacing: 0, "attribute `\(attribute.trimmed)` added")

        case .fileKindChanged:
            let index = Int.random(in: 0..<files.count, using: &random)
            let old = files[index].path
            let base = old.prefix { $0 != "." }
            let newPath = ["\(base).value", "\(base).adtValue", "\(base).object"].filter { $0 != old }.randomElement(using: &random)!
            files[index].path = newPath
            return SchemaEdit(kind: kind, path: newPath, summary: "\(old) renamed to \(newPath)", snippet: "")

        case .subtypeRenamed:
            let subtypes = places(in: outlines) { if case .subtype = $1 { return true } else { return false } }
            guard let place = subtypes.randomElement(using: &random), case .subtype(let name) = outlines[place.file].roles[place.line] else { return nil }
            let old = line(place)
            let newName = Self.subtypeNames.filter { $0 != name }.randomElement(using: &random)!
            guard let range = SchemaOutline.wordRanges(of: name, in: old).first else { return nil }
            let new = old.replacingCharacters(in: range, with: newName)
            return edit(place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .singleAttributeTypeChanged:
            let annotations = places(in: outlines) { _, role in role == .annotation }.filter { line($0).contains("attributeType=") }
            guard let place = annotations.randomElement(using: &random) else { return nil }
            let old = line(place)
            let type = (["Self", "Self?", "[Self]", "any Error", "Int", "NSNumber *", "Character", "Hashable"] + names).randomElement(using: &random)!
            let indent = String(old.prefix { $0 == " " })
            let new = "\(indent)%singleAttributeSubtype attributeType=\"\(type)\""
            return edit(place, [new], "`\(old.trimmed)` → `\(new.trimmed)`")

        case .typeAnnotationNamesModel:
            let index = Int.random(in: 0..<files.count, using: &random)
            let model = names.randomElement(using: &random)!
            let annotation = "%type name=\(model)" + ["", " sendable=true", " library=Messaging", " library=Messaging sendable=true"].randomElement(using: &random)!
            return edit(Place(file: index, line: 0), [annotation], replacing: 0, "`\(annotation)` added at the top")

        case .codingAnnotationAdded:
            // How coding is shaped (docs/Language.md, "How ADTs are coded" and after): on an
            // attribute, a subtype or an ADT, fitting or not.
            let subtypes = places(in: outlines) { if case .subtype = $1 { return true } else { return false } }
            let adtHeaders = headers.filter { files[$0.file].isADT }
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                guard let place = anyAttributes.randomElement(using: &random) else { return nil }
                let old = line(place)
                let annotation = String(old.prefix { $0 == " " }) + ["%transient", "%coding dates=secondsSince1970", "%coding dateFormat=\"yyyy\"", "%coding lenient=true", "%coding dates=iso8601 lenient=false"].randomElement(using: &random)!
                return edit(place, [annotation, old], "`\(annotation.trimmed)` added above `\(old.trimmed)`")
            case 1:
                guard let place = subtypes.randomElement(using: &random) else { return nil }
                let old = line(place)
                let annotation = String(old.prefix { $0 == " " }) + ["%unknownCase", "%caseKey name=X", "%caseKey name=type"].randomElement(using: &random)!
                return edit(place, [annotation, old], "`\(annotation.trimmed)` added above `\(old.trimmed)`")
            default:
                guard let place = adtHeaders.randomElement(using: &random) else { return nil }
                let old = line(place)
                let annotation = ["%coding representation=external", "%coding representation=adjacent discriminator=kind", "%coding representation=string", "%coding discriminator=value", "%coding representation=adjacent content=type", "%coding dates=millisecondsSince1970 lenient=true", "%coding representation=untagged", "%caseKeys style=snake_case"].randomElement(using: &random)!
                return edit(place, [annotation, old], "`\(annotation)` added above `\(old.trimmed)`")
            }

        case .fileAnnotationDeleted:
            let annotations = places(in: outlines) { _, role in role == .annotation }.filter { SchemaOutline.isFileAnnotation(line($0).trimmed) }
            guard let place = annotations.randomElement(using: &random) else { return nil }
            return edit(place, [], "`\(line(place).trimmed)` deleted")
        }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
