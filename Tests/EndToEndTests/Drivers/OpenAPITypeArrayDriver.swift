// Compiled with the Swift generated from what `valuegen import openapi` writes for a document
// whose member is `type: [object, string, null]` with `properties` (OpenAPIImportCompileTests),
// then run: the member reads either an object or a string, and writes back what it read.
import Foundation
import ValuegenRuntime

func read<T: JSONCodable>(_ type: T.Type, _ json: String) throws -> T {
    try T(jsonData: Data(json.utf8))
}

section("type: [object, string, null] reads an object, a string or null") {
    let object = try read(Holder.self, #"{"limit": {"amount": 5, "currency": "EUR"}}"#)
    check(object.limit == .object(amount: 5, currency: "EUR"), "\(String(describing: object.limit))")
    let string = try read(Holder.self, #"{"limit": "gold"}"#)
    check(string.limit == .string("gold"), "\(String(describing: string.limit))")
    check(try read(Holder.self, #"{"limit": null}"#).limit == nil, "null")
    check((try? read(Holder.self, #"{"limit": 5}"#)) == nil, "a number is neither")
    check((try? read(Holder.self, #"{"limit": {"currency": "EUR"}}"#)) == nil, "the object's required member")
    for holder in [object, string] {
        check(try Holder(jsonData: holder.jsonData()) == holder, "\(holder) reads back what it writes")
    }
}

finishChecks()
