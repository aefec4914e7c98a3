/// The rule for the keys of module declarations (``Emitter/emitModuleDeclaration(_:key:)``):
/// a key names one declaration of the module support file and is printed in its
/// `// MARK: - <key>` line.
public enum ModuleDeclarationKey {
    /// Whether the key is non-empty and has no control character (no newline, no NUL).
    public static func isValid(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Why an invalid key is refused, after "the key".
    public static let rule = "must be non-empty and without control characters (it is printed in a '// MARK: -' line)"
}
