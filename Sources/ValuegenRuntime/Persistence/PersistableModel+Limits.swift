import Foundation

// What `save(to:format:)` refuses, before anything is written: what `load(from:)` could not
// read back. A value nested deeper than the readers read (512 levels, in every format), and in
// JSON a Double or Float that is infinite or NaN, which JSON cannot hold. And the stack that
// saving and loading run on: one that holds 512 levels, whatever thread calls them. Past 512
// levels Persistence's writers stop the generated encoders (`skipsNestedValues`), so that no
// value is encoded deeper than that stack holds, however deep it is.

extension PersistableModel {
    /// The self-describing binary document `save(to:format: .binary)` writes; an error when
    /// the binary reader would refuse its nesting.
    func savedBinaryBytes() throws -> [UInt8] {
        var writer = BinaryWriter(document: (), layout: Self.documentLayout)
        writer.stopsPastMaximumDepth = true
        encode(to: &writer)
        if writer.isNestedTooDeep, let refusal = SaveRefusal.nesting(of: Self.self, as: "binary", maximumDepth: BinaryReader.maximumDepth) {
            throw refusal
        }
        return writer.finishDocument()
    }
}

/// Why `save(to:format:)` or `encoded(as:)` refuses a value: the errors of this file.
enum SaveRefusal {
    /// The refusal of a value whose JSON holds a date it cannot write exactly (when the writer
    /// writes exact dates), an infinite or NaN number, or is nested deeper than the reader
    /// reads; nil when it may be saved.
    static func refusal<Model>(ofJSON writer: borrowing JSONWriter, of type: Model.Type) -> PersistenceSaveError? {
        if let unsavable = writer.unsavableValue {
            return PersistenceSaveError(message: "cannot save \(Model.self) as JSON: \(unsavable) cannot be written so that it reads back; save it as .binary, which keeps every Date")
        }
        if writer.wroteNonFiniteNumber {
            return PersistenceSaveError(message: "cannot save \(Model.self) as JSON: a Double or Float is infinite or NaN, which JSON cannot hold (it would be written as null, which does not load as a number); give it a finite value, or save as .binary or .propertyList, which keep infinity, NaN and -0.0 exactly")
        }
        guard writer.isNestedTooDeep else { return nil }
        return nesting(of: type, as: "JSON", maximumDepth: JSONReader.maximumDepth)
    }

    /// The refusal of a value nested deeper than `maximumDepth` levels, which the format's
    /// reader refuses, in the words of the reader's error.
    static func nesting<Model>(of type: Model.Type, as format: String, maximumDepth: Int) -> PersistenceSaveError? {
        PersistenceSaveError(message: "cannot save \(Model.self) as \(format): nesting deeper than \(maximumDepth) levels, which load(from:) refuses; save a value nested at most \(maximumDepth) levels deep (keep a long chain of values that hold one another as an array)")
    }
}

/// The stack Persistence encodes and decodes on. The generated coders recurse once per level
/// of nesting, and so do Foundation's property list coders, without a look at the stack: on a
/// thread with a 512 KB stack (macOS's secondary threads, Swift concurrency's) a debug build
/// overflowed it encoding a chain of 2,000 values in Binary and 6,000 in JSON, and 400 in
/// `PropertyListEncoder`; `PropertyListDecoder` overflowed it reading 512 levels, and the JSON
/// and binary readers refuse from about 70 levels (docs/Runtime.md, "Limits and strictness").
/// So where the caller's stack has less than ``roomNeeded`` left, the work runs on a thread
/// of its own with a stack of ``stackSize``, and the caller waits for it: about 50 µs more.
enum PersistenceStack {
    /// What is left of Linux's and macOS's main thread (8 MB): 512 levels of any of the coders
    /// take at most about 6 MB in a debug build (JSON's reader of ADT values, 11 KB a level).
    static var roomNeeded: UInt { 6 << 20 }
    /// Only the pages the work touches are ever allocated.
    static var stackSize: Int { 16 << 20 }

    /// What `body` returns, run on a stack with at least ``roomNeeded`` left.
    static func withRoom<Value>(_ body: () throws -> Value) throws -> Value {
        guard let left = ThreadStack.bytesLeft(), left < roomNeeded else {
            return try body()
        }
        var result: Result<Value, any Error>?
        withoutActuallyEscaping({ result = Result { try body() } }) { work in
            StackJob(work).runOnAThreadOfItsOwn(stackSize: stackSize)
        }
        return try result!.get()
    }
}

/// Work run on a thread of its own while its caller waits, which is why it may touch what the
/// caller's closure captured.
private final class StackJob: @unchecked Sendable {
    /// Let go of before the caller is told the work is done: the caller's closure must not
    /// outlive its call, and the thread lets go of the job only later.
    private var work: (() -> Void)?

    init(_ work: @escaping () -> Void) {
        self.work = work
    }

    func runOnAThreadOfItsOwn(stackSize: Int) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            work?()
            work = nil
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }
}
