// Compiled with the code generated from a v1 schema (OldPoint), its v2 as edited (UnpinnedPoint)
// and the v2 that `valuegen compat --fix` pinned (Point): data v1 wrote reads right through the
// pins, and not through the edit alone.
import Foundation

@MainActor func checkPins() {
    let written = OldPoint(x: 1, y: 2, label: "a", weight: 2.5).binaryData()

    section("the pinned v2 reads what v1 wrote") {
        let read = try Point(binaryData: written)
        check(read == Point(z: 7, y: 2, x: 1, weight: 2.5), "\(read)")
    }

    section("the v2 as edited does not") {
        let read = try? UnpinnedPoint(binaryData: written)
        check(read != UnpinnedPoint(z: 7, y: 2, x: 1, weight: 2.5), "\(String(describing: read))")
    }

    section("v1 reads what the pinned v2 writes") {
        let read = try OldPoint(binaryData: Point(z: 9, y: 4, x: 3, weight: 0.5).binaryData())
        check(read == OldPoint(x: 3, y: 4, label: nil, weight: 0.5), "\(read)")
    }
}

checkPins()
finishChecks()
