import ValuegenPluginSDK

extension CodePrinter {
    /// The first line of a JSON or Binary `encode(to:)` that opens a level (an object, an
    /// array, a message): it returns, writing nothing, once the writer skips nested values.
    /// Persistence's writers do past the readers' 512 levels, where the value is refused and
    /// the document thrown away, so that a chain of values deeper than the stack holds ends
    /// in that refusal, not in a stack overflow; API JSON and `binaryData()` never skip.
    /// A load and a branch a value.
    mutating func returnWhenWriterSkipsNestedValues() {
        line("if writer.skipsNestedValues { return }")
    }
}

extension CodePrinter {
    /// `switch self { case <binding pattern>: … }` over every case of the ADT, the body of each
    /// written by `write` one level in: the shape of every representation's JSON `encode(to:)`.
    mutating func switchOverCodedCases(of type: ModelType, _ write: (inout CodePrinter, ADTCase) -> Void) {
        line("switch self {")
        for adtCase in type.cases {
            line("case \(adtCase.codingBindingPattern):")
            indented { write(&$0, adtCase) }
        }
        line("}")
    }
}
