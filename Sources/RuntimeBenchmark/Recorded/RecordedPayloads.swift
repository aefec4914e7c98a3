// Recorded payloads (issue 38): list pages of GitHub's and Stripe's REST APIs (Mastodon's are in
// MastodonPayloads.swift) made of the recorded objects of RecordedExcerpt.swift, varied as a
// server varies one object from the next: new ids, numbers and amounts, the URLs and ids that
// contain them, new dates and tokens. Nothing else is invented: the members, their order,
// nulls, escapes and texts are the recorded ones. What repeats, repeats as on a real page: the
// repository's URL, the authors (a few dozen users write the issues), the labels, the customers
// of charges.
import Foundation

enum RecordedPayloads {
    static let organization = "octokit-fixture-org"
    static let repository = "hello-world"
    /// The repository names of the recorded issues, replaced by `repository`.
    static let recordedRepositories = [
        "tmp-scenario-paginate-issues-20220719043836917-izyoe", "tmp-scenario-search-issues-20220719044045959-jlcli",
        "paginate-issues", "search-issues",
    ]

    static var shapes: [WorldShape] { [
        WorldShape("github-issues", [GitHubIssue].self, summary: "GitHub issue list: recorded issues (octokit/fixtures), compact, about 29 URLs an issue (13 a user), labels, ISO 8601 dates", style: JSONStyle(layout: .compact), document: githubIssues),
        WorldShape("stripe-charges", StripeChargeList.self, summary: "Stripe charges (stripe/openapi fixtures): 2-space indented, nested card details, refunds", style: stripeStyle, document: { stripeList("charges", count: Int(1_000 * $0), stripeCharge) }),
        // The same charges into a model that reads every key, its objects inline: large values.
        WorldShape("stripe-charges-full", StripeFullChargeList.self, summary: "the same charges, every key read, nested objects inline (\(MemoryLayout<StripeFullCharge>.stride) bytes a charge)", style: stripeStyle, document: { stripeList("charges", count: Int(1_000 * $0), stripeCharge) }),
        WorldShape("stripe-customers", StripeCustomerList.self, summary: "Stripe customers (stripe/openapi fixtures)", style: stripeStyle, document: { stripeList("customers", count: Int(4_000 * $0), stripeCustomer) }),
        WorldShape("stripe-payment-intents", StripePaymentIntentList.self, summary: "Stripe payment intents (stripe/openapi fixtures)", style: stripeStyle, document: { stripeList("payment_intents", count: Int(3_000 * $0), stripePaymentIntent) }),
    ] + mastodonShapes }

    /// Stripe's API writes its JSON indented by two spaces.
    static let stripeStyle = JSONStyle(layout: .indented(2))

    // MARK: - GitHub

    /// About 4 MB at scale 1.
    static func githubIssues(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 38)
        let templates = JSONNode(parsing: RecordedExcerpt.githubIssues).elements
        let recordedUser = templates[0].member("user")
        let users = (0..<40).map { index in githubUser(recordedUser, &random, index: index) }
        let labels = JSONNode(parsing: RecordedExcerpt.githubLabels).elements.map { label in
            label.varied(strings: [("/repos/\(organization)/labels/", "/repos/\(organization)/\(repository)/")])
        }
        let milestones = (1...4).map { IssuesDocument.milestone(&random, number: $0, creator: random.pick(users)) }
        return .array((0..<max(1, Int(1_600 * scale))).map { index in
            let template = templates[index % templates.count]
            let number = 9_000 - index
            let recordedNumber = template.member("number").integer
            let closed = random.chance(30)
            let reactions = (0..<8).map { _ in random.chance(80) ? 0 : random.int(1...20) }
            let body = template.member("body")
            return template.varied(
                strings: recordedRepositories.map { ($0, repository) } + [("/issues/\(recordedNumber)", "/issues/\(number)")],
                members: [
                    "id": .integer(random.int(1_000_000_000...3_000_000_000)),
                    "node_id": .string("I_kwDO" + random.alphanumeric(20)),
                    "number": .integer(number),
                    "title": .string(template.member("title").text.replacingOccurrences(of: "\(recordedNumber)", with: "\(number)") + " (\(random.hex(6)))"),
                    "user": random.pick(users),
                    "labels": .array((0..<random.int(0...3)).map { _ in random.pick(labels) }),
                    "state": .string(closed ? "closed" : "open"),
                    "assignee": random.chance(30) ? random.pick(users) : .null,
                    "milestone": random.chance(30) ? random.pick(milestones) : .null,
                    "comments": .integer(random.int(0...80)),
                    "created_at": .string(IssuesDocument.date(&random)),
                    "updated_at": .string(IssuesDocument.date(&random)),
                    "closed_at": closed ? .string(IssuesDocument.date(&random)) : .null,
                    "body": body.isNull ? .null : .string(body.text + " #\(number)", escapesNonASCII: true),
                    "reactions": template.member("reactions").varied(
                        strings: recordedRepositories.map { ($0, repository) } + [("/issues/\(recordedNumber)", "/issues/\(number)")],
                        members: Dictionary(uniqueKeysWithValues: zip(["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"], reactions.map(JSONNode.integer)))
                            .merging(["total_count": .integer(reactions.reduce(0, +))]) { $1 }
                    ),
                    "state_reason": closed ? .string(random.pick(["completed", "not_planned"])) : .null,
                ]
            )
        })
    }

    /// The recorded user as another user: its login (in every URL) and id (in the avatar's URL).
    static func githubUser(_ recorded: JSONNode, _ random: inout WorldRandom, index: Int) -> JSONNode {
        let login = random.word(.english) + "-" + random.alphanumeric(random.int(3...9))
        let id = random.int(1_000...200_000_000)
        return recorded.varied(
            strings: [(recorded.member("login").text, login), ("/u/\(recorded.member("id").integer)?", "/u/\(id)?")],
            members: ["login": .string(login), "id": .integer(id), "node_id": .string("MDQ6VXNlcj" + random.alphanumeric(10)), "site_admin": .bool(index == 0)]
        )
    }

    // MARK: - Stripe

    /// A list page of `count` objects that `object` varies from the recorded one.
    static func stripeList(_ resource: String, count: Int, _ object: (Int, inout WorldRandom) -> JSONNode) -> JSONNode {
        var random = WorldRandom(seed: 3_838)
        return [
            "object": "list",
            "data": .array((0..<max(1, count)).map { object($0, &random) }),
            "has_more": true,
            "url": .string("/v1/\(resource)"),
        ]
    }

    static let customers: [(id: String, name: String)] = {
        var random = WorldRandom(seed: 380)
        return (0..<60).map { _ in ("cus_" + random.alphanumeric(14), random.word(.latin).capitalized + " " + random.word(.english).capitalized) }
    }()

    static func stripeCharge(_ index: Int, _ random: inout WorldRandom) -> JSONNode {
        let charge = JSONNode(parsing: RecordedExcerpt.stripeCharge)
        let id = "ch_" + random.alphanumeric(24)
        let amount = random.int(50...250_000)
        let refunded = random.chance(20)
        let customer = random.chance(60) ? random.pick(customers) : nil
        let created = 1_700_000_000 - index * 97
        let refunds: [JSONNode] = refunded ? [
            JSONNode(parsing: RecordedExcerpt.stripeRefund).varied(
                strings: [(charge.member("id").text, id)],
                members: ["id": .string("re_" + random.alphanumeric(24)), "amount": .integer(amount), "created": .integer(created + random.int(60...900_000))]
            ),
        ] : []
        let receipt = charge.member("receipt_url").text
        return charge.varied(
            strings: [
                (charge.member("id").text, id),
                (String(receipt.split(separator: "/").last!), random.alphanumeric(112)),
            ],
            members: [
                "amount": .integer(amount),
                "amount_captured": .integer(amount),
                "amount_refunded": .integer(refunded ? amount : 0),
                "balance_transaction": .string("txn_" + random.alphanumeric(24)),
                "captured": true,
                "created": .integer(created),
                "customer": .stringOrNull(customer?.id),
                "description": .string("Order #\(40_000 + index)"),
                "metadata": ["order_id": .string("\(40_000 + index)")],
                "payment_intent": .string("pi_" + random.alphanumeric(24)),
                "payment_method": .string("pm_" + random.alphanumeric(24)),
                "refunded": .bool(refunded),
            ],
            nested: ["name": .stringOrNull(customer?.name), "fingerprint": .string(random.alphanumeric(16)), "last4": .string(String(random.int(1_000...9_999))), "data": .array(refunds)]
        )
    }

    static func stripeCustomer(_ index: Int, _ random: inout WorldRandom) -> JSONNode {
        let customer = JSONNode(parsing: RecordedExcerpt.stripeCustomer)
        let name = random.word(.latin).capitalized + " " + random.word(.english).capitalized
        return customer.varied(members: [
            "balance": .integer(random.chance(80) ? 0 : random.int(-5_000...5_000)),
            "created": .integer(1_700_000_000 - index * 311),
            "email": .string("\(name.lowercased().replacingOccurrences(of: " ", with: "."))\(index)@example.com"),
            "id": .string("cus_" + random.alphanumeric(14)),
            "invoice_prefix": .string(random.hex(7).uppercased()),
            "metadata": random.chance(50) ? ["crm_id": .string(random.alphanumeric(10))] : [:],
            "name": .string(name),
            "next_invoice_sequence": .integer(random.int(1...40)),
        ])
    }

    static func stripePaymentIntent(_ index: Int, _ random: inout WorldRandom) -> JSONNode {
        let intent = JSONNode(parsing: RecordedExcerpt.stripePaymentIntent)
        let id = "pi_" + random.alphanumeric(24)
        let created = 1_700_000_000 - index * 173
        let canceled = random.chance(10)
        let status = canceled ? "canceled" : random.pick(["succeeded", "succeeded", "requires_payment_method", "processing"])
        return intent.varied(
            strings: [(intent.member("id").text, id), (String(intent.member("client_secret").text.split(separator: "_").last!), random.alphanumeric(25))],
            members: [
                "amount": .integer(random.int(50...250_000)),
                "canceled_at": canceled ? .integer(created + random.int(60...90_000)) : .null,
                "cancellation_reason": canceled ? "abandoned" : .null,
                "created": .integer(created),
                "customer": random.chance(60) ? .string(random.pick(customers).id) : .null,
                "latest_charge": status == "succeeded" ? .string("ch_" + random.alphanumeric(24)) : .null,
                "metadata": ["order_id": .string("\(60_000 + index)")],
                "status": .string(status),
            ]
        )
    }
}

extension JSONNode {
    /// A copy with `strings` replaced in every string value, the members of this object named in
    /// `members` replaced, and members at any depth below named in `nested` replaced.
    func varied(strings: [(String, String)] = [], members: [String: JSONNode] = [:], nested: [String: JSONNode] = [:]) -> JSONNode {
        switch self {
        case .string(let text, let escapesNonASCII):
            return .string(strings.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }, escapesNonASCII: escapesNonASCII)
        case .array(let elements):
            return .array(elements.map { $0.varied(strings: strings, nested: nested) })
        case .object(let pairs):
            return .object(pairs.map { pair in
                if let value = members[pair.key] ?? nested[pair.key] {
                    return (pair.key, value)
                }
                return (pair.key, pair.value.varied(strings: strings, nested: nested))
            })
        default:
            return self
        }
    }

    func member(_ key: String) -> JSONNode {
        guard case .object(let pairs) = self, let pair = pairs.first(where: { $0.key == key }) else {
            preconditionFailure("a recorded object has no member \(key)")
        }
        return pair.value
    }

    var elements: [JSONNode] {
        guard case .array(let elements) = self else { preconditionFailure("a recorded value is not an array") }
        return elements
    }

    var text: String {
        guard case .string(let text, _) = self else { preconditionFailure("a recorded value is not a string") }
        return text
    }

    var integer: Int {
        guard case .integer(let value) = self else { preconditionFailure("a recorded value is not an integer") }
        return value
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
