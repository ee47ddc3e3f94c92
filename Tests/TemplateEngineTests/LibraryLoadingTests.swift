import Foundation
import Testing
import TemplateEngine
import TestSupport

@Suite struct LibraryLoadingTests {
    /// A fresh directory per test, removed afterwards.
    private func withTemplates(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let root = TemporaryDirectory(prefix: "waypoint-templates")
        for (path, contents) in files { try root.write(contents, to: path) }
        try body(root.path)
    }

    @Test func loadsTemplatesFromSubfoldersByRelativeName() throws {
        let files = [
            "layout.mustache": "<main>{{$content}}{{/content}}</main>",
            "library/detail.mustache": "{{<layout}}{{$content}}{{>library/row}}{{/content}}{{/layout}}",
            "library/row.mustache": "<p>{{title}}</p>",
            "notes.txt": "not a template",
            ".hidden.mustache": "ignored",
        ]
        try withTemplates(files) { directory in
            let library = try TemplateLibrary(directory: directory, configuration: .init(strict: true))
            #expect(library.names == ["layout", "library/detail", "library/row"])
            #expect(try library.render("library/detail", ["title": "A < B"]) == "<main><p>A &lt; B</p></main>")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func foldersLinkedBackUpTheTreeAreReadOnce() throws {
        try withTemplates(["pages/page.mustache": "P"]) { directory in
            // Two links to the parent: followed blindly, the walk branches at every level.
            try FileManager.default.createSymbolicLink(atPath: directory + "/pages/up", withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(atPath: directory + "/pages/again", withDestinationPath: "..")
            let library = try TemplateLibrary(directory: directory)
            #expect(library.names == ["pages/page"])
        }
    }

    @Test func firstBrokenFileFailsStartUpWithItsPosition() throws {
        let files = ["a.mustache": "fine", "pages/b.mustache": "line one\n  {{#open}}\n"]
        try withTemplates(files) { directory in
            #expect(throws: TemplateError(.unclosedSection, file: "pages/b", line: 2, column: 3, message: "'open' is opened here but never closed")) {
                try TemplateLibrary(directory: directory)
            }
        }
    }

    @Test func missingDirectoryIsAnError() {
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: "/nonexistent/waypoint-templates") }
    }

    @Test func reloadPicksUpEditedFiles() throws {
        try withTemplates(["page.mustache": "old {{x}}"]) { directory in
            let library = try TemplateLibrary(directory: directory)
            try Data("new {{x}}".utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("page.mustache"))
            #expect(try library.render("page", ["x": 1]) == "old 1")
            #expect(try library.reloaded().render("page", ["x": 1]) == "new 1")
        }
    }
}
