// Hand-written code beside the generated: the types from the schemas are ordinary Swift
// types of this module. (SwiftPM also needs at least one Swift file in a target.)

extension Profile {
    /// The nickname as the app shows it.
    public var displayName: String {
        "@\(nickname)"
    }
}
