import Foundation
import Testing
import ValuegenRuntime

/// The readers recurse once per level of nesting. Below 512 levels the limit is the thread's
/// stack: on a small one (macOS's secondary threads and Swift concurrency's have 512 KB) a
/// deep document is refused with an error, never a crash. These tests read on threads with
/// small stacks; without the stack check they crash the test process.
@Suite("Nesting and the thread's stack")
struct StackDepthTests {
    static let smallStacks = [256 * 1024, 512 * 1024]
    /// Linux's main thread's: what the depth limit of 512 was chosen for.
    static let largeStack = 8 * 1024 * 1024

    // MARK: - JSON

    @Test(arguments: smallStacks)
    func adtValuesTooDeepForTheStackAreRefused(stackSize: Int) {
        // With "type" first the reader reads each level in one pass; last, in two.
        for document in [NestedShapes.discriminatorFirst, .discriminatorLast] {
            let text = document.text(levels: 511)
            let error = onThread(stackSize: stackSize) { jsonError(Shape.self, text) }
            expectStackError(error) { levels in
                JSONError(message: stackMessage(levels), offset: document.offset(ofLevel: levels), path: Array(repeating: .key("value"), count: levels - 1))
            }
        }
    }

    @Test(arguments: smallStacks)
    func arraysTooDeepForTheStackAreRefused(stackSize: Int) {
        let arrays = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        func atLevel(_ levels: Int) -> JSONError {
            JSONError(message: stackMessage(levels), offset: levels - 1, path: Array(repeating: .index(0), count: levels - 1))
        }
        expectStackError(onThread(stackSize: stackSize) { jsonError(NestedArrays.self, arrays) }, atLevel)
        expectStackError(onThread(stackSize: stackSize) { jsonError(AnyJSONValue.self, arrays) }, atLevel)
        // Skipped as the value of a member the model does not know: level 1 is the model's object.
        let skipped = #"{"unknown":"# + arrays + "}"
        expectStackError(onThread(stackSize: stackSize) { jsonError(Team.self, skipped) }) { levels in
            JSONError(message: stackMessage(levels), offset: 11 + levels - 2, path: [.key("unknown")] + Array(repeating: .index(0), count: levels - 2))
        }
    }

    @Test func onALargeStackDeepDocumentsReadToTheDepthLimit() throws {
        // Twice Linux's main thread: the hand-written `Shape`, closures in closures, took about
        // 16 KB a level in a debug build at the end of issue 38's session (generated ADT
        // values about 7), so 512 of them no longer fit in 8 MB with the reserve left.
        let outcomes = onThread(stackSize: 2 * Self.largeStack) { () -> [String] in
            var outcomes: [String] = []
            for document in [NestedShapes.discriminatorFirst, .discriminatorLast] {
                for levels in [100, 512, 513] {
                    outcomes.append(describe { () throws(JSONError) in try decode(Shape.self, document.text(levels: levels)).depth })
                }
            }
            for levels in [100, 512, 513] {
                let arrays = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
                outcomes.append(describe { () throws(JSONError) in _ = try decode(NestedArrays.self, arrays) })
            }
            return outcomes
        }
        let first = NestedShapes.discriminatorFirst.offset(ofLevel: 513)
        let last = NestedShapes.discriminatorLast.offset(ofLevel: 513)
        #expect(outcomes == [
            "100", "512", "nesting deeper than 512 levels at byte \(first) ($\(String(repeating: ".value", count: 512)))",
            "100", "512", "nesting deeper than 512 levels at byte \(last) ($\(String(repeating: ".value", count: 512)))",
            "()", "()", "nesting deeper than 512 levels at byte 512 ($\(String(repeating: "[0]", count: 512)))",
        ])
    }

    // MARK: - Binary

    @Test(arguments: smallStacks)
    func binaryMessagesTooDeepForTheStackAreRefused(stackSize: Int) {
        let (bytes, lengthOffsets) = nestedDocument(depth: 511, head: [0x0A], innermost: [0x00])
        let error = onThread(stackSize: stackSize) { () -> BinaryError? in
            do throws(BinaryError) {
                _ = try BinaryNode(binaryBytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        guard let error else {
            Issue.record("511 nested messages were read on a stack of \(stackSize) bytes")
            return
        }
        let levels = error.path.count + 1
        #expect(levels > 16 && levels < 511)
        #expect(error == BinaryError(message: stackMessage(levels), offset: lengthOffsets[levels - 1], path: Array(repeating: 1, count: levels - 1)))
    }

    @Test func onALargeStackBinaryDataReadsToTheDepthLimit() {
        let outcomes = onThread(stackSize: Self.largeStack) { () -> [String] in
            [100, 512, 513].map { depth in
                do throws(BinaryError) {
                    var node = try BinaryNode(binaryBytes: nestedDocument(depth: depth, head: [0x0A], innermost: [0x00]).bytes)
                    var levels = 1
                    while let child = node.child.first {
                        node = child
                        levels += 1
                    }
                    return "\(levels)"
                } catch {
                    return "\(error)"
                }
            }
        }
        let offset = nestedDocument(depth: 513, head: [0x0A], innermost: [0x00]).lengthOffsets[512]
        #expect(outcomes == ["100", "512", "nesting deeper than 512 levels at byte \(offset) ($\(String(repeating: ".1", count: 512)))"])
    }

    // MARK: - Support

    func stackMessage(_ levels: Int) -> String {
        "nesting too deep for this thread's stack (\(levels) levels; read deeply nested data on a thread with a larger stack)"
    }

    /// Expects `error` to be the stack's refusal at some level past the 16th and below
    /// the depth limit, equal to `expected` for that level (the path tells the level).
    func expectStackError(_ error: JSONError?, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (Int) -> JSONError) {
        guard let error else {
            Issue.record("the document was read", sourceLocation: sourceLocation)
            return
        }
        let levels = error.path.count + 1
        #expect(levels > 16 && levels < 511, "\(error)", sourceLocation: sourceLocation)
        #expect(error == expected(levels), sourceLocation: sourceLocation)
    }
}

/// `Shape.group` values nested in one another, a point innermost, written with the
/// discriminator first (as generated code writes it) or last.
enum NestedShapes {
    case discriminatorFirst, discriminatorLast

    var levelStart: String {
        self == .discriminatorFirst ? #"{"type":"group","value":"# : #"{"value":"#
    }

    var levelEnd: String {
        self == .discriminatorFirst ? "}" : #","type":"group"}"#
    }

    func text(levels: Int) -> String {
        String(repeating: levelStart, count: levels - 1) + #"{"type":"point"}"# + String(repeating: levelEnd, count: levels - 1)
    }

    /// Where the object of level `level` (from 1) starts.
    func offset(ofLevel level: Int) -> Int {
        (level - 1) * levelStart.utf8.count
    }
}

extension Shape {
    /// How many shapes deep this one goes (1 for a point).
    var depth: Int {
        var depth = 1
        var shape = self
        while case .group(let inner) = shape {
            depth += 1
            shape = inner
        }
        return depth
    }
}

/// The error reading `json` as `T` throws; nil when it reads.
func jsonError<T: JSONDecodable>(_ type: T.Type, _ json: String) -> JSONError? {
    do {
        _ = try decode(T.self, json)
        return nil
    } catch {
        return error
    }
}

/// What `body` returns, or the error it throws, as text.
func describe<Value>(_ body: () throws(JSONError) -> Value) -> String {
    do {
        return "\(try body())"
    } catch {
        return "\(error)"
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns what it returns.
func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let outcome = ThreadOutcome<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return outcome.value!
}

/// What `onThread`'s thread returned: written by the thread before it signals, read after the
/// wait.
private final class ThreadOutcome<Value>: @unchecked Sendable {
    var value: Value?
}
