// Compiled with the Swift generated from the schemas `valuegen import openapi` writes for
// Fixtures/Import/Petstore/openapi.json (as main.swift) and DriverChecks.swift, then run: the
// imported models read the JSON the document describes, and write it back.
import Foundation
import ValuegenRuntime

func read<T: JSONCodable>(_ type: T.Type, _ json: String) throws -> T {
    try T(jsonData: Data(json.utf8))
}

section("a pet: required, optional and null members, formats, maps, a reserved name") {
    let pet = try read(Pet.self, #"{"id": 7, "name": "Rex", "status": "pending_review", "photo_urls": ["https://example.com/rex.png"], "born_on": "2020-02-29", "created_at": "2024-05-01T12:00:00Z", "owner": null, "tags": {"color": "brown"}, "metadata": {"a": [1, {"b": null}]}, "default": true, "category": {"id": 3, "label": "dogs"}}"#)
    check(pet.id == 7 && pet.name == "Rex" && pet.status == .pendingReview, "\(pet)")
    check(pet.photoUrls == [URL(string: "https://example.com/rex.png")!], "\(pet.photoUrls)")
    check(pet.bornOn == Date(timeIntervalSince1970: 1_582_934_400), "\(pet.bornOn)")
    check(pet.createdAt == Date(timeIntervalSince1970: 1_714_564_800), "\(String(describing: pet.createdAt))")
    check(pet.owner == nil && pet.weight == nil && pet.defaultValue == true, "\(pet)")
    check(pet.tags == ["color": "brown"] && pet.category == PetCategory(id: 3, label: "dogs"), "\(pet)")
    check(try Pet(jsonData: pet.jsonData()) == pet, "a pet reads back what it writes")
    let written = String(decoding: pet.jsonData(), as: UTF8.self)
    check(written.contains(#""born_on":"2020-02-29""#) && written.contains(#""default":true"#) && written.contains(#""metadata":{"a":[1,{"b":null}]}"#), written)
}

section("a required member that is missing is an error; an absent optional is nil") {
    check((try? read(Pet.self, #"{"id": 7, "photo_urls": [], "born_on": "2020-02-29", "owner": "ann"}"#)) == nil, "name is required")
    let pet = try read(Pet.self, #"{"id": 7, "name": "Rex", "photo_urls": [], "born_on": "2020-02-29", "owner": "ann"}"#)
    check(pet.status == nil && pet.owner == "ann" && pet.tags == nil, "\(pet)")
}

section("an enumeration value added to the API later is kept") {
    let pet = try read(Pet.self, #"{"id": 1, "name": "Tom", "status": "quarantined", "photo_urls": [], "born_on": "2021-01-01", "owner": null}"#)
    guard case .unknown(let unknown)? = pet.status else {
        check(false, "\(String(describing: pet.status))")
        return
    }
    check(unknown.tag == "quarantined", "\(unknown)")
    check(String(decoding: pet.jsonData(), as: UTF8.self).contains(#""status":"quarantined""#), "written back")
    check(try read(PetStatus.self, #""3d_scanned""#) == .value3dScanned, "a value that does not start with a letter")
}

section("a discriminated union, an untagged one, allOf and unix time") {
    let order = try read(Order.self, #"{"orderId": "o1", "placedAt": 1714564800, "total": 12, "payment": {"type": "bank_transfer", "iban": "DE89"}}"#)
    check(order.orderId == "o1" && order.placedAt == Date(timeIntervalSince1970: 1_714_564_800), "\(order)")
    check(order.total == .int(12), "\(order.total)")
    check(order.payment == .bankTransfer(BankPayment(iban: "DE89", bic: nil)), "\(String(describing: order.payment))")
    check(try read(Amount.self, #""12.50""#) == .string("12.50"), "the string case")
    check(try read(Payment.self, #"{"last4": "4242", "type": "card"}"#) == .card(CardPayment(last4: "4242")), "the tag after the payload")
    let unknown = try read(Payment.self, #"{"type": "crypto", "chain": "x"}"#)
    guard case .unknown(let kept) = unknown else {
        check(false, "\(unknown)")
        return
    }
    check(kept.tag == "crypto", "\(kept)")
    check(try Order(jsonData: order.jsonData()) == order, "an order reads back what it writes")
}

section("an expandable member: an id or the object") {
    let byId = try read(Customer.self, #"{"id": "c1", "favorite": "pet_7"}"#)
    check(byId.favorite == .id("pet_7"), "\(String(describing: byId.favorite))")
    let expanded = try read(Customer.self, #"{"id": "c1", "favorite": {"id": 7, "name": "Rex", "photo_urls": [], "born_on": "2020-02-29", "owner": null}}"#)
    guard case .pet(let pet)? = expanded.favorite else {
        check(false, "\(String(describing: expanded.favorite))")
        return
    }
    check(pet.name == "Rex", "\(pet)")
}

section("a value that holds itself") {
    let category = try read(Category.self, #"{"name": "dogs", "parent": {"name": "animals"}}"#)
    check(category.parent?.name == "animals" && category.parent?.parent == nil, "\(category)")
}

section("a value of several types reads each of them") {
    check(try read(Mixed.self, #"{"either": 3}"#).either == .int(3), "an integer")
    check(try read(Mixed.self, #"{"either": "three"}"#).either == .string("three"), "a string")
    check((try? read(Mixed.self, #"{"either": true}"#)) == nil, "a Boolean is neither")
    check(String(decoding: try read(Mixed.self, #"{"either": 3}"#).jsonData(), as: UTF8.self) == #"{"either":3}"#, "written back")
}

finishChecks()
