/// Deterministic sample records: the same ones on every run.
enum RecordFactory {
    static func records(_ count: Int) -> [Record] {
        var generator = SplitMix64(seed: 42)
        let words = ["swift", "value", "model", "coding", "binary", "json", "fast", "schema", "plugin", "build"]
        let cities = ["Lisbon", "Zürich", "São Paulo", "Tōkyō", "Reykjavík", "Nairobi"]
        return (0..<count).map { index in
            let word = { words[Int(generator.next() % UInt64(words.count))] }
            let biography = (0..<40).map { _ in word() }.joined(separator: " ")
            let status: Status
            switch generator.next() % 3 {
            case 0: status = .active
            case 1: status = .suspended(reason: "too many \(word())s", days: Int(generator.next() % 30))
            default: status = .deleted
            }
            return Record(
                id: index,
                accountNumber: Int(truncatingIfNeeded: generator.next()),
                score: Double(generator.next() % 1_000_000) / 1000,
                ratio: Double(generator.next() % 10_000) / 10_000,
                isActive: generator.next() % 2 == 0,
                isVerified: generator.next() % 3 == 0,
                name: "\(word().capitalized) \(word().capitalized)",
                email: "user\(index)@example.com",
                biography: biography,
                tags: (0..<Int(generator.next() % 5)).map { _ in word() },
                nickname: generator.next() % 2 == 0 ? "@\(word())\(index)" : nil,
                location: Location(street: "\(index) \(word().capitalized) Street", city: cities[index % cities.count], latitude: Double(generator.next() % 180_000) / 1000 - 90, longitude: Double(generator.next() % 360_000) / 1000 - 180),
                status: status
            )
        }
    }
}

extension ServerRecord {
    /// The same record in the server's dialect.
    init(_ record: Record) {
        let status: ServerStatus
        switch record.status {
        case .active: status = .active
        case .suspended(let reason, let days): status = .suspended(reason: reason, days: days)
        case .deleted: status = .deleted
        }
        self.init(
            id: record.id, accountNumber: record.accountNumber, score: record.score, ratio: record.ratio,
            isActive: record.isActive, isVerified: record.isVerified, name: record.name, email: record.email,
            biography: record.biography, tags: record.tags, nickname: record.nickname, location: record.location, status: status
        )
    }
}

/// A small, fast, seedable generator (SplitMix64), so the records do not depend on the platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension String {
    var capitalized: String {
        prefix(1).uppercased() + dropFirst()
    }
}
