import TestSupport
import Testing
import TemplateEngine

/// The render fuzzer's comparison (Tests/Fuzz/TemplateRenderFuzz.swift) on seeded cases: random
/// templates and data, the engine's output against the reference's, the same on every run.
@Suite struct RenderReferenceTests {
    @Test func theEngineRendersGeneratedTemplatesLikeTheReference() {
        var generator = SeededGenerator(seed: 0x5EED_7E47)
        var mismatches: [String] = []
        for _ in 0..<400 {
            let length = Int.random(in: 0..<600, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if let problem = RenderFuzzComparison.mismatch(for: bytes) { mismatches.append(problem) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of 400 differ; the first:\n\(mismatches.first ?? "")")
    }

    /// The comparison can fail: a reference that escaped differently would not agree.
    @Test func theReferenceEscapesAsTheEngineMust() throws {
        let library = try TemplateLibrary(templates: ["page": "{{v}}"])
        let text = "a&b<c>d\"e'f é"
        #expect(Array(try library.render("page", ["v": .string(text)]).utf8) == RenderFuzzReference.escape(text))
    }
}
