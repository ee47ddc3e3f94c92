import Testing
import TemplateEngine

@Suite struct ErrorTests {
    struct BrokenTemplate: Sendable, CustomTestStringConvertible {
        let source: String
        let kind: TemplateError.Kind
        let line: Int
        let column: Int
        var testDescription: String { "\(kind) at \(line):\(column)" }
    }

    static let broken: [BrokenTemplate] = [
        BrokenTemplate(source: "<p>\n  {{name</p>\n", kind: .unclosedTag, line: 2, column: 3),
        BrokenTemplate(source: "a {{{raw}} b", kind: .unclosedTag, line: 1, column: 3),
        BrokenTemplate(source: "<ul>\n{{#items}}\n<li>{{name}}</li>\n</ul>\n", kind: .unclosedSection, line: 2, column: 1),
        BrokenTemplate(source: "{{#a}}\n  {{#b}}x{{/a}}\n{{/b}}", kind: .mismatchedClosingTag, line: 2, column: 10),
        BrokenTemplate(source: "text\n\n   {{/nothing}}", kind: .unexpectedClosingTag, line: 3, column: 4),
        BrokenTemplate(source: "{{=<% %>=}}\n<%name", kind: .unclosedTag, line: 2, column: 1),
        BrokenTemplate(source: "x\n {{=<%>=}}", kind: .invalidDelimiters, line: 2, column: 2),
        BrokenTemplate(source: "{{= a=b c =}}", kind: .invalidDelimiters, line: 1, column: 1),
        BrokenTemplate(source: "héllo {{}}", kind: .invalidTagName, line: 1, column: 7),
        BrokenTemplate(source: "{{first name}}", kind: .invalidTagName, line: 1, column: 1),
        BrokenTemplate(source: "\n\n\t{{a..b}}", kind: .invalidTagName, line: 3, column: 2),
        BrokenTemplate(source: "{{<layout}}\n{{$title}}T\n{{/layout}}", kind: .mismatchedClosingTag, line: 3, column: 1),
        BrokenTemplate(source: "{{! a comment\nover lines }}\n  {{#open}}", kind: .unclosedSection, line: 3, column: 3),
    ]

    @Test(.timeLimit(.minutes(1)))
    func aLineOfManyTagsIsCountedOnceAndStillGetsItsColumnRight() {
        let count = 50_000
        let source = String(repeating: "ü{{a}}", count: count) + "{{#open}}"
        do {
            _ = try TemplateLibrary(templates: ["long": source])
            Issue.record("compiled without error")
        } catch {
            #expect(error.kind == .unclosedSection)
            #expect(error.line == 1)
            #expect(error.column == count * 6 + 1)
        }
    }

    @Test func sectionsNestedWithoutEndAreAnErrorRatherThanAStackOverflow() {
        let depth = 100_000
        let source = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        do {
            _ = try TemplateLibrary(templates: ["deep": source])
            Issue.record("compiled without error")
        } catch {
            #expect(error.kind == .recursionTooDeep)
            #expect(error.file == "deep")
            #expect(error.line == 1)
        }
    }

    @Test(arguments: broken)
    func brokenTemplateReportsFileLineAndColumn(_ broken: BrokenTemplate) {
        do {
            _ = try TemplateLibrary(templates: ["pages/broken": broken.source, "layout": "{{$title}}{{/title}}"])
            Issue.record("compiled without error")
        } catch {
            #expect(error.kind == broken.kind)
            #expect(error.file == "pages/broken")
            #expect(error.line == broken.line)
            #expect(error.column == broken.column)
            #expect(error.description.hasPrefix("pages/broken:\(broken.line):\(broken.column): "))
        }
    }

    @Test func strictModeReportsUnknownPartialAtStartUp() {
        let strict = TemplateLibrary.Configuration(strict: true)
        #expect(throws: TemplateError(.unknownPartial, file: "page", line: 2, column: 3, message: "unknown template 'sidebar'")) {
            try TemplateLibrary(templates: ["page": "<main>\n  {{>sidebar}}\n</main>"], configuration: strict)
        }
        #expect(throws: TemplateError.self) {
            try TemplateLibrary(templates: ["page": "{{<layuot}}{{/layuot}}", "layout": ""], configuration: strict)
        }
    }

    @Test func specModeRendersUnknownPartialsAndMissingKeysAsNothing() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>nothing}}{{missing}}{{a.b}}{{#gone}}x{{/gone}}]"])
        #expect(try library.render("page", ["a": [:]]) == "[]")
    }

    @Test(arguments: [
        ("<p>{{title}}</p>\n<p>{{subtitle}}</p>", "subtitle", 2, 4),
        ("{{#items}}\n  {{name}} {{price}}\n{{/items}}", "price", 2, 12),
        ("{{user.name}}", "user.name", 1, 1),
        ("{{#items}}{{/items}}{{^flag}}x{{/flag}}", "flag", 1, 21),
    ])
    func strictModeReportsMissingKeyWithPosition(template: String, key: String, line: Int, column: Int) throws {
        let library = try TemplateLibrary(templates: ["page": template], configuration: .init(strict: true))
        let value: TemplateValue = ["title": "T", "items": [["name": "n"]], "user": ["id": 1]]
        #expect(throws: TemplateError(.missingKey, file: "page", line: line, column: column, message: "missing key '\(key)'")) {
            try library.render("page", value)
        }
    }

    @Test func strictModeAcceptsNullAndFalseForOptionalValues() throws {
        let library = try TemplateLibrary(templates: ["page": "{{title}}{{#flag}}!{{/flag}}{{^flag}}?{{/flag}}"], configuration: .init(strict: true))
        #expect(try library.render("page", ["title": nil, "flag": false]) == "?")
    }

    @Test func strictModeRefusesToWriteAListAsText() throws {
        let library = try TemplateLibrary(templates: ["page": "{{items}}"], configuration: .init(strict: true))
        #expect(throws: TemplateError.self) { try library.render("page", ["items": [1, 2]]) }
    }
}
