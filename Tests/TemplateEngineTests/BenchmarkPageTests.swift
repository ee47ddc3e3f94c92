import Foundation
import Testing
import TemplateEngine

@Suite struct BenchmarkPageTests {
    static let savedPage = SpecCase.folder.deletingLastPathComponent().appendingPathComponent("bench/nginx-root/page.html")
    static var savedPageExists: Bool { FileManager.default.fileExists(atPath: savedPage.path) }

    // Compares with the saved copy of the page served by nginx in the side-by-side benchmark (not vendored).
    @Test(.enabled(if: savedPageExists))
    func benchmarkPageRendersByteForByteLikeTheSavedCopy() throws {
        let library = try TemplateLibrary(templates: BenchmarkPage.templates, configuration: .init(strict: true))
        let html = try library.render("library/detail", BenchmarkPage.value(category: 3, number: 7, tab: "details"))
        let saved = try String(contentsOf: Self.savedPage, encoding: .utf8)
        #expect(html == saved)
    }

    @Test func benchmarkPageCompilesStrictAndMarksTheSelection() throws {
        let library = try TemplateLibrary(templates: BenchmarkPage.templates, configuration: .init(strict: true))
        let html = try library.render("library/detail", BenchmarkPage.value(category: 2, number: 5, tab: "options"))
        #expect(html.contains(#"<li class="item is-selected"><a href="/library/category-2/items/5/options"><span class="item-title">Item 5 &lt;2&gt;</span>"#))
        #expect(html.contains(#"<a class="detail-tab is-selected" href="/library/category-2/items/5/options" aria-current="page">Options</a>"#))
        #expect(html.utf8.count > 12_000 && html.utf8.count < 16_000)
    }

    /// Not a unit test: `TEMPLATE_BENCH=1 swift test -c release --filter renderBenchmark`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TEMPLATE_BENCH"] == "1"))
    func renderBenchmark() throws {
        let library = try TemplateLibrary(templates: BenchmarkPage.templates, configuration: .init(strict: true))
        let iterations = 10_000
        let value = BenchmarkPage.value(category: 3, number: 7, tab: "details")
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32_768)
        for _ in 0..<200 {  // warm up
            buffer.removeAll(keepingCapacity: true)
            try library.render("library/detail", value, into: &buffer)
        }
        let clock = ContinuousClock()
        let renderTime = try clock.measure {
            for _ in 0..<iterations {
                buffer.removeAll(keepingCapacity: true)
                try library.render("library/detail", value, into: &buffer)
            }
        }
        var checksum = 0
        let buildTime = clock.measure {
            for n in 0..<iterations {
                if case .object(let object) = BenchmarkPage.value(category: 3, number: n % 50 + 1, tab: "details") {
                    checksum &+= object.count
                }
            }
        }
        func microseconds(_ duration: Duration) -> Double {
            let (seconds, attoseconds) = duration.components
            return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(iterations)
        }
        print(String(format: "template benchmark: render %.2f µs/page (%d bytes), building the values %.2f µs/page, %d renders [%d]",
            microseconds(renderTime), buffer.count, microseconds(buildTime), iterations, checksum))
        #expect(buffer.count > 12_000)
    }
}
