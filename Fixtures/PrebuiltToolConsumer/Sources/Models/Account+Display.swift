// Swift code of the Models target beside the generated code (SwiftPM needs at least one Swift
// file in a target; schemas alone are not sources).
extension Account {
    /// How the account is shown in a list.
    public var displayName: String {
        "\(name) (#\(accountId))"
    }
}
