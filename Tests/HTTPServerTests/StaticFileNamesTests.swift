import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// The names frozen at start: paths that cannot be files skip the file system, nothing else changes.
@Suite struct StaticFileNamesTests {
    let names = StaticFileNames(["styles.css", "sub", ".well-known"])

    @Test(arguments: [
        ("/styles.css", true), ("/sub/page.html", true), ("/sub", true), ("/.well-known/x", true),
        ("/library/category-3/items/107/details", false), ("/", false), ("/login", false), ("/styles.cs", false),
        ("/styles.css.map", false), ("/library/%2e%2e/styles.css", true), ("/library/../styles.css", true),
        ("/library/./x", true), ("/a\\b", true), ("*", true), ("", true),
    ])
    func onlyPlainPathsOutsideTheListedNamesAreRuledOut(_ path: String, _ mayName: Bool) {
        #expect(names.mayName(path) == mayName)
    }

    @Test func manyNamesAreSettledAsAFewAre() {
        // Past the few compared one by one, the names are hashed: the same answers.
        let many = StaticFileNames(["styles.css", "sub", ".well-known"] + (0..<40).map { "file-\($0).txt" })
        for (path, mayName) in [
            ("/styles.css", true), ("/sub/page.html", true), ("/file-39.txt", true), ("/file-40.txt", false),
            ("/", false), ("/login", false), ("/styles.cs", false), ("/library/../styles.css", true), ("", true),
        ] {
            #expect(many.mayName(path) == mayName, "\(path)")
            #expect(names.mayName(path) == (path.hasPrefix("/file-") ? false : mayName), "\(path)")
        }
    }

    @Test func aFrozenResponderServesItsFilesAndPassesTheRestWithoutLooking() throws {
        let folder = TemporaryDirectory()
        try folder.write("TOP SECRET", to: "secret.txt")
        try folder.write("body { color: red; }", to: "public/styles.css")
        let notFound = ClosureResponder { _, reply in reply.send(.text("next", status: .notFound)) }
        let responder = StaticFileResponder(
            root: folder.path + "/public", next: notFound, configuration: .init(freezesTopLevelNames: true))
        try folder.write("added later", to: "public/late.txt")

        func get(_ target: String) -> HTTPResponse {
            let answer = Mutex<HTTPResponse?>(nil)
            responder.respond(
                to: HTTPRequest(method: .get, target: target),
                connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
                reply: HTTPReply { response in answer.withLock { $0 = response } })
            return answer.withLock { $0 } ?? HTTPResponse(status: .internalServerError)
        }

        #expect(get("/styles.css").body == Array("body { color: red; }".utf8))
        #expect(get("/late.txt").body == Array("next".utf8))
        #expect(get("/../secret.txt").status == .badRequest)
        #expect(get("/library/%2e%2e/%2e%2e/secret.txt").status == .badRequest)
    }
}
