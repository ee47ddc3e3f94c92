import Foundation
import Testing
@testable import Web

@Suite struct StartupTests {
    @Test func aTemplateErrorStopsStartUpWithItsPosition() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        try "<p>\n  {{#broken}}\n".write(toFile: templates + "/flow.mustache", atomically: true, encoding: .utf8)
        do {
            _ = try TestApp(templatesDirectory: templates)
            Issue.record("start-up should fail")
        } catch {
            #expect("\(error)".hasPrefix("flow:2:"), "\(error)")
        }
    }

    @Test func developmentModeReloadsChangedTemplates() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        let app = try TestApp.reloadingTemplates(from: templates)
        let client = app.client()
        #expect(try client.get("/flow").status == 200)
        let path = templates + "/flow.mustache"
        let source = try String(contentsOfFile: path, encoding: .utf8)
        try source.replacingOccurrences(of: "{{/main}}", with: "<p>reloaded-marker</p>{{/main}}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try client.get("/flow").text.contains("reloaded-marker"))
    }
}
