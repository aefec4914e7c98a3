// catalog: Catalog.value's models in C++, the maps keyed by numeric strings read into maps
// keyed by int64_t, as the Swift model reads them into dictionaries keyed by Int and Int64.
#include "shapes.h"

namespace world {
namespace {

struct CatalogEvent {
    std::optional<std::string> description;
    int64_t id = 0;
    std::optional<std::string> logo;
    std::string name;
    std::vector<int64_t> sub_topic_ids;
    std::optional<std::string> subtitle;
    std::vector<int64_t> topic_ids;
};

struct Price {
    int64_t amount = 0, audience_sub_category_id = 0, seat_category_id = 0;
};

struct SeatArea {
    int64_t area_id = 0;
    std::vector<int64_t> block_ids;
};

struct SeatCategory {
    std::vector<SeatArea> areas;
    int64_t seat_category_id = 0;
};

struct Performance {
    int64_t event_id = 0, id = 0;
    std::optional<std::string> logo, name;
    std::vector<Price> prices;
    std::vector<SeatCategory> seat_categories;
    int64_t start = 0;
    std::string venue_code;
};

using Names = std::unordered_map<int64_t, std::string>;

struct Catalog {
    Names area_names, audience_sub_category_names;
    std::unordered_map<int64_t, CatalogEvent> events;
    std::vector<Performance> performances;
    Names seat_category_names, sub_topic_names, topic_names;
    std::unordered_map<int64_t, std::vector<int64_t>> topic_sub_topics;
    std::unordered_map<std::string, std::string> venue_names;
};

void checksum_fields(Checksum& c, const CatalogEvent& e) {
    c.all(e.description, e.id, e.logo, e.name, e.sub_topic_ids, e.subtitle, e.topic_ids);
}
void checksum_fields(Checksum& c, const Price& p) { c.all(p.amount, p.audience_sub_category_id, p.seat_category_id); }
void checksum_fields(Checksum& c, const SeatArea& a) { c.all(a.area_id, a.block_ids); }
void checksum_fields(Checksum& c, const SeatCategory& s) { c.all(s.areas, s.seat_category_id); }
void checksum_fields(Checksum& c, const Performance& p) {
    c.all(p.event_id, p.id, p.logo, p.name, p.prices, p.seat_categories, p.start, p.venue_code);
}
void checksum_fields(Checksum& c, const Catalog& k) {
    c.all(k.area_names, k.audience_sub_category_names, k.events, k.performances, k.seat_category_names,
          k.sub_topic_names, k.topic_names, k.topic_sub_topics, k.venue_names);
}

CatalogEvent read_event(value v) {
    CatalogEvent e;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "description") e.description = read_optional(field, read_string);
        else if (key == "id") e.id = read_int(field);
        else if (key == "logo") e.logo = read_optional(field, read_string);
        else if (key == "name") e.name = read_string(field);
        else if (key == "subTopicIds") e.sub_topic_ids = read_ints(field);
        else if (key == "subtitle") e.subtitle = read_optional(field, read_string);
        else if (key == "topicIds") e.topic_ids = read_ints(field);
    });
    return e;
}

Price read_price(value v) {
    Price p;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "amount") p.amount = read_int(field);
        else if (key == "audienceSubCategoryId") p.audience_sub_category_id = read_int(field);
        else if (key == "seatCategoryId") p.seat_category_id = read_int(field);
    });
    return p;
}

SeatArea read_area(value v) {
    SeatArea a;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "areaId") a.area_id = read_int(field);
        else if (key == "blockIds") a.block_ids = read_ints(field);
    });
    return a;
}

SeatCategory read_seat_category(value v) {
    SeatCategory s;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "areas") s.areas = read_array(field, read_area);
        else if (key == "seatCategoryId") s.seat_category_id = read_int(field);
    });
    return s;
}

Performance read_performance(value v) {
    Performance p;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "eventId") p.event_id = read_int(field);
        else if (key == "id") p.id = read_int(field);
        else if (key == "logo") p.logo = read_optional(field, read_string);
        else if (key == "name") p.name = read_optional(field, read_string);
        else if (key == "prices") p.prices = read_array(field, read_price);
        else if (key == "seatCategories") p.seat_categories = read_array(field, read_seat_category);
        else if (key == "start") p.start = read_int(field);
        else if (key == "venueCode") p.venue_code = read_string(field);
    });
    return p;
}

}  // namespace

int read_catalog(const simdjson::padded_string& json, int rounds) {
    return measure(json, rounds, [](simdjson::ondemand::document& document) {
        Catalog k;
        read_object(object(document.get_object()), [&](std::string_view key, value field) {
            if (key == "areaNames") k.area_names = read_map(field, read_string, integer_key);
            else if (key == "audienceSubCategoryNames") k.audience_sub_category_names = read_map(field, read_string, integer_key);
            else if (key == "events") k.events = read_map(field, read_event, integer_key);
            else if (key == "performances") k.performances = read_array(field, read_performance);
            else if (key == "seatCategoryNames") k.seat_category_names = read_map(field, read_string, integer_key);
            else if (key == "subTopicNames") k.sub_topic_names = read_map(field, read_string, integer_key);
            else if (key == "topicNames") k.topic_names = read_map(field, read_string, integer_key);
            else if (key == "topicSubTopics") k.topic_sub_topics = read_map(field, read_ints, integer_key);
            else if (key == "venueNames") k.venue_names = read_map(field, read_string);
        });
        return k;
    });
}

}  // namespace world
