// Compiled beside a driver (as main.swift) by the end-to-end tests that run generated code:
// every check prints "ok - <name>" or "FAIL ...", and the program exits 1 when any failed.
import Foundation

@MainActor var failures = 0

@MainActor func check(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", line: Int = #line) {
    do {
        if try !condition() {
            failures += 1
            print("FAIL line \(line): \(message())")
        }
    } catch {
        failures += 1
        print("FAIL line \(line): threw \(error)")
    }
}

@MainActor func section(_ name: String, _ body: () throws -> Void) {
    let before = failures
    do {
        try body()
    } catch {
        failures += 1
        print("FAIL \(name): threw \(error)")
    }
    if failures == before {
        print("ok - \(name)")
    }
}

/// Prints the summary the tests look for, and exits 1 when any check failed.
@MainActor func finishChecks() -> Never {
    if failures > 0 {
        print("\(failures) check(s) failed")
        exit(1)
    }
    print("all checks passed")
    exit(0)
}
