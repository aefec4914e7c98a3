import Foundation
import Models
import ValuegenRuntime

// Uses the code the prebuilt valuegen generated at build time and prints what it did.

let account = Account(accountId: 7, name: "ada", email: "ada@example.com", address: Address(street: "1 Main St", city: "Springfield"))
print("account: \(account)")
print("suspended: \(account.with(status: .suspended(reason: "unpaid")).status)")
let json = account.jsonBytes()
print("json: \(String(decoding: json, as: UTF8.self))")
print("read back equal: \(try Account(jsonBytes: json) == account)")
let invoice = Invoice(invoiceId: 1, accountId: 7, amountInCents: 1250)
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
print("invoice: \(String(decoding: try encoder.encode(invoice), as: UTF8.self))")
let draft = Draft()
draft.lineCount = 2
print("draft: \(draft)")
