@testable import HTTPServer
import Testing

@Suite struct StaticFilePathTests {
    @Test func plainPathsResolveToRelativeFiles() {
        #expect(StaticFilePath.resolve("/styles.css") == .file("styles.css"))
        #expect(StaticFilePath.resolve("/img/a%20b.png") == .file("img/a b.png"))
        #expect(StaticFilePath.resolve("/.well-known/security.txt") == .file(".well-known/security.txt"))
    }

    @Test func directoriesAndHiddenNamesAreNotFiles() {
        #expect(StaticFilePath.resolve("/") == .notAFile)
        #expect(StaticFilePath.resolve("/img/") == .notAFile)
        #expect(StaticFilePath.resolve("/.git/config") == .notAFile)
    }

    @Test(arguments: ["/..", "/a/../b", "/%2e%2e/x", "/a%2fb", "/a%5cb", "/a\\b", "/a%00", "/%", "/%4", "a.css", "/./a"])
    func traversalFormsAreRejected(_ path: String) {
        #expect(StaticFilePath.resolve(path) == .rejected)
    }
}
