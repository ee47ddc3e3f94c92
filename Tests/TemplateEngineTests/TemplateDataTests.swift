import Testing
import TemplateEngine

/// Pages are built with `TemplateData`'s `add` calls; they must render exactly as the same data
/// given as a `TemplateValue` tree.
@Suite struct TemplateDataTests {
    let library: TemplateLibrary

    init() throws {
        library = try TemplateLibrary(
            templates: [
                "page": """
                <h1>{{title}}</h1>{{#rows}}<a href="{{href}}"{{#isSelected}} aria-current="page"{{/isSelected}}>{{title}}</a>{{/rows}}\
                {{^rows}}none{{/rows}} {{count}} {{#detail}}{{note}} {{title}}{{/detail}}{{^missing}}!{{/missing}}\
                {{#tags}}[{{.}}]{{/tags}} {{{raw}}}
                """,
                "long": "{{aVeryLongKeyNameIndeed}}/{{aVeryLongKeyNameIndeeD}}/{{short}}",
            ], configuration: .init(strict: true))
    }

    private func render(_ name: String, _ data: borrowing TemplateData) throws -> String {
        var bytes: [UInt8] = []
        try library.render(name, data, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private struct Row {
        var title: String
        var href: String
        var isSelected: Bool
    }

    private let rows = [
        Row(title: "Item 1 <3>", href: "/library/a/items/1", isSelected: false),
        Row(title: "Tom & Jerry's \"show\"", href: "/library/a/items/2?x=1&y=2", isSelected: true),
    ]

    @Test func buildingRendersLikeTheSameValueTree() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("title", "Café <menu>")
            data.add("rows", objects: rows) { data, row in
                data.add("title", row.title)
                data.add("href", row.href)
                data.add("isSelected", row.isSelected)
            }
            data.add("count", 42)
            data.add("detail", object: { data in data.add("note", "a note") })
            data.addNull("missing")
            data.add("tags", strings: ["x", "<y>"])
            data.add("raw", "<b>bold</b>")
        }
        let tree: TemplateValue = [
            "title": "Café <menu>",
            "rows": .list(rows) { row in ["title": .string(row.title), "href": .string(row.href), "isSelected": .bool(row.isSelected)] },
            "count": 42, "detail": ["note": "a note"], "missing": nil, "tags": ["x", "<y>"], "raw": "<b>bold</b>",
        ]
        let built = try render("page", data)
        #expect(built == (try library.render("page", tree)))
        #expect(built.contains("<h1>Café &lt;menu&gt;</h1>"))
        #expect(built.contains(#"<a href="/library/a/items/2?x=1&amp;y=2" aria-current="page">Tom &amp; Jerry&#39;s &quot;show&quot;</a>"#))
        #expect(built.contains("a note Café &lt;menu&gt;"), "a lookup missing in an object falls back to the enclosing one")
        #expect(built.hasSuffix("[x][&lt;y&gt;] <b>bold</b>"))
    }

    @Test func anEmptyListIsAFalseSection() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("title", "t")
            data.add("rows", objects: [Row]()) { _, _ in }
            data.add("count", 0)
            data.add("detail", false)
            data.add("missing", true)
            data.add("tags", strings: [])
            data.add("raw", "")
        }
        #expect(try render("page", data) == "<h1>t</h1>none 0  ")
    }

    @Test func textWrittenByAClosureIsEscapedLikeAnyString() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("title", text: { $0 += Array("a&b".utf8) })
            data.add("rows", objects: rows.prefix(1)) { data, row in
                data.add("title", text: { $0 += Array(row.title.utf8) })
                data.add("href", text: { $0 += Array(row.href.utf8) })
                data.add("isSelected", row.isSelected)
            }
            data.add("count", -7)
            data.addNull("detail")
            data.addNull("missing")
            data.add("tags", strings: [])
            data.add("raw", text: { $0 += Array("<i>".utf8) })
        }
        #expect(try render("page", data) == #"<h1>a&amp;b</h1><a href="/library/a/items/1">Item 1 &lt;3&gt;</a> -7 ! <i>"#)
    }

    /// A text writer puts its pieces straight into the data, escaped like any string when rendered;
    /// text that does not fit its room adds nothing, and the data goes on as if it was never tried.
    @Test func textWrittenInPiecesFitsItsRoomOrAddsNothing() throws {
        var data = TemplateData(expectedBytes: 16)
        var fitted = false
        var refused = false
        data.setRoot { data in
            fitted = data.add("title", textOfAtMost: 16) { writer in
                writer.append(contentsOf: "a&")
                writer.append(UInt8(ascii: "b"))
                let tail = "-tail"
                writer.append(contentsOf: tail)
            }
            data.add("rows", objects: rows.prefix(1)) { data, row in
                data.add("title", row.title)
                refused = data.add("href", textOfAtMost: 8) { writer in
                    writer.append(contentsOf: "/library/")
                    writer.append(UInt8(ascii: "x"))
                    let overflowed = writer.overflowed  // the writer is noncopyable: #expect cannot take it
                    #expect(overflowed)
                }
                data.add("href", row.href)
                data.add("isSelected", row.isSelected)
            }
            data.add("count", 1)
            data.addNull("detail")
            data.addNull("missing")
            data.add("tags", strings: [])
            data.add("raw", "")
        }
        #expect(fitted)
        #expect(!refused)
        #expect(try render("page", data) == #"<h1>a&amp;b-tail</h1><a href="/library/a/items/1">Item 1 &lt;3&gt;</a> 1 ! "#)
    }

    @Test func aTextWriterFillsItsRoomExactly() throws {
        var data = TemplateData()
        var results: [Bool] = []
        data.setRoot { data in
            for room in [3, 4] {
                results.append(data.add("short", textOfAtMost: room) { $0.append(contentsOf: "abcd") })
            }
            data.add("aVeryLongKeyNameIndeed", "x")
            data.add("aVeryLongKeyNameIndeeD", "y")
        }
        #expect(results == [false, true])
        #expect(try render("long", data) == "x/y/abcd")
    }

    /// Names of up to 15 bytes are compared by their packed bytes, longer ones by hash and then
    /// byte by byte: two long names differing only in their last byte must not be confused.
    @Test func longAndShortKeysAreMatchedExactly() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("aVeryLongKeyNameIndeed", "lower")
            data.add("aVeryLongKeyNameIndeeD", "upper")
            data.add("short", "s")
            data.add("shorT", "S")
        }
        #expect(try render("long", data) == "lower/upper/s")
    }

    @Test func theLastOfTwoFieldsWithOneKeyWins() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("aVeryLongKeyNameIndeed", "first")
            data.add("aVeryLongKeyNameIndeed", "second")
            data.add("aVeryLongKeyNameIndeeD", "x")
            data.add("short", "one")
            data.add("short", "two")
        }
        #expect(try render("long", data) == "second/x/two")
    }

    @Test func renderedMarkupIsWrittenAsIsByATripleTagAndEscapedByADoubleOne() throws {
        let markup = try library.render("long", ["aVeryLongKeyNameIndeed": "<b>", "aVeryLongKeyNameIndeeD": "&", "short": "'"])
        let fragments = try TemplateLibrary(templates: ["page": "{{{part}}}|{{part}}"])
        var data = TemplateData()
        data.setRoot { data in data.add("part", rendered: Array(markup.utf8)) }
        var bytes: [UInt8] = []
        try fragments.render("page", data, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "&lt;b&gt;/&amp;/&#39;|&amp;lt;b&amp;gt;/&amp;amp;/&amp;#39;")
    }

    @Test func dataWithoutARootRendersTextAndMissesEveryKey() throws {
        let plain = try TemplateLibrary(templates: ["text": "just text", "key": "{{name}}"], configuration: .init(strict: true))
        let data = TemplateData()
        var bytes: [UInt8] = []
        try plain.render("text", data, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "just text")
        #expect(throws: TemplateError.self) { try plain.render("key", data, into: &bytes) }
    }

    @Test func buffersGrowPastTheirFirstCapacity() throws {
        let many = (0..<2_000).map { Row(title: "Row \($0) <\($0 % 7)>", href: "/r/\($0)", isSelected: $0 % 3 == 0) }
        var data = TemplateData(expectedBytes: 16)
        data.setRoot { data in
            data.add("title", String(repeating: "<long & title> ", count: 400))
            data.add("rows", objects: many) { data, row in
                data.add("title", row.title)
                data.add("href", row.href)
                data.add("isSelected", row.isSelected)
            }
            data.add("count", many.count)
            data.addNull("detail")
            data.addNull("missing")
            data.add("tags", strings: many.prefix(50).map(\.title))
            data.add("raw", "")
        }
        let tree: TemplateValue = [
            "title": .string(String(repeating: "<long & title> ", count: 400)),
            "rows": .list(many) { row in ["title": .string(row.title), "href": .string(row.href), "isSelected": .bool(row.isSelected)] },
            "count": .int(many.count), "detail": nil, "missing": nil, "tags": .list(many.prefix(50)) { .string($0.title) },
            "raw": "",
        ]
        #expect(try render("page", data) == (try library.render("page", tree)))
    }

    /// A page rendered into a new array is the same whether it fits the room it was given (written
    /// in place) or outgrows it (moved once), at every size around the page's own.
    @Test func renderingIntoANewArrayMatchesAppendingAtEverySize() throws {
        var data = TemplateData()
        data.setRoot { data in
            data.add("title", "Café <menu>")
            data.add("rows", objects: Array(repeating: rows, count: 40).flatMap { $0 }) { data, row in
                data.add("title", row.title)
                data.add("href", row.href)
                data.add("isSelected", row.isSelected)
            }
            data.add("count", 42)
            data.add("detail", object: { data in data.add("note", "a note") })
            data.addNull("missing")
            data.add("tags", strings: ["x", "<y>"])
            data.add("raw", "<b>bold</b>")
        }
        let appended = try render("page", data)
        let size = appended.utf8.count
        for expected in [0, 1, 16, size / 2, size - 1, size, size + 1, 4 * size] {
            let bytes = try library.render("page", data, expectedBytes: expected)
            #expect(String(decoding: bytes, as: UTF8.self) == appended, "room for \(expected) of \(size) bytes")
        }
        #expect(throws: TemplateError.self) { try library.render("no such page", data, expectedBytes: 64) }
    }
}
