import TestSupport

/// Deterministic test inputs: seeded noise, text-like data and HTML like the benchmark page.
struct TestBytes {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func random(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// Words from a small vocabulary: compressible, with matches at every distance.
    mutating func words(_ count: Int) -> [UInt8] {
        let vocabulary = ["item", "category", "value", "of", "the", "<li>", "</li>", "href=\"/library/", "&amp;", "\n"]
        var bytes: [UInt8] = []
        while bytes.count < count {
            bytes += Array(vocabulary[Int(next() % UInt64(vocabulary.count))].utf8)
            bytes.append(UInt8(ascii: " "))
        }
        return Array(bytes.prefix(count))
    }

    /// A page shaped like the benchmark page: 8 categories, 50 items, 10 detail rows.
    static func benchmarkLikePage() -> [UInt8] {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Item 7</title></head>\n<body class=\"app\">\n"
        html += "<ul class=\"categories\">\n"
        for category in 1...8 {
            html += "<li class=\"category\"><a href=\"/library/category-\(category)\"><span class=\"category-name\">Category \(category)</span> <span class=\"category-count\">50</span></a></li>\n"
        }
        html += "</ul>\n<ul class=\"items\">\n"
        for item in 1...50 {
            html += "<li class=\"item\"><a href=\"/library/category-3/items/\(item)\"><span class=\"item-title\">Item \(item) &lt;3&gt;</span><span class=\"item-subtitle\">Subtitle of item \(item) in Category 3 &amp; friends</span></a></li>\n"
        }
        html += "</ul>\n<table class=\"details\">\n"
        for row in 1...10 {
            html += "<tr><th scope=\"row\">Field \(row)</th><td>Value \(row) of item 7</td></tr>\n"
        }
        html += "</table>\n</body>\n</html>\n"
        return Array(html.utf8)
    }
}
