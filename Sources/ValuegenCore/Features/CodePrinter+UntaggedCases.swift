import ValuegenPluginSDK

extension CodePrinter {
    /// How Coding and JSON read an untagged ADT: `declaration` (the local that keeps the
    /// failed attempts), then each case in declaration order, `if let value = <opening>` (a
    /// call whose last argument is a closure reading the case, `body`) `}) { self = value }`,
    /// and after the last, `failure`: the first case that reads wins.
    mutating func firstFittingCase(of type: ModelType, attempts declaration: String, opening: (ADTCase) -> String, body: (inout CodePrinter, ADTCase) -> Void, failure: String) {
        line("// Untagged: the first case, in declaration order, whose payload reads from the value.")
        line(declaration)
        for (index, adtCase) in type.cases.enumerated() {
            line((index == 0 ? "if let value = " : "} else if let value = ") + opening(adtCase))
            indented { body(&$0, adtCase) }
            line("}) {")
            indented { $0.line("self = value") }
        }
        line("} else {")
        indented { $0.line(failure) }
        line("}")
    }
}
