import Foundation
import Testing

/// How the package builds tell SwiftPM's own crash (swiftlang/swift#87033), which they run
/// again, from a failure of the package, which they report.
@Suite struct PackageBuildTests {
    /// What swift-package printed when it crashed in CI (2026-12-06), shortened.
    static let dispatchCrash = """
        [6/7] Linking valuegen-tool

        *** Signal 11: Backtracing from 0x7fd942cc79c0... done ***

        *** Program crashed: Bad pointer dereference at 0x0000000000000002 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "swift-package":

          0      0x00007fd94165a301 sigsuspend + 65 in libc.so.6

        Thread 2 "-qos.overcommit" crashed:

          0      0x00007fd942cc79c0 _dispatch_event_loop_drain + 1120 in libdispatch.so
          1 [ra] 0x00007fd942cbcff2 _dispatch_mgr_invoke + 129 in libdispatch.so

        """

    @Test func swiftPMsCrashInTheDispatchEventLoopIsRunAgain() {
        #expect(PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 139, standardOutput: "", standardError: Self.dispatchCrash)))
        #expect(PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 1, standardOutput: Self.dispatchCrash, standardError: "")))
    }

    @Test func everyOtherFailureIsReturnedAsItIs() {
        let elsewhere = Self.dispatchCrash.replacingOccurrences(of: "_dispatch_event_loop_drain", with: "swift::RefCounts::incrementSlow")
        #expect(!PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 139, standardOutput: "", standardError: elsewhere)))
        let schemaError = "Sources/Models/Profile.value:3:5: error: unknown type 'Strin'\n"
        #expect(!PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 1, standardOutput: "", standardError: schemaError)))
        // The function on a thread below the crashed thread's top frame is not the race.
        let below = Self.dispatchCrash.replacingOccurrences(of: "0x00007fd942cc79c0 _dispatch_event_loop_drain", with: "0x00007fd942cc79c0 swift_release")
        #expect(!PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 139, standardOutput: "", standardError: below + "  2 [ra] _dispatch_event_loop_drain\n")))
        let notCrashed = Self.dispatchCrash.replacingOccurrences(of: "\" crashed:", with: "\":")
        #expect(!PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 1, standardOutput: "", standardError: notCrashed)))
        #expect(!PackageBuild.crashedInDispatchEventLoop(ProcessResult(status: 0, standardOutput: Self.dispatchCrash, standardError: "")))
    }
}
