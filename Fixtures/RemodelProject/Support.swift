// Hand-written Swift of the project: what its Remodel schemas name but do not declare.

/// A screen of the app. Stands in for UIKit's UIViewController, which Linux does not have.
open class ScreenController {
    public init() {}
}

/// Something that draws with the app's theme.
public protocol Themeable: AnyObject {
    var themeName: String { get }
}

/// Receives the links a route opens.
public protocol RouteHandling: AnyObject {
    func open(_ path: String) -> Bool
}

/// How a story was ranked into the feed.
public enum RankingReason: UInt, Hashable, Codable, Sendable {
    case recent
    case popular
    case followed
}

/// An opaque page token of the feed service.
public struct FeedCursor: Hashable, Codable, Sendable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}
