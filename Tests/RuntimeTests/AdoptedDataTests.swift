import Foundation
import Testing
@testable import ValuegenRuntime

/// `jsonData()` and `binaryData()` hand their writer's array to `Data` without copying it
/// (`Data(adopting:)`): the same bytes as `jsonBytes()` / `binaryBytes()`, and a `Data` that
/// behaves as any other.
@Suite("Documents adopted as Data")
struct AdoptedDataTests {
    /// Long enough to be adopted, not copied.
    static let texts = (0..<400).map { "text \($0) with \"quotes\" and é" }

    @Test func adoptedBytesAreTheArraysOwnNotACopy() {
        let array = Array(Self.texts.jsonBytes())
        let address = array.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        let data = Data(adopting: consume array)
        #expect(data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } == address)
        #expect(Array(data) == Self.texts.jsonBytes())
        // Short documents are copied: cheaper than the closure that keeps an array.
        let short = [UInt8](repeating: 7, count: Data.shortestAdoptedDocument - 1)
        #expect(Data(adopting: short) == Data(short))
    }

    @Test func documentsAsDataAreTheirBytes() throws {
        #expect(Array(Self.texts.jsonData()) == Self.texts.jsonBytes())
        #expect(Array(Self.texts.binaryData()) == Self.texts.binaryBytes())
        #expect(try [String](jsonData: Self.texts.jsonData()) == Self.texts)
        #expect(try [String](binaryData: Self.texts.binaryData()) == Self.texts)
        #expect(Array(["a"].jsonData()) == Array(#"["a"]"#.utf8))
        #expect(Array([Int]().binaryData()) == [Int]().binaryBytes())
    }

    @Test func adoptedDataIsAValueThatCanChangeAndGrow() throws {
        let original = Self.texts.jsonData()
        var changed = original
        changed[changed.startIndex] = UInt8(ascii: "{")
        #expect(original.first == UInt8(ascii: "["), "a copy that changes leaves the original")
        #expect(changed.first == UInt8(ascii: "{"))
        var grown = Self.texts.jsonData()
        grown.append(contentsOf: Array(" \n".utf8))
        grown.replaceSubrange(0..<1, with: Array("[ ".utf8))
        #expect(try [String](jsonData: grown) == Self.texts)
        var alone = Self.texts.binaryData()
        alone[alone.count - 1] ^= 0  // written in place: the data owns its bytes
        #expect(try [String](binaryData: alone) == Self.texts)
    }

    @Test func adoptedDataOutlivesTheWriterAndItsCopies() throws {
        func made() -> (Data, Data) { (Self.texts.jsonData(), Self.texts.binaryData()) }
        let (json, binary) = made()
        let slice = json[json.index(json.startIndex, offsetBy: 1)...]
        #expect(try [String](jsonData: json) == Self.texts)
        #expect(try [String](binaryData: binary) == Self.texts)
        #expect(slice.first == UInt8(ascii: "\""))
    }
}
