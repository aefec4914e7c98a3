// fuzz-support: Tests/RuntimeTests/JSONScanningReference.swift
// fuzz-support: Tests/Fuzz/Support/ReadOutcome.swift
//
// libFuzzer target holding the reader's scanning since issue 23 (strings, escapes and UTF-8
// sixteen bytes at a time, skipped values that build nothing, white space by blocks, UTF-8
// checked once) to the byte-at-a-time reference it replaced, on arbitrary bytes: the same
// value, end and error (message, offset, path), or it stops. Each input is read as it is and
// as the contents of a string (between quotes), so that string bodies are reached directly.
// Compiled together with the runtime's sources and the reference (see run-fuzzers.sh).

@inline(never)
func expectSameScan<T: Equatable>(_ what: String, _ fast: Outcome<T>, _ reference: Outcome<T>, _ input: UnsafeRawBufferPointer) {
    guard fast == reference else {
        fatalError("\(what): the reader gives \(fast), the reference \(reference) for \(Array(input))")
    }
}

func checkScanning(_ input: UnsafeRawBufferPointer) {
    let string = outcome(input) { reader throws(JSONError) in try reader.readString() }
    let referenceString = outcome(input) { reader throws(JSONError) in try reader.referenceReadString() }
    expectSameScan("readString", string, referenceString, input)
    if case .value(let value, _) = string, case .value(let expected, _) = referenceString, Array(value.utf8) != Array(expected.utf8) {
        fatalError("readString: different bytes for \(Array(input))")
    }
    expectSameScan("skipValue",
                   outcome(input) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 },
                   outcome(input) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }, input)
    expectSameScan("skipWhitespace",
                   outcome(input) { reader throws(JSONError) -> Int in reader.skipWhitespace(); return 0 },
                   outcome(input) { reader throws(JSONError) -> Int in reader.referenceSkipWhitespace(); return 0 }, input)
    // White space and skipped values with the depth and indentation step a pretty-printed
    // document leaves the reader with (taken from the input's last byte), so that line starts
    // are predicted (`predictedLineStart(after:)`), rightly or wrongly.
    let last = input.last ?? 0
    func predicting(_ reader: inout JSONReader) {
        reader.depth = Int(last & 0x0F)
        reader.indentationStep = Int(last >> 4 & 0x07)
    }
    expectSameScan("skipWhitespace with a predicted line start",
                   outcome(input) { reader throws(JSONError) -> Int in predicting(&reader); reader.skipWhitespace(); return 0 },
                   outcome(input) { reader throws(JSONError) -> Int in reader.referenceSkipWhitespace(); return 0 }, input)
    expectSameScan("skipValue with predicted line starts",
                   outcome(input) { reader throws(JSONError) -> Int in predicting(&reader); try reader.skipValue(); return 0 },
                   outcome(input) { reader throws(JSONError) -> Int in predicting(&reader); try reader.referenceSkipValue(); return 0 }, input)
    // Member names: the keys `readObject` gives, against the reference's strings.
    expectSameScan("member names",
                   outcome(input) { reader throws(JSONError) -> [String] in
                       var keys: [String] = []
                       try reader.readObject { reader, key throws(JSONError) in
                           keys.append(key.string)
                           try reader.referenceSkipValue()
                       }
                       return keys
                   },
                   outcome(input) { reader throws(JSONError) -> [String] in
                       var keys: [String] = []
                       try reader.readObject { reader, _ throws(JSONError) in try reader.referenceSkipValue() }
                       // Again, the names by the reference: from the `{`, name by name.
                       var names = JSONReader(bytes: input)
                       names.skipWhitespace()
                       names.offset += 1
                       names.skipWhitespace()
                       while !names.nextIs(UInt8(ascii: "}")) {
                           names.skipWhitespace()
                           keys.append(try names.referenceReadKey())
                           names.skipWhitespace()
                           names.offset += 1
                           try names.referenceSkipValue()
                           names.skipWhitespace()
                           if names.nextIs(UInt8(ascii: ",")) { names.offset += 1 }
                           names.skipWhitespace()
                       }
                       return keys
                   }, input)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    checkScanning(input)
    // The same bytes as a string's contents.
    var quoted = [UInt8(ascii: "\"")]
    quoted.append(contentsOf: input)
    quoted.append(UInt8(ascii: "\""))
    quoted.withUnsafeBytes { checkScanning($0) }
    return 0
}
