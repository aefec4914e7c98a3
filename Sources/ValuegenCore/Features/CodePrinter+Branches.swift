import ValuegenPluginSDK

extension CodePrinter {
    /// `if a { … } else if b { … } else { … }`: each condition with its body, then the
    /// body of the last `else` (none when nil), with `} else` on one line as Swift is written.
    mutating func branches(_ conditions: [(String, (inout CodePrinter) -> Void)], otherwise: ((inout CodePrinter) -> Void)? = nil) {
        for (index, (condition, body)) in conditions.enumerated() {
            line((index == 0 ? "if " : "} else if ") + condition + " {")
            indented(body)
        }
        if let otherwise {
            line("} else {")
            indented(otherwise)
        }
        line("}")
    }
}
