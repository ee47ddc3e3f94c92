import Foundation
import Testing
@testable import Web

/// Template mistakes stop the start-up where they are, instead of a 500 on some page later.
@Suite struct TemplateSchemaTests {
    func startUpError(_ templates: String) -> String? {
        do {
            _ = try TestApp(templatesDirectory: templates)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aMissingScreenTemplateStopsStartUp() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        try FileManager.default.removeItem(atPath: templates + "/login.mustache")
        #expect(startUpError(templates) == "login: no template named 'login'")
    }

    @Test func aTypoInTheLayoutStopsStartUpAtItsPosition() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        let path = templates + "/layout.mustache"
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("{{title}}") })
        let column = try #require(lines[line].range(of: "{{title}}")).lowerBound.utf16Offset(in: lines[line]) + 1
        try source.replacingOccurrences(of: "{{title}}", with: "{{titel}}").write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(startUpError(templates))
        #expect(error.hasPrefix("layout:\(line + 1):\(column): 'titel'"), "\(error)")
    }

    @Test func aTypoInASectionNameIsFoundToo() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        try "{{<layout}}{{$main}}{{#choicez}}{{title}}{{/choicez}}{{/main}}{{/layout}}\n"
            .write(toFile: templates + "/flow.mustache", atomically: true, encoding: .utf8)
        #expect(startUpError(templates)?.hasPrefix("flow:1:") == true)
    }

    @Test func inDevelopmentABrokenEditShowsTheErrorPageNamingIt() throws {
        let copy = try TestApp.copyOfTemplates()
        let templates = copy.path
        let app = try TestApp.reloadingTemplates(from: templates)
        let client = app.client()
        #expect(try client.get("/flow").status == 200)
        let path = templates + "/flow.mustache"
        let source = try String(contentsOfFile: path, encoding: .utf8)
        try source.replacingOccurrences(of: "{{/main}}", with: "{{titel}}{{/main}}").write(toFile: path, atomically: true, encoding: .utf8)
        let page = try client.get("/flow")
        #expect(page.status == 500)
        #expect(page.text.contains("flow:"))
        #expect(page.text.contains("titel"))
    }
}
