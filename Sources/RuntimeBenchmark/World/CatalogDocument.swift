// catalog: a ticketing API's catalogue of events and performances (simdjson's
// citm_catalog.json): 4-space indented, camelCase, maps keyed by numeric ids
// ("events": {"138586341": {…}}), names in French, many small objects and arrays of them.

enum CatalogDocument {
    static let style = JSONStyle(layout: .indented(4))
    static let summary = "4-space indented, maps keyed by numeric strings (read as integer keys), many small objects, French names"

    /// About 4 MB at scale 1.
    static func document(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 2302)
        let areas = names(&random, count: 300, firstId: 205_705_993, from: areaWords)
        let audiences = names(&random, count: 12, firstId: 337_100_890, from: audienceWords)
        let seatCategories = names(&random, count: 60, firstId: 338_937_235, from: seatCategoryWords)
        let topics = names(&random, count: 25, firstId: 107_888_604, from: topicWords)
        let subTopics = names(&random, count: 80, firstId: 324_846_099, from: topicWords)
        let venues = ["PLEYEL_PLEYEL": "Salle Pleyel", "OPERA_BASTILLE": "Opéra Bastille", "THEATRE_CHATELET": "Théâtre du Châtelet",
                      "GAITE_LYRIQUE": "Gaîté Lyrique", "ZENITH_PARIS": "Zénith Paris — La Villette"].sorted { $0.key < $1.key }
        let eventIds = (0..<max(1, Int(250 * scale))).map { 138_586_341 + $0 * 1_237 }
        let events: [(key: String, value: JSONNode)] = eventIds.map { id in
            (String(id), [
                "description": random.chance(20) ? .string(random.sentence(.latin, words: random.int(5...30))) : .null,
                "id": .integer(id),
                "logo": random.chance(40) ? .string("/images/UE0AAAAA\(random.alphanumeric(16))") : .null,
                "name": .string(random.sentence(.latin, words: random.int(1...6))),
                "subTopicIds": .integers((0..<random.int(1...4)).map { _ in random.pick(subTopics).id }),
                "subjectCode": .null,
                "subtitle": random.chance(15) ? .string(random.sentence(.latin, words: random.int(2...8))) : .null,
                "topicIds": .integers((0..<random.int(1...3)).map { _ in random.pick(topics).id }),
            ])
        }
        let performances: [JSONNode] = (0..<max(1, Int(600 * scale))).map { index in
            let categories = (0..<random.int(1...5)).map { _ in random.pick(seatCategories).id }
            return [
                "eventId": .integer(random.pick(eventIds)),
                "id": .integer(339_887_544 + index * 17),
                "logo": random.chance(30) ? .string("/images/UE0AAAAA\(random.alphanumeric(16))") : .null,
                "name": random.chance(10) ? .string(random.sentence(.latin, words: 3)) : .null,
                "prices": .array(categories.flatMap { category in
                    (0..<random.int(1...2)).map { _ in [
                        "amount": .integer(random.int(10...400) * 250),
                        "audienceSubCategoryId": .integer(random.pick(audiences).id),
                        "seatCategoryId": .integer(category),
                    ] }
                }),
                "seatCategories": .array(categories.map { category in [
                    "areas": .array((0..<random.int(1...12)).map { _ in [
                        "areaId": .integer(random.pick(areas).id),
                        "blockIds": [],
                    ] }),
                    "seatCategoryId": .integer(category),
                ] }),
                "seatMapImage": .null,
                "start": .integer(1_372_701_600_000 + random.int(0...40_000_000) * 1000),
                "venueCode": .string(random.pick(venues).key),
            ]
        }
        return [
            "areaNames": map(areas),
            "audienceSubCategoryNames": map(audiences),
            "blockNames": [:],
            "events": .object(events),
            "performances": .array(performances),
            "seatCategoryNames": map(seatCategories),
            "subTopicNames": map(subTopics),
            "subjectNames": [:],
            "topicNames": map(topics),
            "topicSubTopics": .object(topics.map { topic in
                (String(topic.id), .integers((0..<random.int(1...6)).map { _ in random.pick(subTopics).id }))
            }),
            "venueNames": .object(venues.map { ($0.key, .string($0.value)) }),
        ]
    }

    static let areaWords = ["Arrière-scène", "central", "1er balcon", "2ème balcon", "bergerie", "cour", "jardin", "Parterre", "Corbeille", "Loge", "Fosse", "côté"]
    static let audienceWords = ["Abonné", "Plein tarif", "Tarif réduit", "Étudiant", "Jeune", "Groupe", "Enfant", "Senior"]
    static let seatCategoryWords = ["Série A", "Série B", "1ère catégorie", "2ème catégorie", "Catégorie unique", "Placement libre", "Premium"]
    static let topicWords = ["Musique classique", "Opéra", "Jazz", "Danse", "Théâtre", "Famille", "Cirque", "Humour", "Rock", "Chanson française", "Musiques du monde", "Récital"]

    /// Ids from `firstId` up, each with a name of one to three of the words.
    static func names(_ random: inout WorldRandom, count: Int, firstId: Int, from words: [String]) -> [(id: Int, name: String)] {
        (0..<count).map { index in
            (firstId + index * 6, (0..<random.int(1...3)).map { _ in random.pick(words) }.joined(separator: " "))
        }
    }

    /// `{"205705993": "Arrière-scène central", …}`
    static func map(_ names: [(id: Int, name: String)]) -> JSONNode {
        .object(names.map { (String($0.id), .string($0.name)) })
    }
}
