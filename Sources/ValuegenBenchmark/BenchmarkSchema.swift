/// A realistic schema: a profile of a messaging app's user with the attribute shapes real
/// models have (optionals, collections, defaults, coding keys, redaction, a nested model).
enum BenchmarkSchema {
    static let attributeCount = 14

    static func text(typeName: String) -> String {
        """
        # A user's public profile, as the server sends it.
        \(typeName) includes(Builder, With, Coding) {
          # The server's identifier.
          userId: Int
          nickname: String
          # Shown in the profile header.
          displayName: String?
          avatarUrl: URL?
          %codingKey name="zip code"
          %codingLegacyKey name="zip"
          zipCode: String = "00000"
          %redacted
          email: String
          joinedAt: Date
          isVerified: Bool = false
          followerCount: Int = 0
          tags: Set<String>
          scores: [String: Double]
          recentMessageIds: [UUID]
          %skipEquality
          lastSeen: Date?
          bio: String = ""
        }
        """
    }
}
