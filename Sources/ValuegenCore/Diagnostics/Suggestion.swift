/// "Did you mean" suggestions: the candidate closest to a misspelled name, if any is close.
/// Public for the command line's unknown options and commands.
public enum Suggestion {
    /// The candidate with the smallest edit distance (case-insensitive) to the name, when that
    /// distance is small enough to be a typo.
    /// `maximumDistance` overrides how far a typo may be (by default 2, or a third of the name).
    public static func closest(to name: String, among candidates: [String], maximumDistance: Int? = nil) -> String? {
        let lowered = Array(name.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance <= (maximumDistance ?? max(2, lowered.count / 3)) else { return nil }
        return best.candidate
    }

    /// `; did you mean 'closest'?` when a candidate is close to the name, else `otherwise`:
    /// the end of a message about an unknown name.
    public static func hint(for name: String, among candidates: [String], otherwise: @autoclosure () -> String) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? otherwise()
    }

    /// The end of a message about a value outside an enumerated set (a representation, a
    /// style): `; did you mean 'closest'?` only when the value is a typo of it, else `; ` and
    /// `listing`, which names every valid value. A value inside a valid one, or around it, with
    /// a prefix or suffix of two letters or more between them, is not a typo: `tagged` is `un`
    /// away from `untagged`, which means the opposite.
    public static func hint(forValue value: String, among values: [String], listing: String) -> String {
        if let closest = closest(to: value, among: values, maximumDistance: 2) {
            let (lowered, candidate) = (value.lowercased(), closest.lowercased())
            let isAffix = abs(lowered.count - candidate.count) >= 2 && (candidate.contains(lowered) || lowered.contains(candidate))
            if !isAffix {
                return "; did you mean '\(closest)'?"
            }
        }
        return "; " + listing
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
