/// Which imported values get `%storage indirect`:
/// - values that hold themselves inline (a `Node` whose `parent: Node?`, or `A` holding `B`
///   holding `A`), which would otherwise be infinitely large. Arrays and maps keep their
///   elements on the heap, and an ADT's cases on such a cycle are made `indirect` by the
///   generator, so only values held directly count;
/// - values larger than ``largestInlineSize`` bytes inline (``InlineSizes``). Copying one is then
///   a retain instead of hundreds or thousands of bytes, and the compiler writes a pointer's
///   copy, not a copy of every nested attribute, into each value that holds it: API objects
///   nest, and those field-by-field copies were most of a release build's machine code
///   (docs/Import.md, "Storage").
enum ImportedStorage {
    /// The most bytes an imported value keeps inline: eight optional strings.
    static let largestInlineSize = 136

    static func markingIndirectValues(_ types: [ImportedType]) -> [ImportedType] {
        markingLargeValues(markingCycles(types))
    }

    private static func markingCycles(_ types: [ImportedType]) -> [ImportedType] {
        var edges: [String: [String]] = [:]
        for type in types {
            switch type.shape {
            case .value(let attributes):
                edges[type.name] = attributes.compactMap(\.type.inlineModel)
            case .union(let union):
                edges[type.name] = union.cases.flatMap { unionCase -> [String] in
                    switch unionCase.payload {
                    case .single(let held): return held.inlineModel.map { [$0] } ?? []
                    case .attributes(let members): return members.compactMap(\.type.inlineModel)
                    case .unknown: return []
                    }
                }
            case .enumeration:
                edges[type.name] = []
            }
        }
        let values = Set(types.filter(\.isValue).map(\.name))
        // A value is on a cycle when it reaches itself through values only: a path through an
        // ADT is broken by the ADT's indirect case.
        func reachesItself(_ start: String) -> Bool {
            var stack = edges[start, default: []].filter { values.contains($0) }
            var seen: Set<String> = []
            while let next = stack.popLast() {
                if next == start { return true }
                guard seen.insert(next).inserted else { continue }
                stack.append(contentsOf: edges[next, default: []].filter { values.contains($0) })
            }
            return false
        }
        return types.map { type in
            var type = type
            type.isIndirect = type.isValue && reachesItself(type.name)
            return type
        }
    }
}

extension ImportedStorage {
    /// Marks the values whose estimated inline size is over ``largestInlineSize``, innermost
    /// first: a value that holds a boxed one counts it as a pointer.
    private static func markingLargeValues(_ types: [ImportedType]) -> [ImportedType] {
        var sizes = InlineSizes(types: types)
        return types.map { type in
            var type = type
            if type.isValue {
                type.isIndirect = sizes.isBoxed(type.name)
            }
            return type
        }
    }
}

/// An estimate of how many bytes a type takes inline, from its attributes: the sum of theirs,
/// alignment left out. A boxed value (and one whose size is being worked out, on a cycle
/// through an ADT, whose case the generator makes `indirect`) is a pointer.
struct InlineSizes {
    private var types: [String: ImportedType] = [:]
    private var known: [String: Int] = [:]
    private var boxed: Set<String> = []

    init(types: [ImportedType]) {
        for type in types {
            self.types[type.name] = type
            if type.isIndirect {
                boxed.insert(type.name)
            }
        }
    }

    /// Whether the value is boxed: on a cycle (marked before), or larger than
    /// ``ImportedStorage/largestInlineSize`` once what it holds is sized.
    mutating func isBoxed(_ name: String) -> Bool {
        _ = size(of: name)
        return boxed.contains(name)
    }

    /// The type's own size, its attributes inline (the size its holders see is a pointer's when
    /// it is boxed).
    mutating func size(of name: String) -> Int {
        if let size = known[name] {
            return size
        }
        guard let type = types[name] else { return 8 }
        known[name] = 8
        let size: Int
        switch type.shape {
        case .value(let attributes):
            size = held(attributes)
            if size > ImportedStorage.largestInlineSize {
                boxed.insert(name)
            }
        case .enumeration:
            // A case, or the unknown case's string.
            size = 17
        case .union(let union):
            size = 1 + union.cases.reduce(0) { largest, unionCase in
                switch unionCase.payload {
                case .single(let payload): return max(largest, held(payload, optional: false))
                case .attributes(let members): return max(largest, held(members))
                case .unknown: return max(largest, 16)
                }
            }
        }
        known[name] = size
        return size
    }

    /// The bytes attributes take together in their holder.
    private mutating func held(_ attributes: [ImportedAttribute]) -> Int {
        attributes.reduce(0) { $0 + held($1.type, optional: $1.isOptional) }
    }

    /// The bytes an attribute of the type takes in its holder.
    private mutating func held(_ type: ImportedTypeReference, optional: Bool) -> Int {
        let size: Int
        switch type {
        case .swift(let name):
            switch name {
            case "String": size = 16
            case "Bool": size = 1
            case "Int32", "Float": size = 4
            default: size = 8
            }
        case .date, .array, .dictionary:
            size = 8
        case .rawJSON:
            size = 16
        case .model(let name):
            let own = self.size(of: name)
            size = boxed.contains(name) ? 8 : own
        }
        return optional ? size + 1 : size
    }
}
