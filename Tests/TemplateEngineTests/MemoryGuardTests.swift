import Testing
@testable import TemplateEngine

/// The guards of the engine's raw memory hold in every build: a writer that reports more than its
/// room, or a text writer kept past its call, stops the process instead of writing out of bounds.
@Suite struct MemoryGuardTests {
    @Test func aWriterReportingMoreThanItsRoomStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = PlainValueBuffer<UInt8>(capacity: 16)
            buffer.append(upTo: 4) { _ in 5 }
        }
    }

    @Test func aNegativeCountStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = PlainValueBuffer<UInt8>(capacity: 16)
            buffer.append(count: -1) { _ in }
        }
    }

    @Test func movingATailFromBeforeTheStartStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = PlainValueBuffer<UInt32>(capacity: 16)
            var other = PlainValueBuffer<UInt32>(capacity: 16)
            buffer.append(1)
            buffer.moveTail(from: -1, to: &other)
        }
    }

    /// Text writers are noncopyable, but two live at once can be swapped: the data that handed one
    /// out takes back only its own.
    @Test func aTextWriterSwappedForAnotherStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var first = TemplateData()
            var second = TemplateData()
            first.setRoot { first in
                _ = first.add("a", textOfAtMost: 8) { outer in
                    second.setRoot { second in
                        _ = second.add("b", textOfAtMost: 8) { inner in swap(&outer, &inner) }
                    }
                }
            }
        }
    }

    /// The same buffers, used as they should be, keep every value.
    @Test func appendsWithinTheirRoomKeepWhatWasWritten() {
        var buffer = PlainValueBuffer<UInt8>(capacity: 16)
        for length in 0...80 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            bytes.withUnsafeBufferPointer { buffer.append($0) }
        }
        buffer.append(upTo: 3) { target in
            target[0] = 1
            target[1] = 2
            return 2
        }
        var expected: [UInt8] = []
        for length in 0...80 { expected += (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) } }
        expected += [1, 2]
        var copied: [UInt8] = []
        buffer.copy(to: &copied)
        #expect(copied == expected)
    }

    @Test func templatesPastTheSizeLimitAreRefusedNamingTheFile() throws {
        // Counted in name order, whatever order they come in: the file named is always the same.
        let sources = [("c", Array(repeating: UInt8(ascii: "c"), count: 600)), ("a", Array(repeating: UInt8(ascii: "a"), count: 600)), ("b", Array("{{b}}".utf8))]
        #expect(throws: TemplateError(
            .tooLarge, file: "c", line: 0, column: 0,
            message: "the templates pass 1000 bytes together with this file; a library compiles at most that much"
        )) {
            try TemplateLibrary(sources: sources, directory: nil, configuration: .init(), maximumSourceBytes: 1000)
        }
        let fits = try TemplateLibrary(sources: sources, directory: nil, configuration: .init(), maximumSourceBytes: 1205)
        #expect(try fits.render("b", ["b": "<"]) == "&lt;")
    }

    @Test func integersPrintWithEveryDigit() throws {
        let library = try TemplateLibrary(templates: ["n": "{{#n}}{{.}},{{/n}}"])
        let numbers = [0, 7, -1, 10, 99, 100, Int.max, Int.min, 1_000_000_007]
        #expect(try library.render("n", ["n": .list(numbers.map { .int($0) })]) == numbers.map { "\($0)," }.joined())
    }
}
