import ValuegenPluginSDK

/// Where a string of a small JSON configuration file is written, for a diagnostic at its line:
/// the JSON parser keeps values, not positions, and a configuration is read once a run.
enum JSONStringLocation {
    /// The location of the `occurrence`-th `"string"` (from 0) after the first `"key"`, when
    /// both are written without escapes; nil otherwise.
    static func find(_ string: String, occurrence: Int, afterKey key: String, in bytes: [UInt8]) -> SourceLocation? {
        guard let keyEnd = offset(of: quoted(key), in: bytes, from: 0).map({ $0 + key.utf8.count + 2 }) else { return nil }
        var start = keyEnd
        var found: Int?
        for _ in 0...occurrence {
            guard let next = offset(of: quoted(string), in: bytes, from: start) else { return nil }
            found = next
            start = next + 1
        }
        guard let found else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<found where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: found - lineStart + 1)
    }

    private static func quoted(_ text: String) -> [UInt8] {
        [UInt8(ascii: "\"")] + Array(text.utf8) + [UInt8(ascii: "\"")]
    }

    private static func offset(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
