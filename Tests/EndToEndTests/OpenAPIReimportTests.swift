import Foundation
import Testing

/// Importing a document again as its API changes: the files are a function of the document,
/// the files of components it no longer has are removed (only those an import wrote), and
/// `valuegen compat` between the two imports tells what the new version breaks in saved data.
@Suite struct OpenAPIReimportTests {
    private func document(_ schemas: String) -> String {
        #"{"openapi": "3.0.3", "info": {"title": "Shop", "version": "1"}, "components": {"schemas": \#(schemas)}}"#
    }

    /// Version 1 of the API.
    private var version1: String {
        document(#"""
        {"Order": {"type": "object", "required": ["id", "total"], "properties": {"id": {"type": "string"}, "total": {"type": "integer"}, "status": {"$ref": "#/components/schemas/Status"}, "coupon": {"$ref": "#/components/schemas/Coupon"}}},
         "Status": {"type": "string", "enum": ["open", "paid", "cancelled"]},
         "Coupon": {"type": "object", "properties": {"code": {"type": "string"}}}}
        """#)
    }

    /// Version 2: `total` is a string, `currency` is required, a status and `Coupon` are gone.
    private var version2: String {
        document(#"""
        {"Order": {"type": "object", "required": ["id", "total", "currency"], "properties": {"id": {"type": "string"}, "total": {"type": "string"}, "currency": {"type": "string"}, "status": {"$ref": "#/components/schemas/Status"}}},
         "Status": {"type": "string", "enum": ["open", "paid"]}}
        """#)
    }

    private func importing(_ text: String, named name: String, into output: URL, in folder: URL) throws -> ProcessResult {
        let path = folder.appendingPathComponent(name)
        try TestSupport.write(text, to: path)
        return try runProcess(TestSupport.valuegenExecutable, ["import", "openapi", path.path, "--output", output.path])
    }

    @Test func aSecondImportRemovesTheFilesOfComponentsTheDocumentNoLongerHasAndNoOther() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = folder.appendingPathComponent("Schemas")
        let first = try importing(version1, named: "v1.json", into: schemas, in: folder)
        #expect(first.status == 0 && first.standardOutput.contains("(3 written or changed)"), "\(first.standardOutput)\(first.standardError)")
        let coupon = try String(contentsOf: schemas.appendingPathComponent("Coupon.value"), encoding: .utf8)
        #expect(coupon == "# Imported by valuegen import openapi: importing again rewrites this file, or removes it when no component produces it.\n\nCoupon includes(JSON) {\n  code: String?\n}\n")
        // Written by hand beside the import: never removed, whatever it declares.
        try TestSupport.write("# Coupon, as the app keeps it.\nLocalCoupon {\n  code: String\n}\n", to: schemas.appendingPathComponent("LocalCoupon.value"))
        try TestSupport.write("Note {\n  text: String\n}\n", to: schemas.appendingPathComponent("Note.value"))

        let again = try importing(version1, named: "v1.json", into: schemas, in: folder)
        #expect(again.standardOutput.contains("(0 written or changed)"), "\(again.standardOutput)")
        let second = try importing(version2, named: "v2.json", into: schemas, in: folder)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("(2 written or changed, 1 of an earlier import removed)"), "\(second.standardOutput)")
        #expect(try TestSupport.files(in: schemas) == ["LocalCoupon.value", "Note.value", "Order.value", "Status.adtValue"])
    }

    @Test func compatBetweenTwoImportsTellsWhatTheNewVersionBreaksInSavedData() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("v1")
        let new = folder.appendingPathComponent("v2")
        try #require(try importing(version1, named: "v1.json", into: old, in: folder).status == 0)
        try #require(try importing(version2, named: "v2.json", into: new, in: folder).status == 0)
        // Saved data is read by the new code (old-data); the Swift that must change is listed,
        // and allowed.
        let compat = try runProcess(TestSupport.valuegenExecutable, ["compat", "--direction", "old-data", "--allow", "swift-source", "v1", "v2"], in: folder)
        #expect(compat.status == 1, "\(compat.standardOutput)\(compat.standardError)")
        #expect(compat.standardOutput + compat.standardError == #"""
        v1/Coupon.value: warning: [swift-source] type 'Coupon' (v1/Coupon.value:3:1) is removed: code that names it no longer compiles
        v2/Order.value:3:1: warning: [swift-source] attribute 'coupon' (v1/Order.value:7:3) is removed from 'Order': code that uses it no longer compiles
        v2/Order.value:5:3: error: [json-wire] attribute 'total' is String, was Int: JSON written on either side holds the other type: refused, or read as another value
        v2/Order.value:5:3: warning: [swift-source] attribute 'total' is String, was Int: code that passes or reads the old type no longer compiles
        v2/Order.value:6:3: error: [json-wire] required attribute 'currency' without a default is added to 'Order': JSON written before lacks the key: an error (give it a default or make it optional)
        v2/Order.value:6:3: warning: [swift-source] required attribute 'currency' without a default is added to 'Order': every call of the memberwise initializer needs the new argument
        v2/Status.adtValue:3:1: error: [json-wire] case 'cancelled' (v1/Status.adtValue:6:3) is removed from 'Status': JSON written before that holds the case reads it as the unknown case 'unknown': silently another case, not refused
        v2/Status.adtValue:3:1: warning: [swift-source] case 'cancelled' (v1/Status.adtValue:6:3) is removed from 'Status': code that uses the case no longer compiles
        3 breaking findings (json-wire 3); allowed: swift-source 5

        """#, "\(compat.standardOutput)\(compat.standardError)")
    }
}
