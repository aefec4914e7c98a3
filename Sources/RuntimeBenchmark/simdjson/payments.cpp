// payments: Payments.value's, PaymentMethodDetails.adtValue's and ExpandableCustomer.adtValue's
// models in C++. The payment method is internally tagged with "type" after its payload: its tag
// is found first. The customer is untagged: a string is its id, an object the whole customer.
#include "shapes.h"

#include <variant>

namespace world {
namespace {

struct PostalAddress {
    std::optional<std::string> city, country, line1, line2, postal_code, state;
};

struct BillingDetails {
    PostalAddress address;
    std::optional<std::string> email, name, phone;
};

struct ChargeOutcome {
    std::string network_status;
    std::optional<std::string> reason;
    std::string risk_level;
    int64_t risk_score = 0;
    std::string seller_message, type;
};

struct Card {
    std::string brand, country;
    int64_t exp_month = 0, exp_year = 0;
    std::string fingerprint, funding, last4, network;
};

struct SepaDebit {
    std::string bank_code, country, fingerprint, last4, mandate;
};

struct UsBankAccount {
    std::string account_holder_type, bank_name, fingerprint, last4, routing_number;
};

using PaymentMethodDetails = std::variant<Card, SepaDebit, UsBankAccount>;

struct Customer {
    int64_t balance = 0, created = 0;
    std::optional<std::string> currency;
    bool delinquent = false;
    std::optional<std::string> email;
    std::string id;
    std::unordered_map<std::string, std::string> metadata;
    std::optional<std::string> name;
    std::vector<std::string> preferred_locales;
};

/// The id alone, or the whole customer.
using ExpandableCustomer = std::variant<std::string, Customer>;

enum class ChargeStatus { succeeded, pending, failed };

struct Charge {
    int64_t amount = 0, amount_captured = 0, amount_refunded = 0;
    BillingDetails billing_details;
    bool captured = false;
    int64_t created = 0;
    std::string currency;
    std::optional<ExpandableCustomer> customer;
    std::optional<std::string> description;
    std::string id;
    bool livemode = false;
    std::unordered_map<std::string, std::string> metadata;
    std::optional<ChargeOutcome> outcome;
    bool paid = false;
    std::optional<std::string> payment_intent;
    PaymentMethodDetails payment_method_details;
    std::optional<std::string> receipt_url;
    bool refunded = false;
    ChargeStatus status = ChargeStatus::pending;
};

struct ChargeList {
    std::vector<Charge> data;
    bool has_more = false;
    std::string object, url;
};

void checksum_fields(Checksum& c, const PostalAddress& a) { c.all(a.city, a.country, a.line1, a.line2, a.postal_code, a.state); }
void checksum_fields(Checksum& c, const BillingDetails& b) { c.all(b.address, b.email, b.name, b.phone); }
void checksum_fields(Checksum& c, const ChargeOutcome& o) {
    c.all(o.network_status, o.reason, o.risk_level, o.risk_score, o.seller_message, o.type);
}
void checksum_fields(Checksum& c, const Card& d) {
    c.all(d.brand, d.country, d.exp_month, d.exp_year, d.fingerprint, d.funding, d.last4, d.network);
}
void checksum_fields(Checksum& c, const SepaDebit& d) { c.all(d.bank_code, d.country, d.fingerprint, d.last4, d.mandate); }
void checksum_fields(Checksum& c, const UsBankAccount& d) {
    c.all(d.account_holder_type, d.bank_name, d.fingerprint, d.last4, d.routing_number);
}
void checksum_fields(Checksum& c, const PaymentMethodDetails& d) {
    std::visit([&](const auto& details) { c.add(details); }, d);
}
void checksum_fields(Checksum& c, const Customer& u) {
    c.all(u.balance, u.created, u.currency, u.delinquent, u.email, u.id, u.metadata, u.name, u.preferred_locales);
}
void checksum_fields(Checksum& c, const ExpandableCustomer& e) {
    std::visit([&](const auto& customer) { c.add(customer); }, e);
}
// An enumeration's case is not counted (ModelChecksum.swift counts payloads only).
void checksum_fields(Checksum&, const ChargeStatus&) {}
void checksum_fields(Checksum& c, const Charge& h) {
    c.all(h.amount, h.amount_captured, h.amount_refunded, h.billing_details, h.captured, h.created, h.currency,
          h.customer, h.description, h.id, h.livemode, h.metadata, h.outcome, h.paid, h.payment_intent,
          h.payment_method_details, h.receipt_url, h.refunded, h.status);
}
void checksum_fields(Checksum& c, const ChargeList& l) { c.all(l.data, l.has_more, l.object, l.url); }

BillingDetails read_billing_details(value v) {
    BillingDetails b;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "address") {
            read_object(field, [&](std::string_view key, value field) {
                PostalAddress& a = b.address;
                if (key == "city") a.city = read_optional(field, read_string);
                else if (key == "country") a.country = read_optional(field, read_string);
                else if (key == "line1") a.line1 = read_optional(field, read_string);
                else if (key == "line2") a.line2 = read_optional(field, read_string);
                else if (key == "postal_code") a.postal_code = read_optional(field, read_string);
                else if (key == "state") a.state = read_optional(field, read_string);
            });
        } else if (key == "email") b.email = read_optional(field, read_string);
        else if (key == "name") b.name = read_optional(field, read_string);
        else if (key == "phone") b.phone = read_optional(field, read_string);
    });
    return b;
}

ChargeOutcome read_outcome(value v) {
    ChargeOutcome o;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "network_status") o.network_status = read_string(field);
        else if (key == "reason") o.reason = read_optional(field, read_string);
        else if (key == "risk_level") o.risk_level = read_string(field);
        else if (key == "risk_score") o.risk_score = read_int(field);
        else if (key == "seller_message") o.seller_message = read_string(field);
        else if (key == "type") o.type = read_string(field);
    });
    return o;
}

PaymentMethodDetails read_payment_method(value v) {
    object o = v.get_object();
    std::string_view tag = find_tag(o, "type");
    if (tag == "card") {
        Card d;
        read_object(o, [&](std::string_view key, value field) {
            if (key == "brand") d.brand = read_string(field);
            else if (key == "country") d.country = read_string(field);
            else if (key == "exp_month") d.exp_month = read_int(field);
            else if (key == "exp_year") d.exp_year = read_int(field);
            else if (key == "fingerprint") d.fingerprint = read_string(field);
            else if (key == "funding") d.funding = read_string(field);
            else if (key == "last4") d.last4 = read_string(field);
            else if (key == "network") d.network = read_string(field);
        });
        return d;
    }
    if (tag == "sepa_debit") {
        SepaDebit d;
        read_object(o, [&](std::string_view key, value field) {
            if (key == "bank_code") d.bank_code = read_string(field);
            else if (key == "country") d.country = read_string(field);
            else if (key == "fingerprint") d.fingerprint = read_string(field);
            else if (key == "last4") d.last4 = read_string(field);
            else if (key == "mandate") d.mandate = read_string(field);
        });
        return d;
    }
    if (tag == "us_bank_account") {
        UsBankAccount d;
        read_object(o, [&](std::string_view key, value field) {
            if (key == "account_holder_type") d.account_holder_type = read_string(field);
            else if (key == "bank_name") d.bank_name = read_string(field);
            else if (key == "fingerprint") d.fingerprint = read_string(field);
            else if (key == "last4") d.last4 = read_string(field);
            else if (key == "routing_number") d.routing_number = read_string(field);
        });
        return d;
    }
    throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
}

Customer read_customer(value v) {
    Customer u;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "balance") u.balance = read_int(field);
        else if (key == "created") u.created = read_int(field);
        else if (key == "currency") u.currency = read_optional(field, read_string);
        else if (key == "delinquent") u.delinquent = read_bool(field);
        else if (key == "email") u.email = read_optional(field, read_string);
        else if (key == "id") u.id = read_string(field);
        else if (key == "metadata") u.metadata = read_map(field, read_string);
        else if (key == "name") u.name = read_optional(field, read_string);
        else if (key == "preferred_locales") u.preferred_locales = read_array(field, read_string);
    });
    return u;
}

/// The first case that fits, as the generated decoder reads an untagged ADT: a string is the
/// id, an object the customer.
ExpandableCustomer read_expandable_customer(value v) {
    if (v.type() == simdjson::ondemand::json_type::string) return read_string(v);
    return read_customer(v);
}

ChargeStatus read_status(value v) {
    std::string_view status = v.get_string();
    if (status == "succeeded") return ChargeStatus::succeeded;
    if (status == "pending") return ChargeStatus::pending;
    if (status == "failed") return ChargeStatus::failed;
    throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
}

Charge read_charge(value v) {
    Charge h;
    read_object(v, [&](std::string_view key, value field) {
        if (key == "amount") h.amount = read_int(field);
        else if (key == "amount_captured") h.amount_captured = read_int(field);
        else if (key == "amount_refunded") h.amount_refunded = read_int(field);
        else if (key == "billing_details") h.billing_details = read_billing_details(field);
        else if (key == "captured") h.captured = read_bool(field);
        else if (key == "created") h.created = read_int(field);
        else if (key == "currency") h.currency = read_string(field);
        else if (key == "customer") h.customer = read_optional(field, read_expandable_customer);
        else if (key == "description") h.description = read_optional(field, read_string);
        else if (key == "id") h.id = read_string(field);
        else if (key == "livemode") h.livemode = read_bool(field);
        else if (key == "metadata") h.metadata = read_map(field, read_string);
        else if (key == "outcome") h.outcome = read_optional(field, read_outcome);
        else if (key == "paid") h.paid = read_bool(field);
        else if (key == "payment_intent") h.payment_intent = read_optional(field, read_string);
        else if (key == "payment_method_details") h.payment_method_details = read_payment_method(field);
        else if (key == "receipt_url") h.receipt_url = read_optional(field, read_string);
        else if (key == "refunded") h.refunded = read_bool(field);
        else if (key == "status") h.status = read_status(field);
    });
    return h;
}

}  // namespace

int read_payments(const simdjson::padded_string& json, int rounds) {
    return measure(json, rounds, [](simdjson::ondemand::document& document) {
        ChargeList list;
        read_object(object(document.get_object()), [&](std::string_view key, value field) {
            if (key == "data") list.data = read_array(field, read_charge);
            else if (key == "has_more") list.has_more = read_bool(field);
            else if (key == "object") list.object = read_string(field);
            else if (key == "url") list.url = read_string(field);
        });
        return list;
    });
}

}  // namespace world
