// Compiled with the Swift generated from the schemas `valuegen import openapi --constraints`
// writes for Fixtures/Import/OpenAPI30/openapi.json, an OpenAPI 3.0 document (as main.swift)
// and DriverChecks.swift, then run: 3.0's nullable, its Boolean exclusiveMinimum, a
// discriminator's mapping, allOf, additionalProperties, an enumeration and an expandable
// field read the JSON the document describes, and the constraints are checked.
import Foundation
import ValuegenRuntime

func read<T: JSONCodable>(_ type: T.Type, _ json: String) throws -> T {
    try T(jsonData: Data(json.utf8))
}

/// The message of the error reading `json` as a parcel, or nil when it reads.
func refusal(_ json: String) -> String? {
    do {
        _ = try read(Parcel.self, json)
        return nil
    } catch {
        return "\(error)"
    }
}

let parcel = #"{"tracking_code": "RR123456789CH", "created_at": "2024-05-01T12:00:00Z", "weight_grams": 1200, "insured_value": null, "destination": {"street": null, "country": "CH"}, "sender": "cus_1", "labels": {"fragile": "yes"}, "state": "in_transit", "handling": {"kind": "fragile", "max_tilt_degrees": 15}, "note": null}"#

/// The parcel with one member's value replaced.
func parcel(_ key: String, _ value: String) -> String {
    let start = parcel.range(of: "\"\(key)\": ")!
    let end = parcel[start.upperBound...].firstIndex { $0 == "," || $0 == "}" }!
    return parcel.replacingCharacters(in: start.upperBound..<end, with: value)
}

section("allOf merges Tracked's members; nullable members read null as nil") {
    let read = try read(Parcel.self, parcel)
    check(read.trackingCode == "RR123456789CH" && read.createdAt == Date(timeIntervalSince1970: 1_714_564_800), "\(read)")
    check(read.weightGrams == 1200 && read.insuredValue == nil && read.note == nil, "\(read)")
    check(read.destination == Address(street: nil, country: "CH"), "\(read.destination)")
    check(read.labels == ["fragile": "yes"] && read.state == .inTransit, "\(read)")
    check(try Parcel(jsonData: read.jsonData()) == read, "a parcel reads back what it writes")
}

section("an expandable field reads an id or the object") {
    check(try read(Parcel.self, parcel).sender == .id("cus_1"), "an id")
    let expanded = try read(Parcel.self, parcel("sender", #"{"id": "cus_1", "name": "Ann"}"#))
    check(expanded.sender == .customer(Customer(id: "cus_1", name: "Ann")), "\(expanded.sender)")
}

section("a discriminator's mapping names the cases, a bare component name too") {
    check(try read(Parcel.self, parcel).handling == .fragile(Fragile(maxTiltDegrees: 15)), "fragile")
    check(try read(Handling.self, #"{"kind": "standard"}"#) == .standard(Standard()), "standard")
    // The variant's members beside the tag: written back so, the tag first.
    check(String(decoding: Handling.fragile(Fragile(maxTiltDegrees: 15)).jsonData(), as: UTF8.self) == #"{"kind":"fragile","max_tilt_degrees":15}"#, "written flattened")
    guard case .unknown(let drone) = try read(Handling.self, #"{"kind": "drone", "height": 3}"#) else {
        check(false, "a tag the document does not name is the unknown case")
        return
    }
    check(String(decoding: Handling.unknown(drone).jsonData(), as: UTF8.self).contains(#""kind":"drone""#), "kept and written back")
}

section("an enumeration value added later is kept") {
    guard case .unknown(let returned)? = try read(Parcel.self, parcel("state", #""returned""#)).state else {
        check(false, "returned")
        return
    }
    check(returned.tag == "returned", "\(returned)")
}

section("a required member that is null or missing is an error") {
    check(refusal(parcel("destination", "null")) != nil, "destination is required and not nullable")
    check(refusal(#"{"tracking_code": "RR123456789CH"}"#) != nil, "created_at is required")
}

section("exclusiveMinimum: true excludes the bound; false keeps it") {
    let zero = refusal(parcel("weight_grams", "0"))
    check(zero?.contains("Parcel.weightGrams: 0 is below the minimum 1") == true, "\(String(describing: zero))")
    check(refusal(parcel("weight_grams", "1")) == nil, "1 gram")
    check(refusal(parcel("weight_grams", "30001"))?.contains("Parcel.weightGrams: 30001 is above the maximum 30000") == true, "too heavy")
    check(refusal(parcel("insured_value", "0")) == nil, "an insured value of 0")
    check(refusal(parcel("insured_value", "-1")) != nil, "a negative insured value")
}

section("patterns, lengths and the ranges of a tagged case's payload are checked") {
    let code = refusal(parcel("tracking_code", #""rr1""#))
    check(code?.contains("does not match the pattern") == true, "\(String(describing: code))")
    check(refusal(parcel("destination", #"{"country": "CHE"}"#))?.contains("Address.country: length 3 is above the maximum 2") == true, "a country of three letters")
    check(refusal(parcel("note", #""a note much longer than twenty characters""#)) != nil, "a long note")
    check(refusal(parcel("handling", #"{"kind": "fragile", "max_tilt_degrees": 91}"#)) != nil, "a tilt beyond 90 degrees")
}

finishChecks()
