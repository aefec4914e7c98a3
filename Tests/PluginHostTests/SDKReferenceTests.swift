import Foundation
import Testing

/// docs/PluginSDKReference.md is generated from the PluginSDK's doc comments by
/// `.ci/render-sdk-reference` (swiftc, swift-symbolgraph-extract and a small renderer, all
/// from the toolchain). These pin the two promises of the issue: every public declaration of
/// the SDK is documented, and the committed reference says what the comments say.
struct SDKReferenceTests {
    @Test func everyPublicDeclarationIsDocumentedAndTheReferenceIsCurrent() throws {
        let script = PluginBuilder.repositoryRoot.appendingPathComponent(".ci/render-sdk-reference")
        let run = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["bash", script.path, "--check"],
                                        in: PluginBuilder.repositoryRoot, environment: ProcessInfo.processInfo.environment)
        // Undocumented declarations are listed one a line ("File.swift:12: public property
        // 'X.y' has no doc comment"); a stale reference says to run the script.
        #expect(run.standardError == "", "\(run.standardError)")
        #expect(run.status == 0)
    }
}
