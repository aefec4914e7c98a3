/// How every coding feature writes an ADT: its representation, the keys it uses and the case
/// that keeps tags the schema does not know. The host computes it from `valuegen.json`'s
/// `coding` settings and the type's `%coding` annotation, so Coding, JSON, Dictionary and
/// plugins agree on one form.
///
/// Read ``form`` for the representation: it names every representation, including those added
/// after SDK 1.1 (`.untagged`), and a switch over it has a `default`, so new ones break no
/// plugin. ``representation`` is SDK 1.1's frozen enumeration, kept so that plugins switching
/// over it exhaustively still compile; it reports a representation it has no case for as
/// `.internallyTagged`.
public struct ADTCoding: Codable, Sendable, Equatable {
    /// SDK 1.1's four representations, a frozen set: it never gains a case, so an exhaustive
    /// `switch` written against any 1.x SDK keeps compiling. A representation added later
    /// (`untagged`, and any to come) has no case here: ``ADTCoding/representation`` reports it
    /// as `.internallyTagged`, the representation of an ADT without settings, which is also what
    /// a host that sends no coding implies. Switch over ``ADTCoding/form`` to tell them apart.
    public enum Representation: String, Codable, Sendable, CaseIterable {
        /// `"open"`: the tag alone, for a plain enumeration (no case has a payload).
        case string
        /// `{"type": "image", "url": …}`: the tag beside the case's attributes; a single
        /// unlabelled payload under the content key. Also what an untagged ADT, or a
        /// representation added later, is reported as.
        case internallyTagged = "internal"
        /// `{"image": {"url": …}}`: the tag as the only key, the payload its value; a case
        /// without payload is the tag alone.
        case externallyTagged = "external"
        /// `{"type": "image", "value": {"url": …}}`: the tag and the payload under two keys;
        /// a case without payload has no content key.
        case adjacentlyTagged = "adjacent"

        /// Every representation's spelling (``Form/known``, `untagged` included), in the
        /// order messages list them.
        public static var spellings: [String] { Form.known.map(\.rawValue) }

        /// SDK 1.2 and 1.3 had an `untagged` case here. It lives on so that their exhaustive
        /// switches (`case .untagged:`) and comparisons still compile, but it matches no
        /// value: ``ADTCoding/representation`` reports an untagged ADT as `.internallyTagged`.
        @available(*, deprecated, message: "ADTCoding.representation never reports untagged ADTs (it reports them as .internallyTagged); compare ADTCoding.form with .untagged")
        public static var untagged: FormOnly { FormOnly() }

        /// The type of ``untagged``: a representation that only ``ADTCoding/form`` reports.
        /// It matches no ``Representation`` in a `switch` or with `==`.
        public struct FormOnly: Sendable {
            /// Only through ``Representation/untagged``.
            public init() {}

            /// The same value, for `case .untagged:` in a switch over a ``Representation``.
            @available(*, deprecated, message: "ADTCoding.representation never reports untagged ADTs (it reports them as .internallyTagged); compare ADTCoding.form with .untagged")
            public static var untagged: FormOnly { FormOnly() }

            /// `"untagged"`, the spelling in `%coding representation=`.
            public var rawValue: String { Form.untagged.rawValue }

            /// The form it stands for, ``Form/untagged``.
            public var form: Form { .untagged }

            /// Never matches: no ``Representation`` is untagged.
            public static func ~= (pattern: FormOnly, value: Representation) -> Bool { false }
            /// Always false: no ``Representation`` is untagged.
            public static func == (lhs: Representation, rhs: FormOnly) -> Bool { false }
            /// Always true: no ``Representation`` is untagged.
            public static func != (lhs: Representation, rhs: FormOnly) -> Bool { true }
            /// Always false, nil included.
            public static func == (lhs: Representation?, rhs: FormOnly) -> Bool { false }
            /// Always true, nil included.
            public static func != (lhs: Representation?, rhs: FormOnly) -> Bool { true }
        }
    }

    /// Where the tag that names the case goes (docs/Language.md shows each form side by side),
    /// as an open set: a struct with a static member per representation, like
    /// swift-http-types' `HTTPRequest.Method`. A representation added in a later 1.x is one
    /// more static member, so a `switch` over a form needs a `default`, and one written today
    /// keeps compiling. A form this SDK does not know (sent by a newer host) keeps its spelling.
    public struct Form: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        /// The spelling in `%coding representation=` and in the request's `adtCoding`.
        public var rawValue: String

        /// The form spelled `rawValue`, known to this SDK or not.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The form of one of SDK 1.1's representations.
        public init(_ representation: Representation) {
            self.rawValue = representation.rawValue
        }

        /// `"open"`: the tag alone, for a plain enumeration (no case has a payload).
        public static let string = Form(.string)
        /// `{"type": "image", "url": …}`: the tag beside the case's attributes; a single
        /// unlabelled payload under the content key.
        public static let internallyTagged = Form(.internallyTagged)
        /// `{"image": {"url": …}}`: the tag as the only key, the payload its value; a case
        /// without payload is the tag alone.
        public static let externallyTagged = Form(.externallyTagged)
        /// `{"type": "image", "value": {"url": …}}`: the tag and the payload under two keys;
        /// a case without payload has no content key.
        public static let adjacentlyTagged = Form(.adjacentlyTagged)
        /// `"cus_123"` or `{"id": "cus_123", "name": …}`: the payload alone, without a tag; read as
        /// the first case, in declaration order, whose payload reads from the value. Every case
        /// has a payload, and no `%unknownCase` (docs/Language.md, "Untagged ADTs"). Since SDK
        /// 1.2; ``ADTCoding/representation`` reports it as `.internallyTagged`.
        public static let untagged = Form(rawValue: "untagged")

        /// The forms this SDK knows, in the order messages list them; later SDKs append.
        public static let known: [Form] = [.string, .internallyTagged, .externallyTagged, .adjacentlyTagged, .untagged]

        /// The spellings of ``known``.
        public static var spellings: [String] { known.map(\.rawValue) }

        /// The known form spelled `spelling`, or nil: what parsing `%coding representation=` takes.
        public init?(spelling: String) {
            guard let form = Form.known.first(where: { $0.rawValue == spelling }) else { return nil }
            self = form
        }

        /// What ``ADTCoding/representation`` reports for this form: SDK 1.1's case of the same
        /// spelling, or `.internallyTagged` for a form added later.
        public var representation: Representation {
            Representation(rawValue: rawValue) ?? .internallyTagged
        }

        public var description: String { rawValue }
    }

    /// The representation, every one told apart (``Form/untagged`` included); `.string` only
    /// for plain enumerations, `.untagged` only for ADTs every case of which has a payload.
    public var form: Form
    /// The representation as SDK 1.1's frozen enumeration, for plugins that switch over it
    /// exhaustively: ``form``'s case of the same name, and `.internallyTagged` for a form it
    /// has no case for (`untagged`). Setting it sets ``form``.
    public var representation: Representation {
        get { form.representation }
        set { form = Form(newValue) }
    }
    /// The key whose value is the tag (internally and adjacently tagged), `"type"` by default.
    public var discriminator: String
    /// The key of the payload: an adjacently tagged case's content, or an internally tagged
    /// case's single unlabelled value; `"value"` by default.
    public var contentKey: String
    /// The Swift name of the case marked `%unknownCase`, which receives unknown tags.
    public var unknownCase: String?
    /// Internally tagged only (`%coding payloads=flattened`): a case's single value, a value
    /// type coded as an object, is written as that object's members beside the tag
    /// (`{"type": "ach", "bankAccountNumber": …}`) and read from the same object, as serde's
    /// `#[serde(tag = "type")]` writes a newtype variant; false (the default) writes it under
    /// ``contentKey``. A request from a host before it lacks the member: false.
    public var flattensSingleValues = false

    /// An ADT's coding; the defaults are those of a type without settings.
    public init(representation: Representation = .internallyTagged, discriminator: String = "type", contentKey: String = "value", unknownCase: String? = nil) {
        self.init(form: Form(representation), discriminator: discriminator, contentKey: contentKey, unknownCase: unknownCase)
    }

    /// An ADT's coding in any form, ``Form/untagged`` included.
    public init(form: Form, discriminator: String = "type", contentKey: String = "value", unknownCase: String? = nil) {
        self.form = form
        self.discriminator = discriminator
        self.contentKey = contentKey
        self.unknownCase = unknownCase
    }

    /// An untagged ADT's coding, as SDK 1.2 and 1.3 sources write it:
    /// `ADTCoding(representation: .untagged)`.
    @available(*, deprecated, message: "write ADTCoding(form: .untagged)")
    public init(representation: Representation.FormOnly, discriminator: String = "type", contentKey: String = "value", unknownCase: String? = nil) {
        self.init(form: representation.form, discriminator: discriminator, contentKey: contentKey, unknownCase: unknownCase)
    }

    private enum CodingKeys: String, CodingKey {
        case representation, discriminator, contentKey, unknownCase, flattensSingleValues
    }

    /// Decodes the request's shape: `representation` holds the form's spelling.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            form: try container.decode(Form.self, forKey: .representation),
            discriminator: try container.decode(String.self, forKey: .discriminator),
            contentKey: try container.decode(String.self, forKey: .contentKey),
            unknownCase: try container.decodeIfPresent(String.self, forKey: .unknownCase)
        )
        flattensSingleValues = try container.decodeIfPresent(Bool.self, forKey: .flattensSingleValues) ?? false
    }

    /// Encodes the request's shape: `representation` holds the form's spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(form, forKey: .representation)
        try container.encode(discriminator, forKey: .discriminator)
        try container.encode(contentKey, forKey: .contentKey)
        try container.encodeIfPresent(unknownCase, forKey: .unknownCase)
        // Only when set, so that every other request is as before.
        if flattensSingleValues {
            try container.encode(true, forKey: .flattensSingleValues)
        }
    }
}

extension ModelType {
    /// How the ADT is coded: the host's computed ``adtCoding``, or the defaults when a request
    /// from an older host lacks it (and for values and objects, which have no tag).
    public var codingOfCases: ADTCoding {
        adtCoding ?? ADTCoding(form: cases.allSatisfy(\.isPlain) ? .string : .internallyTagged)
    }
}

extension ADTCase {
    /// The tag that names the case when coding: ``codingTag`` (`%caseKey name=` or the case key
    /// style's spelling), else ``name``.
    public var tag: String {
        codingTag ?? name
    }
}
