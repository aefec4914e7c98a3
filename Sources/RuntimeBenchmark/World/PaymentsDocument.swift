// payments: list pages of a payments API (Stripe's charges): 2-space indented, every object's
// keys in alphabetical order (so an internally tagged payment method's "type" comes after its
// payload), snake_case, many keys the model does not read, nulls, unix timestamps, amounts in
// cents, metadata maps, "\/" in URLs, and an expandable "customer": its id, or the whole
// customer object where the request expanded it.

enum PaymentsDocument {
    static let style = JSONStyle(layout: .indented(2), escapesSlashes: true, sortsKeys: true)
    static let summary = "2-space indented, keys sorted (the ADT's tag after its payload), many unread keys, \\/ in URLs, expandable customers"

    /// About 4 MB at scale 1.
    static func document(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 2304)
        let charges: [JSONNode] = (0..<max(1, Int(1300 * scale))).map { _ in charge(&random) }
        return ["object": "list", "data": .array(charges), "has_more": true, "url": "/v1/charges"]
    }

    static func charge(_ random: inout WorldRandom) -> JSONNode {
        let id = "ch_3" + random.alphanumeric(24)
        let amount = random.int(50...500_000)
        let status = random.pick(["succeeded", "succeeded", "succeeded", "pending", "failed"])
        let refunded = status == "succeeded" && random.chance(10) ? amount : 0
        let customer: String? = random.chance(70) ? "cus_" + random.alphanumeric(14) : nil
        let name: String? = random.chance(60) ? random.sentence(.latin, words: 2) : nil
        let email: String? = customer.map { _ in "\(random.word(.english))\(random.int(1...999))@example.com" }
        var metadata: [(key: String, value: JSONNode)] = []
        if random.chance(50) { metadata.append(("order_id", .string(String(random.int(1000...999_999))))) }
        if random.chance(20) { metadata.append(("note", .string(random.sentence(.latin, words: random.int(3...10))))) }
        return [
            "amount": .integer(amount),
            "amount_captured": .integer(status == "succeeded" ? amount : 0),
            "amount_refunded": .integer(refunded),
            "application": .null,
            "application_fee": .null,
            "application_fee_amount": .null,
            "balance_transaction": .string("txn_3" + random.alphanumeric(24)),
            "billing_details": [
                "address": [
                    "city": .stringOrNull(random.chance(60) ? random.pick(["Paris", "Zürich", "São Paulo", "Köln", "Seattle"]) : nil),
                    "country": .stringOrNull(random.chance(60) ? random.pick(["FR", "CH", "BR", "DE", "US"]) : nil),
                    "line1": .stringOrNull(random.chance(60) ? "\(random.int(1...200)) \(random.word(.latin)) Street" : nil),
                    "line2": .null,
                    "postal_code": .stringOrNull(random.chance(60) ? String(random.int(10000...99999)) : nil),
                    "state": .null,
                ],
                "email": .stringOrNull(email),
                "name": .stringOrNull(name),
                "phone": .null,
            ],
            "calculated_statement_descriptor": "VALUEGEN* SHOP",
            "captured": .bool(status == "succeeded"),
            "created": .integer(1_678_037_688 + random.int(0...30_000_000)),
            "currency": .string(random.pick(["usd", "eur", "chf", "brl"])),
            "customer": expandableCustomer(customer, email: email, name: name, &random),
            "description": .stringOrNull(random.chance(50) ? "Order of \(random.sentence(.latin, words: random.int(1...4)))" : nil),
            "destination": .null,
            "dispute": .null,
            "disputed": .bool(random.chance(2)),
            "failure_balance_transaction": .null,
            "failure_code": .stringOrNull(status == "failed" ? "card_declined" : nil),
            "failure_message": .stringOrNull(status == "failed" ? "Your card was declined." : nil),
            "fraud_details": [:],
            "id": .string(id),
            "invoice": .stringOrNull(random.chance(20) ? "in_" + random.alphanumeric(24) : nil),
            "livemode": .bool(true),
            "metadata": .object(metadata),
            "object": "charge",
            "on_behalf_of": .null,
            "outcome": status == "pending" ? .null : [
                "network_status": .string(status == "failed" ? "declined_by_network" : "approved_by_network"),
                "reason": .stringOrNull(status == "failed" ? "generic_decline" : nil),
                "risk_level": "normal",
                "risk_score": .integer(random.int(0...99)),
                "seller_message": .string(status == "failed" ? "The bank did not return any further details with this decline." : "Payment complete."),
                "type": .string(status == "failed" ? "issuer_declined" : "authorized"),
            ],
            "paid": .bool(status == "succeeded"),
            "payment_intent": .string("pi_3" + random.alphanumeric(24)),
            "payment_method": .string("pm_1" + random.alphanumeric(24)),
            "payment_method_details": paymentMethod(&random),
            "receipt_email": .null,
            "receipt_number": .null,
            "receipt_url": .string("https://pay.stripe.com/receipts/payment/" + random.alphanumeric(96)),
            "refunded": .bool(refunded > 0),
            "refunds": [
                "object": "list",
                "data": [],
                "has_more": false,
                "total_count": .integer(0),
                "url": .string("/v1/charges/\(id)/refunds"),
            ],
            "review": .null,
            "shipping": .null,
            "source_transfer": .null,
            "statement_descriptor": .null,
            "statement_descriptor_suffix": .null,
            "status": .string(status),
            "transfer_data": .null,
            "transfer_group": .null,
        ]
    }

    /// An expandable field: null for a charge without a customer, else the customer's id in
    /// seven of ten charges and the whole customer, with the keys Stripe writes for one, in the
    /// others (a page mixing requests that expanded "customer" and requests that did not).
    static func expandableCustomer(_ id: String?, email: String?, name: String?, _ random: inout WorldRandom) -> JSONNode {
        guard let id else { return .null }
        guard !random.chance(70) else { return .string(id) }
        return [
            "address": .null,
            "balance": .integer(random.chance(80) ? 0 : -random.int(1...50_000)),
            "created": .integer(1_600_000_000 + random.int(0...70_000_000)),
            "currency": .stringOrNull(random.chance(70) ? random.pick(["usd", "eur", "chf", "brl"]) : nil),
            "default_source": .null,
            "delinquent": .bool(random.chance(5)),
            "description": .null,
            "discount": .null,
            "email": .stringOrNull(email),
            "id": .string(id),
            "invoice_prefix": .string(random.characters(8, from: "ABCDEF0123456789")),
            "invoice_settings": ["custom_fields": .null, "default_payment_method": .null, "footer": .null, "rendering_options": .null],
            "livemode": true,
            "metadata": random.chance(30) ? ["crm_id": .string(String(random.int(10_000...99_999)))] : [:],
            "name": .stringOrNull(name),
            "next_invoice_sequence": .integer(random.int(1...40)),
            "object": "customer",
            "phone": .null,
            "preferred_locales": .strings(random.chance(40) ? [random.pick(["fr", "de", "en", "pt-BR"])] : []),
            "shipping": .null,
            "tax_exempt": "none",
            "test_clock": .null,
        ]
    }

    /// A card (most charges), a SEPA debit or a US bank account, with the keys Stripe writes
    /// for each; "type" comes after the payload once the keys are sorted.
    static func paymentMethod(_ random: inout WorldRandom) -> JSONNode {
        let fingerprint = random.alphanumeric(16)
        let last4 = String(random.int(1000...9999))
        switch random.int(0...9) {
        case 0:
            return [
                "bank_code": .string(String(random.int(10_000_000...99_999_999))),
                "branch_code": "",
                "country": .string(random.pick(["DE", "FR", "NL", "AT"])),
                "fingerprint": .string(fingerprint),
                "last4": .string(last4),
                "mandate": .string("mandate_1" + random.alphanumeric(24)),
                "type": "sepa_debit",
            ]
        case 1:
            return [
                "account_holder_type": .string(random.pick(["individual", "company"])),
                "account_type": "checking",
                "bank_name": .string(random.pick(["STRIPE TEST BANK", "CHASE", "WELLS FARGO"])),
                "fingerprint": .string(fingerprint),
                "last4": .string(last4),
                "payment_method": .string("pm_1" + random.alphanumeric(24)),
                "routing_number": .string(String(random.int(100_000_000...999_999_999))),
                "type": "us_bank_account",
            ]
        default:
            let brand = random.pick(["visa", "mastercard", "amex"])
            return [
                "amount_authorized": .integer(random.int(50...500_000)),
                "brand": .string(brand),
                "checks": [
                    "address_line1_check": .null,
                    "address_postal_code_check": .stringOrNull(random.chance(50) ? "pass" : nil),
                    "cvc_check": "pass",
                ],
                "country": .string(random.pick(["US", "FR", "DE", "CH", "BR"])),
                "exp_month": .integer(random.int(1...12)),
                "exp_year": .integer(random.int(2025...2032)),
                "extended_authorization": ["status": "disabled"],
                "fingerprint": .string(fingerprint),
                "funding": .string(random.pick(["credit", "debit", "prepaid"])),
                "installments": .null,
                "last4": .string(last4),
                "mandate": .null,
                "network": .string(brand),
                "network_token": ["used": false],
                "three_d_secure": .null,
                "type": "card",
                "wallet": .null,
            ]
        }
    }
}
