/// Valuegen's own version, written into every generated file and every plugin request, and
/// the version of the built-in features.
public enum ValuegenVersion {
    /// The version of this build, e.g. `"0.1.0"`: the request's `generatorVersion`.
    public static let current = "0.1.0"
}
