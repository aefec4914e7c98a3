// Invariants: decoding the benchmark's records with the rules of CheckedRecord.value, which the
// JSON and Binary decoders check by calling validate() on every record, against the same
// records and bytes without rules (Record).

import Foundation

enum InvariantBenchmark {
    static func run(records: [Record], runs: Int) throws {
        let checked = records.map(CheckedRecord.init)
        let json = records.jsonBytes()
        let binary = records.binaryBytes()
        // Without a rule the two types write the same bytes, so both decoders read the same input.
        guard checked.jsonBytes() == json, checked.binaryBytes() == binary else {
            print("error: CheckedRecord does not write the bytes Record writes")
            exit(1)
        }
        let plainJSON = Measurement(timing: { try [Record](jsonBytes: json) })
        let checkedJSON = Measurement(timing: { try [CheckedRecord](jsonBytes: json) })
        let plainBinary = Measurement(timing: { try [Record](binaryBytes: binary) })
        let checkedBinary = Measurement(timing: { try [CheckedRecord](binaryBytes: binary) })
        try measureInRounds(runs, [plainJSON, checkedJSON, plainBinary, checkedBinary])
        guard try [CheckedRecord](jsonBytes: json) == checked else {
            print("error: the checked records did not read back")
            exit(1)
        }
        print("  invariants: 7 rules on each record, one a %pattern, checked by validate() in every decode:")
        print("    generated JSON           decode \(format(checkedJSON.best)) s   \(format(checkedJSON.best / plainJSON.best, 2))x without rules (\(format(plainJSON.best)) s)")
        print("    generated Binary         decode \(format(checkedBinary.best)) s   \(format(checkedBinary.best / plainBinary.best, 2))x without rules (\(format(plainBinary.best)) s)")
    }
}

extension CheckedRecord {
    /// The same record, checked.
    init(_ record: Record) {
        self.init(
            id: record.id, accountNumber: record.accountNumber, score: record.score, ratio: record.ratio,
            isActive: record.isActive, isVerified: record.isVerified, name: record.name, email: record.email,
            biography: record.biography, tags: record.tags, nickname: record.nickname, location: record.location, status: record.status
        )
    }
}
