// An internally tagged ADT whose single values are flattened (`%coding payloads=flattened`)
// writes a case as its value's object with the tag as that object's first member:
// `{"type":"ach","bankAccountNumber":…}`, as serde writes `#[serde(tag = "type")]`.

extension JSONWriter {
    /// Writes `payload`, a value that writes itself as an object, with the member
    /// `quotedKeyAndColon` `tag` first in that object: `{"type":"ach","number":"1"}` for the
    /// payload `{"number":"1"}`. The payload is written as it always is, then its members are
    /// moved past the tag's: a copy of the payload's bytes, which costs a fraction of writing
    /// them, and nothing for any other value. A payload that writes nothing (a writer past its
    /// depth, whose document is refused) leaves nothing.
    public mutating func writeFlattened<Payload: JSONEncodable>(_ payload: Payload, tagKey quotedKeyAndColon: StaticString, tag: String) {
        let objectStart = count &+ commaLength
        payload.encode(to: &self)
        guard objectStart < count, storage[objectStart] == UInt8(ascii: "{") else { return }
        let membersStart = objectStart &+ 1
        let membersEnd = count
        needsComma = false
        writeRawKey(quotedKeyAndColon)
        writeString(tag)
        if storage[membersStart] != UInt8(ascii: "}") {
            output(room: 1) { end in
                end[0] = UInt8(ascii: ",")
                return 1
            }
        }
        let tagEnd = count
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            let tagLength = tagEnd &- membersEnd
            let membersLength = membersEnd &- membersStart
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tagLength) { saved in
                let savedBase = saved.baseAddress.unsafelyUnwrapped
                savedBase.update(from: base + membersEnd, count: tagLength)
                // Overlapping: copyMemory moves as memmove does.
                UnsafeMutableRawPointer(base + membersStart + tagLength).copyMemory(from: base + membersStart, byteCount: membersLength)
                (base + membersStart).update(from: savedBase, count: tagLength)
            }
        }
        needsComma = true
    }
}
