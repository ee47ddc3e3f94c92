import Testing
import TemplateEngine

/// Runs every case of the official Mustache specification (spec mode: missing keys and partials
/// render as nothing, as the specification requires).
@Suite struct SpecTests {
    // Skipped when the specification files are not next to the package (they are not vendored).
    @Test("Mustache specification case", .enabled(if: SpecCase.folderExists), arguments: SpecCase.all)
    func rendersAsSpecified(_ specCase: SpecCase) throws {
        var templates = specCase.partials
        let main = "«spec template»"
        templates[main] = specCase.template
        let library = try TemplateLibrary(templates: templates)
        #expect(try library.render(main, specCase.data) == specCase.expected)
    }

    @Test(.enabled(if: SpecCase.folderExists))
    func specFolderHoldsAllCases() {
        #expect(SpecCase.all.count == 163)
    }

    /// On a developer's machine the specification may be absent (the cases above are skipped); in
    /// CI its absence is a failure, so a green run always means the specification passed.
    @Test(.enabled(if: SpecCase.isContinuousIntegration))
    func theSpecificationIsThereInContinuousIntegration() {
        #expect(SpecCase.folderExists, "the Mustache specification is missing at \(SpecCase.folder.path)")
    }
}
