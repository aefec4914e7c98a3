/// A protocol a schema declares, `protocol Timestamped: Identified { createdAt: Date }`: a
/// Swift protocol with a read-only requirement per attribute, whose attributes every value or
/// object adopting it gets as its own (``ModelType/protocols``, ``Attribute/protocolName``).
public struct ModelProtocol: Codable, Sendable, Equatable {
    /// The Swift name of the protocol, e.g. `Timestamped`.
    public var name: String
    /// The schema protocols it refines, as written after its name.
    public var refines: [String]
    /// The doc comment lines written before the protocol.
    public var comments: [String]
    /// The annotations written before the protocol, including ones Valuegen does not know.
    public var annotations: [Annotation]
    /// The attributes it declares itself, in declaration order (not those it refines).
    public var attributes: [Attribute]
    /// Where the protocol's name is written.
    public var location: SourceLocation

    /// A protocol; the host makes these from the schema, a plugin's tests may too.
    public init(
        name: String,
        refines: [String] = [],
        comments: [String] = [],
        annotations: [Annotation] = [],
        attributes: [Attribute] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.refines = refines
        self.comments = comments
        self.annotations = annotations
        self.attributes = attributes
        self.location = location
    }
}
