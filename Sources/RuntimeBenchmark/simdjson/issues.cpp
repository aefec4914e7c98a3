// issues: Issues.value's and IssueState.adtValue's models in C++, dates as seconds since 1970.
#include "shapes.h"

namespace world {
namespace {

enum class IssueState { open, closed };

struct IssueUser {
    std::string login;
    int64_t id = 0;
    std::string avatar_url, html_url, type;
    bool site_admin = false;
};

struct IssueLabel {
    int64_t id = 0;
    std::string name, color;
    bool is_default = false;
    std::optional<std::string> description;
};

struct Milestone {
    int64_t id = 0, number = 0;
    std::string title;
    IssueState state = IssueState::open;
    int64_t open_issues = 0, closed_issues = 0;
    std::optional<int64_t> due_on;
};

struct Reactions {
    int64_t total_count = 0, plus_one = 0, minus_one = 0, heart = 0;
};

struct PullRequestLink {
    std::string url;
    std::optional<int64_t> merged_at;
};

struct Issue {
    int64_t id = 0;
    std::string html_url;
    int64_t number = 0;
    std::string title;
    IssueUser user;
    std::vector<IssueLabel> labels;
    IssueState state = IssueState::open;
    bool locked = false;
    std::optional<IssueUser> assignee;
    std::optional<Milestone> milestone;
    int64_t comments = 0, created_at = 0, updated_at = 0;
    std::optional<int64_t> closed_at;
    std::string author_association;
    std::optional<std::string> body;
    Reactions reactions;
    std::optional<PullRequestLink> pull_request;
};

// An enumeration's case is not counted (ModelChecksum.swift counts payloads only).
void checksum_fields(Checksum&, const IssueState&) {}
void checksum_fields(Checksum& c, const IssueUser& u) { c.all(u.login, u.id, u.avatar_url, u.html_url, u.type, u.site_admin); }
void checksum_fields(Checksum& c, const IssueLabel& l) { c.all(l.id, l.name, l.color, l.is_default, l.description); }
void checksum_fields(Checksum& c, const Milestone& m) {
    c.all(m.id, m.number, m.title, m.state, m.open_issues, m.closed_issues, m.due_on);
}
void checksum_fields(Checksum& c, const Reactions& r) { c.all(r.total_count, r.plus_one, r.minus_one, r.heart); }
void checksum_fields(Checksum& c, const PullRequestLink& p) { c.all(p.url, p.merged_at); }
void checksum_fields(Checksum& c, const Issue& i) {
    c.all(i.id, i.html_url, i.number, i.title, i.user, i.labels, i.state, i.locked, i.assignee, i.milestone, i.comments,
          i.created_at, i.updated_at, i.closed_at, i.author_association, i.body, i.reactions, i.pull_request);
}

IssueState read_state(value v) {
    std::string_view state = v.get_string();
    if (state == "open") return IssueState::open;
    if (state == "closed") return IssueState::closed;
    throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
}

IssueUser read_user(value v) {
    IssueUser u;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "login") u.login = read_string(field);
        else if (key == "id") u.id = read_int(field);
        else if (key == "avatar_url") u.avatar_url = read_string(field);
        else if (key == "html_url") u.html_url = read_string(field);
        else if (key == "type") u.type = read_string(field);
        else if (key == "site_admin") u.site_admin = read_bool(field);
    });
    return u;
}

IssueLabel read_label(value v) {
    IssueLabel l;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "id") l.id = read_int(field);
        else if (key == "name") l.name = read_string(field);
        else if (key == "color") l.color = read_string(field);
        else if (key == "default") l.is_default = read_bool(field);
        else if (key == "description") l.description = read_optional(field, read_string);
    });
    return l;
}

Milestone read_milestone(value v) {
    Milestone m;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "id") m.id = read_int(field);
        else if (key == "number") m.number = read_int(field);
        else if (key == "title") m.title = read_string(field);
        else if (key == "state") m.state = read_state(field);
        else if (key == "open_issues") m.open_issues = read_int(field);
        else if (key == "closed_issues") m.closed_issues = read_int(field);
        else if (key == "due_on") m.due_on = read_optional(field, read_iso8601);
    });
    return m;
}

Reactions read_reactions(value v) {
    Reactions r;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "total_count") r.total_count = read_int(field);
        else if (key == "+1") r.plus_one = read_int(field);
        else if (key == "-1") r.minus_one = read_int(field);
        else if (key == "heart") r.heart = read_int(field);
    });
    return r;
}

PullRequestLink read_pull_request(value v) {
    PullRequestLink p;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "url") p.url = read_string(field);
        else if (key == "merged_at") p.merged_at = read_optional(field, read_iso8601);
    });
    return p;
}

Issue read_issue(value v) {
    Issue i;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "id") i.id = read_int(field);
        else if (key == "html_url") i.html_url = read_string(field);
        else if (key == "number") i.number = read_int(field);
        else if (key == "title") i.title = read_string(field);
        else if (key == "user") i.user = read_user(field);
        else if (key == "labels") i.labels = read_array(field, read_label);
        else if (key == "state") i.state = read_state(field);
        else if (key == "locked") i.locked = read_bool(field);
        else if (key == "assignee") i.assignee = read_optional(field, read_user);
        else if (key == "milestone") i.milestone = read_optional(field, read_milestone);
        else if (key == "comments") i.comments = read_int(field);
        else if (key == "created_at") i.created_at = read_iso8601(field);
        else if (key == "updated_at") i.updated_at = read_iso8601(field);
        else if (key == "closed_at") i.closed_at = read_optional(field, read_iso8601);
        else if (key == "author_association") i.author_association = read_string(field);
        else if (key == "body") i.body = read_optional(field, read_string);
        else if (key == "reactions") i.reactions = read_reactions(field);
        else if (key == "pull_request") i.pull_request = read_optional(field, read_pull_request);
    });
    return i;
}

}  // namespace

int read_issues(const simdjson::padded_string& json, int rounds) {
    return measure(json, rounds, [](simdjson::ondemand::document& document) {
        std::vector<Issue> issues;
        for (value element : array(document.get_array())) issues.push_back(read_issue(element));
        return issues;
    });
}

}  // namespace world
