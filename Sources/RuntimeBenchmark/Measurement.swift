// How every part of the runtime benchmark times its coders: the best of rounds taking turns.
import Foundation

/// The seconds of this thread's CPU time `body` takes to return its result (issue 38: on a
/// machine shared with other work, the wall clock also counts the time other processes run).
/// The clock stops when the coder returns:
/// the result (the decoded records, the encoded bytes) is released after, untimed. Releasing
/// values costs the same whichever coder made them — for the decoded records it is about 25 ms,
/// half of binary decoding — so timing it would measure the allocator, not the coder;
/// `Measurement(includingRelease:)` times it too, for the figures that include it.
func seconds<Result>(_ body: () throws -> Result) rethrows -> Double {
    let start = threadCPUSeconds()
    let result = try body()
    let elapsed = threadCPUSeconds() - start
    withExtendedLifetime(result) {}
    return elapsed
}

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`), in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One coder's measurement: its best time so far.
final class Measurement {
    let body: () throws -> Double
    var best = Double.infinity

    /// `body` returns the seconds it measured.
    private init(measuring body: @escaping () throws -> Double) {
        self.body = body
    }

    /// `body`, timed as `seconds` times it: the result released untimed.
    convenience init<Result>(timing body: @escaping () throws -> Result) {
        self.init(measuring: { try seconds(body) })
    }

    /// `body`, timed as `seconds` times it (in the thread's CPU time, as every line is).
    convenience init<Result>(threadCPUTiming body: @escaping () throws -> Result) {
        self.init(timing: body)
    }

    /// `body`, with the release of its result timed too.
    convenience init<Result>(includingRelease body: @escaping () throws -> Result) {
        self.init(measuring: { try seconds { () throws -> Int in _ = try body(); return 0 } })
    }
}

/// Runs every measurement once a round, `runs` rounds, every other round in the opposite
/// order, and keeps each one's best. The coders a ratio compares take turns rather than running
/// one after the other's runs, so a slow spell of the shared machine, or the state one coder
/// leaves the allocator in, weighs on both alike.
func measureInRounds(_ runs: Int, _ measurements: [Measurement]) throws {
    for round in 0..<runs {
        for measurement in round.isMultiple(of: 2) ? measurements : measurements.reversed() {
            measurement.best = min(measurement.best, try measurement.body())
        }
    }
}

func format(_ value: Double, _ digits: Int = 3) -> String {
    String(format: "%.\(digits)f", value)
}
