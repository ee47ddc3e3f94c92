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

    /// Not a unit test: `TEMPLATE_BENCH=1 swift test -c release --filter renderBenchmark`;
    /// `TEMPLATE_BENCH=render` times rendering alone (for profiling).
    /// Times are this thread's CPU time, best of 5 rounds: the machine is shared, wall time is noise.
    @Test(.enabled(if: ["1", "render"].contains(ProcessInfo.processInfo.environment["TEMPLATE_BENCH"])))
    func renderBenchmark() throws {
        let library = try TemplateLibrary(templates: BenchmarkPage.templates, configuration: .init(strict: true))
        let iterations = 10_000
        let rounds = 5
        let value = BenchmarkPage.value(category: 3, number: 7, tab: "details")
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32_768)
        for _ in 0..<200 {  // warm up
            buffer.removeAll(keepingCapacity: true)
            try library.render("library/detail", value, into: &buffer)
        }
        let renderTime = try Self.bestMicroseconds(rounds: rounds, iterations: iterations / rounds) {
            buffer.removeAll(keepingCapacity: true)
            try library.render("library/detail", value, into: &buffer)
        }
        var checksum = 0
        var buildTime = 0.0
        if ProcessInfo.processInfo.environment["TEMPLATE_BENCH"] != "render" {
            buildTime = Self.bestMicroseconds(rounds: rounds, iterations: iterations / rounds) {
                if case .object(let object) = BenchmarkPage.value(category: 3, number: 7, tab: "details") {
                    checksum &+= object.count
                }
            }
        }
        print(String(format: "template benchmark: render %.2f µs/page (%d bytes), building the values %.2f µs/page, %d renders",
            renderTime, buffer.count, buildTime, iterations))
        #expect(buffer.count > 12_000)
    }

    private static func bestMicroseconds(rounds: Int, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
        func threadCPUTime() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
        }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = threadCPUTime()
            for _ in 0..<iterations { try body() }
            best = min(best, (threadCPUTime() - start) / Double(iterations))
        }
        return best
    }
}
