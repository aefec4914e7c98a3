/// Pairs the members — attributes or cases — of two versions of a type. Each pass offers every
/// new member not yet paired the old members still free (by index, ascending) and may pick one:
/// by name first, then the passes that recognize a rename.
struct MemberMatching {
    private var newToOld: [Int: Int] = [:]
    private var freeOld: Set<Int>
    private let newCount: Int

    init(oldCount: Int, newCount: Int) {
        freeOld = Set(0..<oldCount)
        self.newCount = newCount
    }

    mutating func pair(_ choose: (_ new: Int, _ freeOld: [Int]) -> Int?) {
        for newIndex in 0..<newCount where newToOld[newIndex] == nil {
            if let oldIndex = choose(newIndex, freeOld.sorted()) {
                newToOld[newIndex] = oldIndex
                freeOld.remove(oldIndex)
            }
        }
    }

    /// Another name in the same place: the old member at the new one's index, when `isSame`.
    mutating func pairInPlace(_ isSame: (Int) -> Bool) {
        pair { newIndex, free in free.contains(newIndex) && isSame(newIndex) ? newIndex : nil }
    }

    /// The pairs, in the new order.
    var pairs: [(old: Int, new: Int)] {
        newToOld.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }
    }

    /// New members without an old one.
    var added: [Int] {
        (0..<newCount).filter { newToOld[$0] == nil }
    }

    /// Old members without a new one.
    var removed: [Int] {
        freeOld.sorted()
    }
}
