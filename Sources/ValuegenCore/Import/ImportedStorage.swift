/// Which imported values hold themselves inline (a `Node` whose `parent: Node?`, or `A` holding
/// `B` holding `A`): they get `%storage indirect`, without which such a value would be
/// infinitely large. Arrays and maps keep their elements on the heap, and an ADT's cases on
/// such a cycle are made `indirect` by the generator, so only values held directly count.
enum ImportedStorage {
    static func markingIndirectValues(_ types: [ImportedType]) -> [ImportedType] {
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
