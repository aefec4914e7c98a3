/// How every coding feature writes an ADT: its representation, the keys it uses and the case
/// that keeps tags the schema does not know. The host computes it from `valuegen.json`'s
/// `coding` settings and the type's `%coding` annotation, so Coding, JSON, Dictionary and
/// plugins agree on one form.
public struct ADTCoding: Codable, Sendable, Equatable {
    /// Where the tag that names the case goes (docs/Language.md shows each form side by side).
    public enum Representation: String, Codable, Sendable, CaseIterable {
        /// `"open"`: the tag alone, for a plain enumeration (no case has a payload).
        case string
        /// `{"type": "image", "url": …}`: the tag beside the case's attributes; a single
        /// unlabelled payload under the content key.
        case internallyTagged = "internal"
        /// `{"image": {"url": …}}`: the tag as the only key, the payload its value; a case
        /// without payload is the tag alone.
        case externallyTagged = "external"
        /// `{"type": "image", "value": {"url": …}}`: the tag and the payload under two keys;
        /// a case without payload has no content key.
        case adjacentlyTagged = "adjacent"
        /// `"cus_123"` or `{"id": "cus_123", "name": …}`: the payload alone, without a tag; read as
        /// the first case, in declaration order, whose payload reads from the value. Every case
        /// has a payload, and no `%unknownCase` (docs/Language.md, "Untagged ADTs").
        case untagged

        /// The spellings, in the order messages list them.
        public static var spellings: [String] { allCases.map(\.rawValue) }
    }

    /// The representation; `.string` only for plain enumerations, `.untagged` only for ADTs
    /// every case of which has a payload.
    public var representation: Representation
    /// The key whose value is the tag (internally and adjacently tagged), `"type"` by default.
    public var discriminator: String
    /// The key of the payload: an adjacently tagged case's content, or an internally tagged
    /// case's single unlabelled value; `"value"` by default.
    public var contentKey: String
    /// The Swift name of the case marked `%unknownCase`, which receives unknown tags.
    public var unknownCase: String?

    /// An ADT's coding; the defaults are those of a type without settings.
    public init(representation: Representation = .internallyTagged, discriminator: String = "type", contentKey: String = "value", unknownCase: String? = nil) {
        self.representation = representation
        self.discriminator = discriminator
        self.contentKey = contentKey
        self.unknownCase = unknownCase
    }
}

extension ModelType {
    /// How the ADT is coded: the host's computed ``adtCoding``, or the defaults when a request
    /// from an older host lacks it (and for values and objects, which have no tag).
    public var codingOfCases: ADTCoding {
        adtCoding ?? ADTCoding(representation: cases.allSatisfy(\.isPlain) ? .string : .internallyTagged)
    }
}

extension ADTCase {
    /// The tag that names the case when coding: ``codingTag`` (`%caseKey name=` or the case key
    /// style's spelling), else ``name``.
    public var tag: String {
        codingTag ?? name
    }
}
