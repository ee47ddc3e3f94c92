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

    /// The one-pass judgement of plain paths agrees with decoding and splitting, for every path
    /// of up to five pieces drawn from names, dots, hidden names and separators.
    @Test func plainPathsAreJudgedAsTheGeneralWayJudgesThem() {
        let pieces = ["a", "/", ".", "..", "...", ".well-known", ".well-knowns", ".git", "é", "b.css", "//"]
        var paths = ["/"]
        for _ in 0..<5 {
            paths += paths.suffix(2000).flatMap { path in pieces.map { path + $0 } }
        }
        var judged = 0
        for path in paths {
            guard let plain = StaticFilePath.resolvePlain(path) else { continue }
            judged += 1
            #expect(plain == StaticFilePath.resolveDecoding(path), "\(path)")
        }
        #expect(judged > 10_000)
    }
}
