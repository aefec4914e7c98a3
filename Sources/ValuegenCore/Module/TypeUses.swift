import Foundation
import ValuegenPluginSDK

/// One named type that an attribute's type mentions, and the role it plays there.
struct TypeUse: Sendable, Hashable {
    /// As written: `User`, `Set`, `Foundation.Locale`.
    var name: String
    var argumentCount: Int
    /// A `Set` element or a dictionary key: it must be `Hashable`.
    var needsHashable: Bool
    /// A protocol after `any`.
    var isConstraint: Bool

    /// Whether the name is qualified (`Foundation.Locale`), read without Foundation's search.
    var isQualified: Bool { name.utf8.contains(UInt8(ascii: ".")) }

    /// `Foundation` of `Foundation.Locale`; the name itself when not qualified.
    var firstComponent: String {
        guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return name }
        return String(name[..<dot])
    }
}

extension TypeReference {
    /// The named types the type mentions, outermost first. The module's checks read them from
    /// the resolved Swift spelling, which the schema parser reads back as it reads a schema.
    var uses: [TypeUse] {
        // Most attributes hold one named type (`String`, `Date?`): read without the table.
        if let first = wrapped.utf8.first, SwiftLexicalBytes.isIdentifierStart(first),
           wrapped.utf8.allSatisfy(SwiftLexicalBytes.isQualifiedNameByte) {
            return [TypeUse(name: wrapped, argumentCount: 0, needsHashable: false, isConstraint: false)]
        }
        return TypeUseTable.shared.uses(of: swift) {
            if let components = FunctionSpelling.components(of: wrapped) {
                // A block's parameters and result; `Void` is no type a schema can hold.
                return components.flatMap { TypeReference(swift: $0).uses }.filter { $0.name != "Void" }
            }
            guard let syntax else { return [] }
            var uses: [TypeUse] = []
            syntax.collectUses(into: &uses, needsHashable: false)
            return uses
        }
    }

    /// The resolved spelling read back as a type; nil only if it is not one valuegen writes.
    var syntax: SwiftTypeSyntax? {
        var reader = SpellingReader(bytes: Array(swift.utf8))
        guard let type = reader.type(), reader.index == reader.bytes.count else { return nil }
        return type
    }
}

/// The function types `ResolvedType.function` spells for blocks: `((Bool, User) -> Void)`.
enum FunctionSpelling {
    /// The parameters' and the result's spellings; nil when the spelling is not a function type.
    static func components(of spelling: String) -> [String]? {
        let bytes = Array(spelling.utf8)
        guard bytes.count > 6, bytes.first == UInt8(ascii: "("), bytes.last == UInt8(ascii: ")"), bytes[1] == UInt8(ascii: "(") else { return nil }
        let inner = Array(bytes[1..<(bytes.count - 1)])
        var depth = 0
        var parameters: [String] = []
        var start = 1
        for (index, byte) in inner.enumerated() {
            switch byte {
            case UInt8(ascii: ">") where index > 0 && inner[index - 1] == UInt8(ascii: "-"):
                continue // the arrow of a function type among the parameters
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                depth -= 1
                guard depth == 0 else { continue }
                if index > start { parameters.append(text(inner[start..<index])) }
                let arrow = Array(" -> ".utf8)
                guard inner[(index + 1)...].starts(with: arrow) else { return nil }
                return parameters + [text(inner[(index + 1 + arrow.count)...])]
            case UInt8(ascii: ",") where depth == 1:
                parameters.append(text(inner[start..<index]))
                start = index + 2
            default:
                break
            }
        }
        return nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// The uses of each spelling, read once: a module spells the same few types (`String`,
/// `[String]`, `Date?`) in most of its attributes, and every check of the module stage asks.
/// A pure function's memo, so sharing it across runs and threads changes no result.
final class TypeUseTable: @unchecked Sendable {
    static let shared = TypeUseTable()

    private let lock = NSLock()
    private var table: [String: [TypeUse]] = [:]

    func uses(of spelling: String, reading: () -> [TypeUse]) -> [TypeUse] {
        lock.lock()
        if let known = table[spelling] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let uses = reading()
        lock.lock()
        // Bounded: a run with more distinct spellings than this starts over.
        if table.count >= 65_536 { table.removeAll(keepingCapacity: true) }
        table[spelling] = uses
        lock.unlock()
        return uses
    }
}

/// Reads the Swift spellings the resolver writes (`[String: Set<UUID>]?`, `(any P & Q)?`):
/// a small grammar in a normal form, so a direct reader is much cheaper than the schema parser.
private struct SpellingReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func type() -> SwiftTypeSyntax? {
        var result: SwiftTypeSyntax
        if consume("any ") {
            var names: [String] = []
            repeat {
                guard let name = name() else { return nil }
                names.append(name)
            } while consume(" & ")
            result = .existential(.named(names.joined(separator: " & "), arguments: []))
        } else if consume("(") {
            guard let inner = type(), consume(")") else { return nil }
            result = inner
        } else if consume("[") {
            guard let element = type() else { return nil }
            if consume(": ") {
                guard let value = type(), consume("]") else { return nil }
                result = .dictionary(key: element, value: value)
            } else {
                guard consume("]") else { return nil }
                result = .array(element)
            }
        } else {
            guard let name = name() else { return nil }
            var arguments: [SwiftTypeSyntax] = []
            if consume("<") {
                repeat {
                    guard let argument = type() else { return nil }
                    arguments.append(argument)
                } while consume(", ")
                guard consume(">") else { return nil }
            }
            result = .named(name, arguments: arguments)
        }
        while consume("?") {
            result = .optional(result)
        }
        return result
    }

    private mutating func name() -> String? {
        let start = index
        while index < bytes.count, SwiftLexicalBytes.isQualifiedNameByte(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private mutating func consume(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = text.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }
}

private extension SwiftTypeSyntax {
    func collectUses(into uses: inout [TypeUse], needsHashable: Bool) {
        switch self {
        case .named(let name, let arguments):
            uses.append(TypeUse(name: name, argumentCount: arguments.count, needsHashable: needsHashable, isConstraint: false))
            let hashedArgument = name == "Set" || name == "Dictionary" ? 0 : -1
            for (index, argument) in arguments.enumerated() {
                argument.collectUses(into: &uses, needsHashable: index == hashedArgument)
            }
        case .optional(let wrapped):
            wrapped.collectUses(into: &uses, needsHashable: needsHashable)
        case .array(let element):
            element.collectUses(into: &uses, needsHashable: false)
        case .dictionary(let key, let value):
            key.collectUses(into: &uses, needsHashable: true)
            value.collectUses(into: &uses, needsHashable: false)
        case .existential(let constraint):
            if case .named(let names, let arguments) = constraint, arguments.isEmpty {
                for name in names.split(separator: "&") {
                    uses.append(TypeUse(name: String(name).trimmingSpaces, argumentCount: 0, needsHashable: false, isConstraint: true))
                }
            } else {
                constraint.collectUses(into: &uses, needsHashable: false)
            }
        }
    }
}

extension SwiftTypeSyntax {
    /// The type written as Swift writes it: `[String: Set<UUID>]?`.
    var spelling: String {
        switch self {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.spelling).joined(separator: ", "))>"
        case .optional(let wrapped):
            if case .existential = wrapped { return "(\(wrapped.spelling))?" }
            return "\(wrapped.spelling)?"
        case .array(let element):
            return "[\(element.spelling)]"
        case .dictionary(let key, let value):
            return "[\(key.spelling): \(value.spelling)]"
        case .existential(let constraint):
            return "any \(constraint.spelling)"
        }
    }
}
