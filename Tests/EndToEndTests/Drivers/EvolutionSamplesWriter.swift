// The writer's half of EvolutionCompileTests' saved files: the old SContact of each sample,
// in each Persistence format, with the bytes `save(to:format:)` writes (`encoded(as:)`), but
// without its flush to the disk, which would make 30,000 files take minutes.
import Foundation
import ValuegenRuntime

func saveSamples(count: Int, to folder: URL) throws {
    for index in 0..<count {
        let sample = EvolutionSample(index)
        let contact = SContact(
            id: sample.id, name: sample.name, email: sample.email, age: sample.age, tags: sample.tags,
            score: sample.score, notes: sample.notes,
            address: sample.address.map { SAddress(street: $0.street, city: $0.city, zip: $0.zip) },
            createdAt: sample.createdAt)
        for format in PersistenceFormat.allCases {
            try Data(contact.encoded(as: format)).write(to: folder.appendingPathComponent("\(index).\(format.rawValue)"))
        }
    }
}
