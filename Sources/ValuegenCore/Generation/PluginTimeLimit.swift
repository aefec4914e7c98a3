/// What `--plugin-timeout` and `pluginTimeout` in valuegen.json accept: a number of seconds
/// above 0, at most a day (a longer limit is no limit, and would overflow the deadline).
public enum PluginTimeLimit {
    public static let expected = "a number of seconds greater than 0 and at most 86400"

    public static func isValid(_ seconds: Double) -> Bool {
        seconds > 0 && seconds <= 86_400
    }

    /// The seconds a command-line value gives; nil when it is not a valid limit.
    public static func seconds(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds.isFinite, isValid(seconds) else { return nil }
        return seconds
    }
}
