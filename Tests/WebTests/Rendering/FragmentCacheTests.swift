import Testing
import TemplateEngine
@testable import Web

@Suite struct FragmentCacheTests {
    /// Renders `text` and counts the renders.
    final class Counter {
        var renders = 0
        func render(_ text: String) -> [UInt8] {
            renders += 1
            return Array(text.utf8)
        }
    }

    @Test func theSameContentReusesTheMarkupAndOtherContentIsRenderedAgain() throws {
        let cache = FragmentCache<String, [String]>(capacity: 4)
        let counter = Counter()
        #expect(try cache.markup(for: "list", content: ["a"], render: { counter.render("<a>") }) == Array("<a>".utf8))
        #expect(try cache.markup(for: "list", content: ["a"], render: { counter.render("never") }) == Array("<a>".utf8))
        #expect(counter.renders == 1)
        #expect(try cache.markup(for: "list", content: ["b"], render: { counter.render("<b>") }) == Array("<b>".utf8))
        #expect(try cache.markup(for: "list", content: ["b"], render: { counter.render("never") }) == Array("<b>".utf8))
        #expect(counter.renders == 2)
        #expect(cache.count == 1)
    }

    @Test func atCapacityItStartsOverWithTheNewKey() throws {
        let cache = FragmentCache<Int, Int>(capacity: 2)
        for key in 0..<2 { _ = try cache.markup(for: key, content: key, render: { [] }) }
        #expect(cache.count == 2)
        _ = try cache.markup(for: 2, content: 2, render: { [] })
        #expect(cache.count == 1)
    }

    @Test func aFailedRenderKeepsNothing() {
        let cache = FragmentCache<Int, Int>(capacity: 2)
        #expect(throws: TemplateError.self) {
            _ = try cache.markup(for: 1, content: 1, render: { () throws(TemplateError) -> [UInt8] in
                throw TemplateError(.unknownTemplate, file: "x", line: 0, column: 0, message: "no template named 'x'")
            })
        }
        #expect(cache.count == 0)
    }
}

/// A row of one string, compared like `ItemListContent.Row`, through pointers.
struct TextRow: FragmentRow {
    var text: String

    static func sameContent(_ left: UnsafePointer<TextRow>, _ right: UnsafePointer<TextRow>) -> Bool {
        left.pointee.text == right.pointee.text
    }
}

@Suite struct FragmentRowsTests {
    @Test func rowsAreEqualExactlyWhenEveryElementIs() {
        func rows(_ texts: String...) -> FragmentRows<TextRow> { FragmentRows(elements: texts.map { TextRow(text: $0) }) }
        #expect(rows("a", "b") == rows("a", "b"))
        #expect(rows("a", "b") != rows("a", "c"))
        #expect(rows("a", "b") != rows("a"))
        #expect(rows() == rows())
        // Equal text in two separate buffers: not the same bits, still the same rows.
        let long = String(repeating: "row ", count: 20)
        #expect(rows(long + "x") == rows(long + "x"))
        #expect(rows(long + "x") != rows(long + "y"))
    }
}
