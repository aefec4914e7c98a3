import Foundation
import Testing
import ValuegenCore

/// `%coding payloads=flattened` compiled and run: an internally tagged ADT whose single values
/// (value types) are written as their members beside the tag, with cases with attributes,
/// without payload and an unknown case beside them. The driver checks the exact JSON, round
/// trips across JSON, Coding (JSONEncoder/JSONDecoder) and Dictionary, the tag first and last,
/// and the errors' paths.
@Suite struct FlattenedPayloadsCompileTests {
    @Test func flattenedPayloadsRoundTripThroughEveryFeature() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["JSON", "Coding", "Dictionary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        %coding representation=internal payloads=flattened
        PaymentMethod {
          %singleAttributeSubtype attributeType=AchDetails
          %caseKey name=ach
          Ach
          %singleAttributeSubtype attributeType=CardDetails
          %caseKey name=scheme
          Card
          %singleAttributeSubtype attributeType=Marker
          Marker
          Voucher {
            code: String
          }
          Cash
          %unknownCase
          Other
        }
        """, to: models.appendingPathComponent("PaymentMethod.adtValue"))
        try TestSupport.write("""
        AchDetails {
          bankAccountNumber: String
          ownerName: String?
          checkoutAttemptId: String = "none"
        }
        """, to: models.appendingPathComponent("AchDetails.value"))
        try TestSupport.write("""
        CardDetails {
          number: String
          cvc: String?
        }
        """, to: models.appendingPathComponent("CardDetails.value"))
        try TestSupport.write("""
        Marker {
          note: String?
        }
        """, to: models.appendingPathComponent("Marker.value"))
        try TestSupport.write("""
        Payment {
          method: PaymentMethod
          methods: [PaymentMethod]
          backup: PaymentMethod?
        }
        """, to: models.appendingPathComponent("Payment.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("FlattenedPayloadsDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
