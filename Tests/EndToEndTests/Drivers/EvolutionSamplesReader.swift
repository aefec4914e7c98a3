// The reader's half of EvolutionCompileTests' saved files: each file loaded by the new
// SContact, which inserted, reordered, removed and retyped attributes. Every file must read as
// the sample says or fail with an error that names the retyped attribute; prints the counts.
import Foundation
import ValuegenRuntime

func loadSamples(count: Int, from folder: URL) {
    for format in PersistenceFormat.allCases {
        var right = 0
        var errors = 0
        var wrong = 0
        var firstError = ""
        for index in 0..<count {
            let sample = EvolutionSample(index)
            let expected = SContact(
                name: sample.name, id: sample.id, createdAt: sample.createdAt, email: sample.email,
                age: nil, tags: Set(sample.tags), score: sample.score,
                address: sample.address.map { SAddress(city: $0.city, street: $0.street, zip: $0.zip) })
            do {
                let contact = try SContact.load(from: folder.appendingPathComponent("\(index).\(format.rawValue)"))
                if contact == expected && sample.age == nil {
                    right += 1
                } else {
                    wrong += 1
                    print("sample \(index) \(format.rawValue) misreads: \(contact), expected \(expected)")
                }
            } catch {
                let text = String(describing: error)
                if sample.age != nil && text.contains("age") {
                    errors += 1
                    if firstError.isEmpty { firstError = text }
                } else {
                    wrong += 1
                    print("sample \(index) \(format.rawValue) fails: \(text)")
                }
            }
        }
        print("samples \(format.rawValue) right \(right) errors \(errors) wrong \(wrong) first-error \(firstError.replacingOccurrences(of: "\n", with: " "))")
    }
}
