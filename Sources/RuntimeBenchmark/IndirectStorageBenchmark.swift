// Indirect storage (`%storage indirect`): copying and `with` on a 40-attribute value, stored
// inline (Wide) and in a shared box (WideBoxed), and the memory of 100,000 of them.

enum IndirectStorageBenchmark {
    static func values(_ count: Int) -> (inline: [Wide], boxed: [WideBoxed]) {
        var generator = SplitMix64(seed: 7)
        var inline: [Wide] = []
        var boxed: [WideBoxed] = []
        inline.reserveCapacity(count)
        boxed.reserveCapacity(count)
        for index in 0..<count {
            let number = Int(generator.next() % 1000)
            let text = "value \(number)"
            let wide = Wide(
                field1: index, field2: Double(number), field3: true, field4: text, field5: nil,
                field6: index, field7: 1.5, field8: false, field9: "b", field10: text,
                field11: index, field12: 2.5, field13: true, field14: "c", field15: nil,
                field16: index, field17: 3.5, field18: false, field19: text, field20: "d",
                field21: index, field22: 4.5, field23: true, field24: "e", field25: nil,
                field26: index, field27: 5.5, field28: false, field29: text, field30: "f",
                field31: index, field32: 6.5, field33: true, field34: "g", field35: nil,
                field36: index, field37: 7.5, field38: false, field39: text, field40: "h"
            )
            inline.append(wide)
            boxed.append(WideBoxed(
                field1: wide.field1, field2: wide.field2, field3: wide.field3, field4: wide.field4, field5: wide.field5,
                field6: wide.field6, field7: wide.field7, field8: wide.field8, field9: wide.field9, field10: wide.field10,
                field11: wide.field11, field12: wide.field12, field13: wide.field13, field14: wide.field14, field15: wide.field15,
                field16: wide.field16, field17: wide.field17, field18: wide.field18, field19: wide.field19, field20: wide.field20,
                field21: wide.field21, field22: wide.field22, field23: wide.field23, field24: wide.field24, field25: wide.field25,
                field26: wide.field26, field27: wide.field27, field28: wide.field28, field29: wide.field29, field30: wide.field30,
                field31: wide.field31, field32: wide.field32, field33: wide.field33, field34: wide.field34, field35: wide.field35,
                field36: wide.field36, field37: wide.field37, field38: wide.field38, field39: wide.field39, field40: wide.field40
            ))
        }
        return (inline, boxed)
    }

    /// Copies every value into a new array element by element, as code that passes values
    /// around does (`map { $0 }` would be a copy of the buffer alone).
    @inline(never)
    static func copies<Value>(_ values: [Value]) -> [Value] {
        var copies: [Value] = []
        copies.reserveCapacity(values.count)
        for value in values {
            copies.append(value)
        }
        return copies
    }

    static func run(count: Int, runs: Int) throws {
        let (inline, boxed) = values(count)
        let inlineCopy = Measurement(timing: { copies(inline) })
        let boxedCopy = Measurement(timing: { copies(boxed) })
        let inlineWith = Measurement(timing: { inline.map { $0.with(field2: 0) } })
        let boxedWith = Measurement(timing: { boxed.map { $0.with(field2: 0) } })
        try measureInRounds(runs, [inlineCopy, boxedCopy, inlineWith, boxedWith])
        // Each boxed value is a pointer in the array and, unshared, its box: the attributes
        // and an object header of 16 bytes.
        let inlineBytes = MemoryLayout<Wide>.stride * count
        let boxedShared = MemoryLayout<WideBoxed>.stride * count
        let boxedUnshared = boxedShared + (16 + MemoryLayout<Wide>.stride) * count
        print("  indirect storage, \(count) values of 40 attributes (\(MemoryLayout<Wide>.stride) bytes inline):")
        print("    copy     inline \(format(inlineCopy.best)) s   boxed \(format(boxedCopy.best)) s   \(format(inlineCopy.best / boxedCopy.best, 1))x faster boxed")
        print("    with     inline \(format(inlineWith.best)) s   boxed \(format(boxedWith.best)) s   \(format(inlineWith.best / boxedWith.best, 2))x")
        print("    memory   inline \(format(Double(inlineBytes) / 1e6, 1)) MB   boxed \(format(Double(boxedUnshared) / 1e6, 1)) MB each in its own box, \(format(Double(boxedShared) / 1e6, 1)) MB as copies of shared boxes (strings' own storage aside)")
    }
}
