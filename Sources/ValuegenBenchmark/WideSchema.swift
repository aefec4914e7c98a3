// One schema for valuegen-benchmark's wide types and for OutputGrowthTests, which holds the
// same types to linear growth: Tests/ValuegenCoreTests/WideSchema.swift is a symbolic link to
// this file, the way the plugins share the CLI's files (PluginsShared).

/// A type `Wide` of any number of attributes, for measuring how generated code grows with them
/// (issue 37). The attributes take turns among shapes that reach every feature's per-attribute
/// code: optionals, collections, defaults, a coding key, `%redacted`, `%skipEquality` (so that
/// Equality is written out) and `%range` (so that Validation checks something). An ADT's
/// attributes go two to a case, so that its cases grow too.
enum WideSchema {
    static func text(attributes: Int, isADT: Bool, includes: [String]) -> String {
        var text = "Wide includes(\(includes.joined(separator: ", "))) {\n"
        if isADT {
            for first in stride(from: 0, to: attributes, by: 2) {
                text += "  Case\(first) {\n"
                for index in first..<min(first + 2, attributes) {
                    text += attributeLines(index).map { "    \($0)\n" }.joined()
                }
                text += "  }\n"
            }
        } else {
            for index in 0..<attributes {
                text += attributeLines(index).map { "  \($0)\n" }.joined()
            }
        }
        return text + "}\n"
    }

    private static func attributeLines(_ index: Int) -> [String] {
        switch index % 8 {
        case 0: return ["%range min=0 max=100", "count\(index): Int"]
        case 1: return ["name\(index): String = \"\""]
        case 2: return ["%redacted", "secret\(index): String?"]
        case 3: return ["tags\(index): [String]"]
        case 4: return ["%skipEquality", "seenAt\(index): Date?"]
        case 5: return ["%codingKey name=\"flag_\(index)\"", "flag\(index): Bool = false"]
        case 6: return ["scores\(index): [String: Int]"]
        default: return ["ratio\(index): Double"]
        }
    }
}
