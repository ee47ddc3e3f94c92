import Foundation
import Testing
import TemplateEngine

@Suite struct RenderingTests {
    private func render(_ template: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var templates = partials
        templates["main"] = template
        return try TemplateLibrary(templates: templates).render("main", value)
    }

    @Test(arguments: [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
        ("plain text", "plain text"), ("", ""), ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"),
        ("<<>>", "&lt;&lt;&gt;&gt;"), ("é & ü → ∑", "é &amp; ü → ∑"), ("=/`", "=/`"),
    ])
    func escapesEverySpecialCharacter(input: String, expected: String) throws {
        #expect(try render("{{value}}", ["value": .string(input)]) == expected)
        #expect(try render("{{{value}}}", ["value": .string(input)]) == input)
        #expect(try render("{{&value}}", ["value": .string(input)]) == input)
    }

    @Test func escapesSpecialCharactersAtEveryOffsetOfLongText() throws {
        let library = try TemplateLibrary(templates: ["page": "{{value}}"])
        for (special, entity) in [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "é", count: 19 - offset)
                let expected = try render("{{{value}}}", ["value": .string(text)])
                    .replacingOccurrences(of: special, with: entity)
                #expect(try library.render("page", ["value": .string(text)]) == expected)
            }
        }
    }

    /// Neighbours one above a special byte ('=' after '<', "'" after '&', U+0001) are where a
    /// word-at-a-time scan could raise false alarms; every length covers the zero-padded tail.
    @Test func escapesRunsOfSpecialAndNeighbouringBytesAtEveryLength() throws {
        let library = try TemplateLibrary(templates: ["page": "{{value}}"])
        let alphabet: [Character] = ["<", "=", "&", "'", "\u{01}", "a", ">", "?", "\"", "#", "é"]
        for length in 0..<26 {
            for shift in 0..<alphabet.count {
                let text = String((0..<length).map { alphabet[($0 * 7 + shift * 3 + $0 / 3) % alphabet.count] })
                var expected = ""
                for character in text {
                    switch character {
                    case "&": expected += "&amp;"
                    case "<": expected += "&lt;"
                    case ">": expected += "&gt;"
                    case "\"": expected += "&quot;"
                    case "'": expected += "&#39;"
                    default: expected.append(character)
                    }
                }
                #expect(try library.render("page", ["value": .string(text)]) == expected)
            }
        }
    }

    @Test func writesNumbersAndBooleans() throws {
        let value: TemplateValue = ["i": 42, "n": -7, "zero": 0, "big": .int(Int.min), "d": 1.5, "t": true, "f": false]
        #expect(try render("{{i}} {{n}} {{zero}} {{big}} {{d}} {{t}} {{f}}", value) == "42 -7 0 \(Int.min) 1.5 true false")
    }

    @Test func nestedSectionsSeeEnclosingContexts() throws {
        let value: TemplateValue = [
            "title": "Shop",
            "categories": [
                ["name": "Books", "items": [["name": "Dune"], ["name": "Emma", "sale": true]]],
                ["name": "Empty", "items": []],
            ],
        ]
        let template = "{{#categories}}[{{name}}:{{#items}}({{name}}@{{title}}{{#sale}}!{{/sale}}){{/items}}{{^items}}none{{/items}}]{{/categories}}"
        #expect(try render(template, value) == "[Books:(Dune@Shop)(Emma@Shop!)][Empty:none]")
    }

    @Test func sectionOverObjectPushesItAndDottedNamesReachInside() throws {
        let value: TemplateValue = ["user": ["name": "Ada", "role": ["title": "Admin"]]]
        #expect(try render("{{#user}}{{name}} ({{role.title}}){{/user}} {{user.role.title}}", value) == "Ada (Admin) Admin")
    }

    @Test func partialsRenderInTheCurrentContextAndKeepIndentation() throws {
        let partials = ["row": "<li>{{name}}</li>\n", "list": "<ul>\n  {{#rows}}\n  {{>row}}\n  {{/rows}}\n</ul>\n"]
        let value: TemplateValue = ["rows": [["name": "a"], ["name": "<b>"]]]
        #expect(try render("{{>list}}", value, partials: partials) == "<ul>\n  <li>a</li>\n  <li>&lt;b&gt;</li>\n</ul>\n")
    }

    @Test func layoutInheritanceOverridesSomeBlocksAndKeepsOtherDefaults() throws {
        let layout = """
            <html>
            <head><title>{{$title}}Waypoint{{/title}}</title></head>
            <body>
              {{$content}}
              <p>Nothing here.</p>
              {{/content}}
              <footer>{{$footer}}© Waypoint{{/footer}}</footer>
            </body>
            </html>

            """
        let page = """
            {{<layout}}
            {{$title}}{{name}} · Waypoint{{/title}}
            {{$content}}
            <h1>{{name}}</h1>
            <p>{{summary}}</p>
            {{/content}}
            {{/layout}}

            """
        let library = try TemplateLibrary(templates: ["layout": layout, "page": page])
        let html = try library.render("page", ["name": "Tea & Cake", "summary": "<sweet>"])
        #expect(html == """
            <html>
            <head><title>Tea &amp; Cake · Waypoint</title></head>
            <body>
              <h1>Tea &amp; Cake</h1>
              <p>&lt;sweet&gt;</p>
              <footer>© Waypoint</footer>
            </body>
            </html>

            """)
        #expect(try library.render("layout", [:]).contains("<body>\n  <p>Nothing here.</p>\n  <footer>"))
    }

    @Test func bufferRenderingAppendsExactlyTheStringRendering() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#items}}<a href=\"{{href}}\">{{title}}</a>\n{{/items}}"])
        let value: TemplateValue = ["items": .list((1...20).map { ["href": "/items/\($0)", "title": "Item \($0) <\($0)>"] })]
        var buffer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
        let prefix = buffer.count
        try library.render("page", value, into: &buffer)
        #expect(String(decoding: buffer[prefix...], as: UTF8.self) == (try library.render("page", value)))
        buffer.removeAll(keepingCapacity: true)
        try library.render("page", value, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == (try library.render("page", value)))
    }

    @Test func selfIncludingPartialFailsInsteadOfRecursingForever() throws {
        let library = try TemplateLibrary(templates: ["loop": "x{{>loop}}"])
        #expect(throws: TemplateError.self) { try library.render("loop", [:]) }
        do {
            _ = try library.render("loop", [:])
        } catch {
            #expect(error.kind == .recursionTooDeep)
        }
    }

    @Test func blockArgumentContainingItselfFailsInsteadOfRecursingForever() throws {
        let library = try TemplateLibrary(templates: ["parent": "{{$a}}{{/a}}", "child": "{{<parent}}{{$a}}x{{$a}}{{/a}}{{/a}}{{/parent}}"])
        #expect(throws: TemplateError.self) { try library.render("child", [:]) }
    }

    @Test func unknownTemplateNameIsAnError() throws {
        let library = try TemplateLibrary(templates: ["a": "A"])
        #expect(throws: TemplateError(.unknownTemplate, file: "b", line: 0, column: 0, message: "no template named 'b'")) {
            try library.render("b", [:])
        }
    }

    @Test func convertibleTypesBecomeTheirTemplateValues() throws {
        struct Row: TemplateValueConvertible {
            let title: String
            let note: String?
            var templateValue: TemplateValue { ["title": title.templateValue, "note": note.templateValue] }
        }
        let rows = [Row(title: "a", note: nil), Row(title: "b", note: "<!>")]
        let value: TemplateValue = ["rows": rows.templateValue, "count": rows.count.templateValue, "ok": true.templateValue]
        let library = try TemplateLibrary(templates: ["page": "{{count}}{{#ok}}:{{/ok}}{{#rows}}[{{title}}{{#note}} {{.}}{{/note}}]{{/rows}}"], configuration: .init(strict: true))
        #expect(try library.render("page", value) == "2:[a][b &lt;!&gt;]")
    }

    @Test func objectsBuiltInCodeFindTheirFields() {
        var object: TemplateObject = ["a": 1, "b": "two"]
        object["c"] = true
        object["a"] = 3
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        if case .int(let number)? = object["a"] { #expect(number == 3) } else { Issue.record("a is not 3") }
        #expect(object["b"] == nil)
    }
}
