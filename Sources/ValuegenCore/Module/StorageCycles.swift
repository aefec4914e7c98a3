import ValuegenPluginSDK

/// Which generated values and ADTs hold themselves. A struct stores its attributes inline and
/// an enum its payloads, an Optional too, so a type that reaches itself through such storage
/// would be infinitely large. Arrays, sets and dictionaries keep their elements on the heap and
/// objects are references: they break the chain.
///
/// An ADT case on such a cycle becomes `indirect`, which boxes its payload. A value with
/// `%storage indirect` is one reference wide, so it breaks the chain too. A cycle of inline
/// structs alone has no case to box, so it is an error, whose fix is `%storage indirect` when
/// an Optional on the cycle lets a value end. A cycle with no Optional, array or ADT on it can
/// never end, however the values are stored, so it is an error too. The analysis spans every
/// file of a run, since a cycle may pass through several schema files.
struct StorageCycles {
    /// The `indirect` cases, as `ADT.case` (both are identifiers, so the dot cannot be ambiguous).
    private var indirectCases: Set<String> = []
    /// The errors about struct cycles, by schema file path.
    private var errors: [String: [Diagnostic]] = [:]

    /// One stored attribute or payload that holds a generated value type inline.
    private struct Edge {
        var owner: String
        var name: String
        var target: String
        /// Whether the attribute is an Optional, so that a chain through it can end.
        var isOptional: Bool
        var path: String
        var location: SourceLocation
        /// The ADT case it belongs to; nil for a struct's attribute.
        var caseName: String?
    }

    init(_ requests: [GenerationRequest]) {
        // Values and ADTs only; the first declaration of a name wins, as a module would refuse a second.
        var kinds: [String: ModelKind] = [:]
        var boxed: Set<String> = []
        for request in requests {
            for type in request.types where type.kind != .object && kinds[type.name] == nil {
                kinds[type.name] = type.kind
                if type.hasIndirectStorage { boxed.insert(type.name) }
            }
        }
        var edges: [String: [Edge]] = [:]
        for request in requests {
            for type in request.types where kinds[type.name] == type.kind {
                edges[type.name, default: []] += Self.edges(of: type, path: request.file.path, known: kinds)
            }
        }
        // Most modules store no value or ADT inline in another: nothing can cycle.
        guard edges.values.contains(where: { !$0.isEmpty }) else { return }
        let names = kinds.keys.sorted()

        let component = Self.components(names, edges: edges)
        for edge in edges.values.joined() where edge.caseName != nil && component[edge.owner] == component[edge.target] {
            indirectCases.insert("\(edge.owner).\(edge.caseName!)")
        }

        let structs = names.filter { kinds[$0] == .value }
        let structEdges = edges.mapValues { $0.filter { kinds[$0.target] == .value } }
        // Stored inline: a boxed value holds its attributes behind one reference.
        let inlineEdges = structEdges.filter { !boxed.contains($0.key) }
        // Always there: a required attribute must hold a value, boxed or not.
        let requiredEdges = structEdges.mapValues { $0.filter { !$0.isOptional } }
        let inlineComponent = Self.components(structs, edges: inlineEdges)
        let requiredComponent = Self.components(structs, edges: requiredEdges)
        for name in structs {
            if let cycle = Self.shortestCycle(from: name, edges: inlineEdges, component: inlineComponent) {
                report(Self.infinitelyLarge(name, cycle), at: cycle[0])
            } else if let cycle = Self.shortestCycle(from: name, edges: requiredEdges, component: requiredComponent) {
                report(Self.neverEnding(name, cycle), at: cycle[0])
            }
        }
    }

    private mutating func report(_ message: String, at edge: Edge) {
        errors[edge.path, default: []].append(Diagnostic(.error, message, path: edge.path, at: edge.location))
    }

    private static func chain(_ name: String, _ cycle: [Edge]) -> String {
        (cycle.map { "\($0.owner).\($0.name)" } + [name]).joined(separator: " → ")
    }

    /// A cycle of inline values. When an Optional on it lets a chain end, boxing the value
    /// (`%storage indirect`) is the fix that keeps its API, its JSON and its `==`.
    private static func infinitelyLarge(_ name: String, _ cycle: [Edge]) -> String {
        let first = cycle[0]
        let box = cycle.contains(where: \.isOptional)
            ? "add '%storage indirect' before '\(name)' (its attributes then live in a shared box; its API, JSON and == stay the same), or "
            : ""
        return "value '\(name)' holds itself through \(chain(name, cycle)), so it would be infinitely large; \(box)"
            + "make one of these attributes an array (\(first.name): [\(first.target)]), or one of the types an ADT (.adtValue) or an object (.object)"
    }

    /// A cycle of required attributes: every value would need another, so none can be made.
    private static func neverEnding(_ name: String, _ cycle: [Edge]) -> String {
        let first = cycle[0]
        return "value '\(name)' holds itself through \(chain(name, cycle)) with no Optional, array or ADT on the way, so no value of it could ever be made; "
            + "make one of these attributes optional (\(first.name): \(first.target)?) or an array (\(first.name): [\(first.target)])"
    }

    /// The request with its recursive ADT cases marked `indirect`.
    func apply(to request: GenerationRequest) -> GenerationRequest {
        var request = request
        for typeIndex in request.types.indices where request.types[typeIndex].kind == .adtValue {
            let typeName = request.types[typeIndex].name
            for caseIndex in request.types[typeIndex].cases.indices {
                let caseName = request.types[typeIndex].cases[caseIndex].name
                let isIndirect = !indirectCases.isEmpty && indirectCases.contains("\(typeName).\(caseName)")
                // Written only when it changes, so that an unchanged request is not copied.
                if request.types[typeIndex].cases[caseIndex].isIndirect != isIndirect {
                    request.types[typeIndex].cases[caseIndex].isIndirect = isIndirect
                }
            }
        }
        return request
    }

    /// The struct cycles reported in the file at `path`.
    func diagnostics(for path: String) -> [Diagnostic] {
        errors[path, default: []]
    }

    // MARK: - The graph

    private static func edges(of type: ModelType, path: String, known kinds: [String: ModelKind]) -> [Edge] {
        func edge(_ name: String, _ reference: TypeReference, _ location: SourceLocation, _ caseName: String?) -> Edge? {
            // `wrapped` is the spelling without the outer `?`: a plain name is stored inline.
            guard kinds[reference.wrapped] != nil else { return nil }
            return Edge(owner: type.name, name: name, target: reference.wrapped, isOptional: reference.isOptional, path: path, location: location, caseName: caseName)
        }
        var result = type.attributes.compactMap { edge($0.name, $0.type, $0.location, nil) }
        for adtCase in type.cases {
            result += adtCase.attributes.compactMap { edge("\(adtCase.name).\($0.name)", $0.type, $0.location, adtCase.name) }
            if let single = adtCase.singleValueType, let payload = edge(adtCase.name, single, adtCase.location, adtCase.name) {
                result.append(payload)
            }
        }
        return result
    }

    /// The strongly connected component of each name (Tarjan's algorithm): two types are in
    /// the same component when each holds the other, directly or through others. Every edge
    /// leads to one of `names`.
    private static func components(_ names: [String], edges: [String: [Edge]]) -> [String: Int] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var component: [String: Int] = [:]
        var nextIndex = 0
        var nextComponent = 0

        // Iterative, so a long chain of types cannot overflow the stack.
        for root in names where index[root] == nil {
            var work: [(name: String, edge: Int)] = [(root, 0)]
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack.insert(root)
            while let (name, position) = work.last {
                let outgoing = edges[name, default: []]
                if position < outgoing.count {
                    work[work.count - 1].edge += 1
                    let target = outgoing[position].target
                    if index[target] == nil {
                        index[target] = nextIndex
                        lowLink[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack.insert(target)
                        work.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[name] = min(lowLink[name]!, index[target]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.name] = min(lowLink[parent.name]!, lowLink[name]!)
                }
                if lowLink[name] == index[name] {
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component[member] = nextComponent
                        if member == name { break }
                    }
                    nextComponent += 1
                }
            }
        }
        return component
    }

    /// The shortest chain of attributes from `name` back to itself inside its component, the
    /// first attribute written first when several are as short.
    private static func shortestCycle(from name: String, edges: [String: [Edge]], component: [String: Int]) -> [Edge]? {
        var reached: [String: [Edge]] = [:]
        var queue: [(String, [Edge])] = [(name, [])]
        var head = 0
        while head < queue.count {
            let (current, chain) = queue[head]
            head += 1
            for edge in edges[current, default: []] where component[edge.target] == component[name] {
                let extended = chain + [edge]
                if edge.target == name { return extended }
                if reached[edge.target] == nil {
                    reached[edge.target] = extended
                    queue.append((edge.target, extended))
                }
            }
        }
        return nil
    }
}
