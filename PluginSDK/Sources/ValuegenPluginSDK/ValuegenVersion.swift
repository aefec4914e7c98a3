/// Valuegen's own version, written into every generated file and every plugin request, and
/// the version of the built-in features.
public enum ValuegenVersion {
    public static let current = "0.1.0"
}
