import Foundation

/// How deep a property list's dictionaries and arrays are nested, found without recursion
/// before `PropertyListDecoder` reads it: the decoder recurses once per level with no limit,
/// and a file 20,000 levels deep overflowed Linux's main thread (a crash, from a damaged or
/// hostile file). `load(from:)` refuses more than 512 levels, as the JSON and binary readers
/// do and as `save(to:format:)` never writes.
enum PropertyListNesting {
    /// Throws when the property list is nested deeper than `maximumDepth` levels; nothing when
    /// it is not, or when its structure cannot be followed (the decoder then says what is
    /// wrong).
    static func check(_ data: Data, maximumDepth: Int) throws(TooDeep) {
        let tooDeep = data.withUnsafeBytes { bytes in
            bytes.starts(with: "bplist0".utf8) ? binaryIsDeeper(bytes, than: maximumDepth) : xmlIsDeeper(bytes, than: maximumDepth)
        }
        if tooDeep {
            throw TooDeep(description: "nesting deeper than \(maximumDepth) levels (in a property list)")
        }
    }

    /// The refusal of a property list nested too deep: the readers' words.
    struct TooDeep: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: - Binary property lists

    /// Whether a binary property list (`bplist00`) holds a chain of more than `maximumDepth`
    /// arrays, sets and dictionaries, or a cycle of them. Its objects are a table that
    /// containers refer to by index, so one object may be referred to many times: each one's
    /// depth is found once, depth first with a stack of its own that never holds more than
    /// `maximumDepth` containers.
    private static func binaryIsDeeper(_ bytes: UnsafeRawBufferPointer, than maximumDepth: Int) -> Bool {
        guard let table = BinaryPropertyListTable(bytes) else { return false }
        // 0 not seen, 1 on the stack, then 2 + the depth of the containers below it.
        var state = [Int](repeating: 0, count: table.objectCount)
        var stack: [(object: Int, children: BinaryPropertyListTable.Children, next: Int)] = []
        func enter(_ object: Int) -> Bool {
            guard let children = table.children(of: object) else {
                state[object] = 2
                return true
            }
            guard stack.count < maximumDepth else { return false }
            state[object] = 1
            stack.append((object, children, 0))
            return true
        }
        guard enter(table.topObject) else { return true }
        while let (object, children, next) = stack.last {
            if next < children.count {
                stack[stack.count - 1].next = next + 1
                guard let child = table.reference(children.first + next * table.referenceSize) else { return false }
                switch state[child] {
                case 0: guard enter(child) else { return true }
                case 1: return true  // a cycle: deeper than any limit
                default: break
                }
            } else {
                var deepestBelow = 0
                for index in 0..<children.count {
                    guard let child = table.reference(children.first + index * table.referenceSize) else { return false }
                    deepestBelow = max(deepestBelow, state[child] - 2)
                }
                let depth = deepestBelow + 1
                if depth + stack.count - 1 > maximumDepth {
                    return true
                }
                state[object] = depth + 2
                stack.removeLast()
            }
        }
        return false
    }

    // MARK: - XML property lists

    /// Whether an XML property list opens more than `maximumDepth` `<array>` and `<dict>`
    /// elements in one another. Text cannot hold `<` unescaped, so every `<` starts a tag (or a
    /// comment, whose tags are counted too: a refusal at worst, never a crash).
    private static func xmlIsDeeper(_ bytes: UnsafeRawBufferPointer, than maximumDepth: Int) -> Bool {
        var depth = 0
        var index = 0
        func tag(_ name: String, at start: Int) -> Bool {
            var position = start
            for byte in name.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            if tag("<dict>", at: index) || tag("<array>", at: index) {
                depth += 1
                if depth > maximumDepth { return true }
            } else if tag("</dict>", at: index) || tag("</array>", at: index) {
                depth -= 1
            } else if tag("<dict/>", at: index) || tag("<array/>", at: index), depth + 1 > maximumDepth {
                return true
            }
        }
        return false
    }
}
