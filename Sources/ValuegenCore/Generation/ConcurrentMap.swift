import Dispatch
import Foundation

/// `map` over both cores: results in input order, so output stays deterministic.
enum ConcurrentMap {
    static func map<T: Sendable>(_ items: [Int], _ transform: @Sendable (Int) -> T) -> [T] {
        let results = ResultSlots<T>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }
}

/// One slot per index; each is written by exactly one iteration of `concurrentPerform`.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [T] {
        slots.map { $0! }
    }
}
