// Compiled into both programs of EvolutionCompileTests: the raw values of saved file number
// `index`, the same in the writer (which makes the old SContact of them) and the reader
// (which makes the SContact it should read), from a generator seeded with the index.

struct EvolutionSample {
    var id: Int
    var name: String
    var email: String?
    var age: Int?
    var tags: [String]
    var score: Double
    var notes: String
    var address: (street: String, city: String, zip: String)?
    var createdAt: Double

    init(_ index: Int) {
        var random = SplitMix64(seed: UInt64(index))
        let names = ["Ada", "Grace", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Frances"]
        let cities = ["Amsterdam", "Zürich", "Lagos", "Osaka", "Lima"]
        id = Int(random.next() % 1_000_000)
        name = names[Int(random.next() % UInt64(names.count))] + " \(index)"
        email = random.next() % 3 == 0 ? nil : "user\(index)@example.com"
        age = random.next() % 4 == 0 ? Int(random.next() % 90) : nil
        tags = (0..<Int(random.next() % 4)).map { _ in ["work", "family", "vip", "new"][Int(random.next() % 4)] }
        score = Double(random.next() % 10_000) / 100
        notes = random.next() % 2 == 0 ? "" : "note \(random.next() % 1000)"
        address = random.next() % 3 == 0 ? nil : ("\(random.next() % 300) Main St", cities[Int(random.next() % UInt64(cities.count))], "\(10_000 + random.next() % 90_000)")
        createdAt = 7.0e8 + Double(random.next() % 100_000_000) / 8
    }
}

struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
