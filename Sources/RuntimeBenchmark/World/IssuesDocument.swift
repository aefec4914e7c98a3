// issues: a public REST API's list of issues (GitHub's), re-serialized compactly with "\/"
// as Foundation's JSONSerialization writes it: about 130 keys an issue with the nested user,
// labels, milestone (and its creator), reactions and pull request, Markdown bodies with CRLF,
// ISO 8601 dates.

import Foundation

enum IssuesDocument {
    static let style = JSONStyle(layout: .compact, escapesSlashes: true)
    static let summary = "compact, \\/ in URLs, ~130 keys an issue, Markdown bodies with \\r\\n, ISO 8601 dates"
    static let api = "https://api.github.com"
    static let repository = "swiftlang/swift-foundation"

    /// About 4 MB at scale 1.
    static func document(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 2305)
        let users = (0..<60).map { _ in user(&random) }
        let labels = ["bug", "enhancement", "good first issue", "documentation", "performance", "Linux", "needs reproduction", "🚀 release"]
            .map { label(&random, name: $0) }
        let milestones = (1...6).map { number in
            let creator = random.pick(users)
            return milestone(&random, number: number, creator: creator)
        }
        let issues: [JSONNode] = (0..<max(1, Int(800 * scale))).map { index in
            issue(&random, number: 5000 - index, users: users, labels: labels, milestones: milestones)
        }
        return .array(issues)
    }

    static func date(_ random: inout WorldRandom) -> String {
        let parts = [random.int(1...12), random.int(1...28), random.int(0...23), random.int(0...59), random.int(0...59)]
            .map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(random.int(2015...2025))-\(parts[0])-\(parts[1])T\(parts[2]):\(parts[3]):\(parts[4])Z"
    }

    /// The 19 keys of a user, of which IssueUser reads 6.
    static func user(_ random: inout WorldRandom) -> JSONNode {
        let login = random.word(.english) + "-" + random.alphanumeric(random.int(3...9))
        let id = random.int(1_000...200_000_000)
        let url = "\(api)/users/\(login)"
        return [
            "login": .string(login),
            "id": .integer(id),
            "node_id": .string("MDQ6VXNlcj" + random.alphanumeric(10)),
            "avatar_url": .string("https://avatars.githubusercontent.com/u/\(id)?v=4"),
            "gravatar_id": "",
            "url": .string(url),
            "html_url": .string("https://github.com/" + login),
            "followers_url": .string(url + "/followers"),
            "following_url": .string(url + "/following{/other_user}"),
            "gists_url": .string(url + "/gists{/gist_id}"),
            "starred_url": .string(url + "/starred{/owner}{/repo}"),
            "subscriptions_url": .string(url + "/subscriptions"),
            "organizations_url": .string(url + "/orgs"),
            "repos_url": .string(url + "/repos"),
            "events_url": .string(url + "/events{/privacy}"),
            "received_events_url": .string(url + "/received_events"),
            "type": .string(random.chance(5) ? "Bot" : "User"),
            "user_view_type": "public",
            "site_admin": .bool(random.chance(2)),
        ]
    }

    static func label(_ random: inout WorldRandom, name: String) -> JSONNode {
        [
            "id": .integer(random.int(100_000_000...9_000_000_000)),
            "node_id": .string("LA_kwDO" + random.alphanumeric(18)),
            "url": .string("\(api)/repos/\(repository)/labels/\(name.replacingOccurrences(of: " ", with: "%20"))"),
            "name": .string(name),
            "color": .string(random.hex(6)),
            "default": .bool(random.chance(30)),
            "description": random.chance(70) ? .string(random.sentence(.english, words: random.int(3...9))) : .null,
        ]
    }

    static func milestone(_ random: inout WorldRandom, number: Int, creator: JSONNode) -> JSONNode {
        let url = "\(api)/repos/\(repository)/milestones/\(number)"
        let open = random.chance(60)
        return [
            "url": .string(url),
            "html_url": .string("https://github.com/\(repository)/milestone/\(number)"),
            "labels_url": .string(url + "/labels"),
            "id": .integer(random.int(1_000_000...12_000_000)),
            "node_id": .string("MI_kwDO" + random.alphanumeric(16)),
            "number": .integer(number),
            "title": .string("\(random.int(5...6)).\(random.int(0...3))"),
            "description": .string(random.sentence(.english, words: random.int(4...12))),
            "creator": creator,
            "open_issues": .integer(random.int(0...200)),
            "closed_issues": .integer(random.int(0...900)),
            "state": .string(open ? "open" : "closed"),
            "created_at": .string(date(&random)),
            "updated_at": .string(date(&random)),
            "due_on": random.chance(50) ? .string(date(&random)) : .null,
            "closed_at": open ? .null : .string(date(&random)),
        ]
    }

    static func issue(_ random: inout WorldRandom, number: Int, users: [JSONNode], labels: [JSONNode], milestones: [JSONNode]) -> JSONNode {
        let url = "\(api)/repos/\(repository)/issues/\(number)"
        let html = "https://github.com/\(repository)/issues/\(number)"
        let closed = random.chance(40)
        let assignees = (0..<random.int(0...2)).map { _ in random.pick(users) }
        var members: [(key: String, value: JSONNode)] = [
            ("url", .string(url)),
            ("repository_url", .string("\(api)/repos/\(repository)")),
            ("labels_url", .string(url + "/labels{/name}")),
            ("comments_url", .string(url + "/comments")),
            ("events_url", .string(url + "/events")),
            ("html_url", .string(html)),
            ("id", .integer(random.int(1_000_000_000...3_000_000_000))),
            ("node_id", .string("I_kwDO" + random.alphanumeric(20))),
            ("number", .integer(number)),
            ("title", .string(random.sentence(random.pick(Script.allCases), words: random.int(3...14)))),
            ("user", random.pick(users)),
            ("labels", .array((0..<random.int(0...3)).map { _ in random.pick(labels) })),
            ("state", .string(closed ? "closed" : "open")),
            ("locked", .bool(random.chance(3))),
            ("assignee", assignees.first ?? .null),
            ("assignees", .array(assignees)),
            ("milestone", random.chance(40) ? random.pick(milestones) : .null),
            ("comments", .integer(random.int(0...120))),
            ("created_at", .string(date(&random))),
            ("updated_at", .string(date(&random))),
            ("closed_at", closed ? .string(date(&random)) : .null),
            ("author_association", .string(random.pick(["NONE", "CONTRIBUTOR", "MEMBER", "COLLABORATOR"]))),
            ("type", .null),
            ("active_lock_reason", .null),
            ("sub_issues_summary", ["total": .integer(0), "completed": .integer(0), "percent_completed": .integer(0)]),
        ]
        if random.chance(35) {
            let pull = "\(api)/repos/\(repository)/pulls/\(number)"
            members.append(("draft", .bool(random.chance(20))))
            members.append(("pull_request", [
                "url": .string(pull),
                "html_url": .string("https://github.com/\(repository)/pull/\(number)"),
                "diff_url": .string("https://github.com/\(repository)/pull/\(number).diff"),
                "patch_url": .string("https://github.com/\(repository)/pull/\(number).patch"),
                "merged_at": closed && random.chance(80) ? .string(date(&random)) : .null,
            ]))
        }
        let reactions = (0..<8).map { _ in random.chance(70) ? 0 : random.int(1...40) }
        members += [
            ("body", random.chance(8) ? .null : .string(random.markdown(paragraphs: random.int(1...7)))),
            ("closed_by", closed ? random.pick(users) : .null),
            ("reactions", [
                "url": .string(url + "/reactions"),
                "total_count": .integer(reactions.reduce(0, +)),
                "+1": .integer(reactions[0]),
                "-1": .integer(reactions[1]),
                "laugh": .integer(reactions[2]),
                "hooray": .integer(reactions[3]),
                "confused": .integer(reactions[4]),
                "heart": .integer(reactions[5]),
                "rocket": .integer(reactions[6]),
                "eyes": .integer(reactions[7]),
            ]),
            ("timeline_url", .string(url + "/timeline")),
            ("performed_via_github_app", .null),
            ("state_reason", closed ? .string(random.pick(["completed", "not_planned"])) : .null),
        ]
        return .object(members)
    }
}
