// tweets: Tweets.value's models (TweetSearch, Tweet, TwitterUser, …) in C++.
#include "shapes.h"

namespace world {
namespace {

struct TwitterUser {
    int64_t id = 0;
    std::string id_str, name, screen_name, location, description;
    std::optional<std::string> url;
    int64_t followers_count = 0, friends_count = 0;
    std::string created_at;
    bool verified = false;
    int64_t statuses_count = 0;
    std::string profile_image_url_https;
};

struct Hashtag {
    std::string text;
    std::vector<int64_t> indices;
};

struct TweetURL {
    std::string url, expanded_url, display_url;
    std::vector<int64_t> indices;
};

struct UserMention {
    std::string screen_name, name;
    int64_t id = 0;
    std::string id_str;
    std::vector<int64_t> indices;
};

struct TweetEntities {
    std::vector<Hashtag> hashtags;
    std::vector<TweetURL> urls;
    std::vector<UserMention> user_mentions;
};

/// What a status holds besides the status it retweets.
struct TweetFields {
    std::string created_at;
    int64_t id = 0;
    std::string id_str, text, source;
    bool truncated = false;
    std::optional<int64_t> in_reply_to_status_id;
    std::optional<std::string> in_reply_to_screen_name;
    TwitterUser user;
    TweetEntities entities;
    int64_t retweet_count = 0, favorite_count = 0;
    bool favorited = false, retweeted = false;
    std::string lang;
};

/// A status, which holds the status it retweets as Tweets.value's `Tweet` does (`retweetedStatus:
/// Tweet?`, with indirect storage): a retweeted status's own `retweeted_status` counts as a nil.
struct Tweet {
    TweetFields fields;
    std::unique_ptr<Tweet> retweeted_status;
};

struct SearchMetadata {
    double completed_in = 0;
    int64_t max_id = 0;
    std::string max_id_str, next_results, query;
    int64_t count = 0, since_id = 0;
};

struct TweetSearch {
    std::vector<Tweet> statuses;
    SearchMetadata search_metadata;
};

void checksum_fields(Checksum& c, const TwitterUser& u) {
    c.all(u.id, u.id_str, u.name, u.screen_name, u.location, u.description, u.url, u.followers_count,
          u.friends_count, u.created_at, u.verified, u.statuses_count, u.profile_image_url_https);
}
void checksum_fields(Checksum& c, const Hashtag& h) { c.all(h.text, h.indices); }
void checksum_fields(Checksum& c, const TweetURL& u) { c.all(u.url, u.expanded_url, u.display_url, u.indices); }
void checksum_fields(Checksum& c, const UserMention& m) { c.all(m.screen_name, m.name, m.id, m.id_str, m.indices); }
void checksum_fields(Checksum& c, const TweetEntities& e) { c.all(e.hashtags, e.urls, e.user_mentions); }
void checksum_fields(Checksum& c, const TweetFields& t) {
    c.all(t.created_at, t.id, t.id_str, t.text, t.source, t.truncated, t.in_reply_to_status_id, t.in_reply_to_screen_name,
          t.user, t.entities, t.retweet_count, t.favorite_count, t.favorited, t.retweeted, t.lang);
}
void checksum_fields(Checksum& c, const Tweet& t) { c.all(t.fields, t.retweeted_status); }
void checksum_fields(Checksum& c, const SearchMetadata& m) {
    c.all(m.completed_in, m.max_id, m.max_id_str, m.next_results, m.query, m.count, m.since_id);
}
void checksum_fields(Checksum& c, const TweetSearch& s) { c.all(s.statuses, s.search_metadata); }

TwitterUser read_user(value v) {
    TwitterUser u;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "id") u.id = read_int(field);
        else if (key == "id_str") u.id_str = read_string(field);
        else if (key == "name") u.name = read_string(field);
        else if (key == "screen_name") u.screen_name = read_string(field);
        else if (key == "location") u.location = read_string(field);
        else if (key == "description") u.description = read_string(field);
        else if (key == "url") u.url = read_optional(field, read_string);
        else if (key == "followers_count") u.followers_count = read_int(field);
        else if (key == "friends_count") u.friends_count = read_int(field);
        else if (key == "created_at") u.created_at = read_string(field);
        else if (key == "verified") u.verified = read_bool(field);
        else if (key == "statuses_count") u.statuses_count = read_int(field);
        else if (key == "profile_image_url_https") u.profile_image_url_https = read_string(field);
    });
    return u;
}

TweetEntities read_entities(value v) {
    TweetEntities e;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "hashtags") {
            e.hashtags = read_array(field, [](value h) {
                Hashtag tag;
                read_object(h, [&](std::string_view key, value field) {
                    if (key == "text") tag.text = read_string(field);
                    else if (key == "indices") tag.indices = read_ints(field);
                });
                return tag;
            });
        } else if (key == "urls") {
            e.urls = read_array(field, [](value u) {
                TweetURL url;
                read_object(u, [&](std::string_view key, value field) {
                    if (key == "url") url.url = read_string(field);
                    else if (key == "expanded_url") url.expanded_url = read_string(field);
                    else if (key == "display_url") url.display_url = read_string(field);
                    else if (key == "indices") url.indices = read_ints(field);
                });
                return url;
            });
        } else if (key == "user_mentions") {
            e.user_mentions = read_array(field, [](value m) {
                UserMention mention;
                read_object(m, [&](std::string_view key, value field) {
                    if (key == "screen_name") mention.screen_name = read_string(field);
                    else if (key == "name") mention.name = read_string(field);
                    else if (key == "id") mention.id = read_int(field);
                    else if (key == "id_str") mention.id_str = read_string(field);
                    else if (key == "indices") mention.indices = read_ints(field);
                });
                return mention;
            });
        }
    });
    return e;
}

/// One of TweetFields' members; false for a key it does not hold.
bool read_tweet_field(TweetFields& t, std::string_view key, value field) {
    if (key == "created_at") t.created_at = read_string(field);
    else if (key == "id") t.id = read_int(field);
    else if (key == "id_str") t.id_str = read_string(field);
    else if (key == "text") t.text = read_string(field);
    else if (key == "source") t.source = read_string(field);
    else if (key == "truncated") t.truncated = read_bool(field);
    else if (key == "in_reply_to_status_id") t.in_reply_to_status_id = read_optional(field, read_int);
    else if (key == "in_reply_to_screen_name") t.in_reply_to_screen_name = read_optional(field, read_string);
    else if (key == "user") t.user = read_user(field);
    else if (key == "entities") t.entities = read_entities(field);
    else if (key == "retweet_count") t.retweet_count = read_int(field);
    else if (key == "favorite_count") t.favorite_count = read_int(field);
    else if (key == "favorited") t.favorited = read_bool(field);
    else if (key == "retweeted") t.retweeted = read_bool(field);
    else if (key == "lang") t.lang = read_string(field);
    else return false;
    return true;
}

Tweet read_tweet(value v) {
    Tweet t;
    read_object(v, [&](std::string_view key, value field) {
        if (!read_tweet_field(t.fields, key, field) && key == "retweeted_status" && !bool(field.is_null())) {
            t.retweeted_status = std::make_unique<Tweet>(read_tweet(field));
        }
    });
    return t;
}

SearchMetadata read_metadata(value v) {
    SearchMetadata m;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "completed_in") m.completed_in = read_double(field);
        else if (key == "max_id") m.max_id = read_int(field);
        else if (key == "max_id_str") m.max_id_str = read_string(field);
        else if (key == "next_results") m.next_results = read_string(field);
        else if (key == "query") m.query = read_string(field);
        else if (key == "count") m.count = read_int(field);
        else if (key == "since_id") m.since_id = read_int(field);
    });
    return m;
}

}  // namespace

int read_tweets(const simdjson::padded_string& json, int rounds) {
    return measure(json, rounds, [](simdjson::ondemand::document& document) {
        TweetSearch search;
        read_object(object(document.get_object()), [&](std::string_view key, value field) {
            if (key == "statuses") search.statuses = read_array(field, read_tweet);
            else if (key == "search_metadata") search.search_metadata = read_metadata(field);
        });
        return search;
    });
}

}  // namespace world
