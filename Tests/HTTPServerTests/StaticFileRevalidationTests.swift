import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// A cached file is served without a `stat` for `revalidationInterval`; with none, every request
/// checks the file on disk (StaticFileGzipTests.aChangedFileGetsAFreshGzipRepresentation).
@Suite struct StaticFileRevalidationTests {
    let folder = TemporaryDirectory()
    static let notFound = ClosureResponder { _, reply in reply.send(.text("no such page", status: .notFound)) }

    init() throws {
        try folder.write("body { color: red; }\n", to: "public/app.css")
    }

    func responder(interval: Duration) -> StaticFileResponder {
        StaticFileResponder(
            root: folder.path + "/public", next: Self.notFound, configuration: .init(revalidationInterval: interval))
    }

    func get(_ target: String, from responder: StaticFileResponder) -> HTTPResponse {
        let answer = Mutex<HTTPResponse?>(nil)
        responder.respond(
            to: HTTPRequest(method: .get, target: target),
            connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
            reply: HTTPReply { response in answer.withLock { $0 = response } })
        return answer.withLock { $0 } ?? HTTPResponse(status: .internalServerError)
    }

    @Test func withinTheIntervalTheCachedFileIsServedWithoutLookingAtTheDisk() throws {
        let responder = responder(interval: .seconds(3600))
        #expect(get("/app.css", from: responder).body == Array("body { color: red; }\n".utf8))
        try folder.write("body { color: blue; }\n", to: "public/app.css")
        // Still the copy checked a moment ago: the change is seen once the interval has passed.
        #expect(get("/app.css", from: responder).body == Array("body { color: red; }\n".utf8))
    }

    @Test func aPathSpelledWithEscapesFindsTheSameCachedFile() throws {
        let responder = responder(interval: .seconds(3600))
        #expect(get("/app.css", from: responder).body == Array("body { color: red; }\n".utf8))
        try folder.write("body { color: blue; }\n", to: "public/app.css")
        // Decoded, the same path: the same entry, checked a moment ago, whichever way it is spelled.
        #expect(get("/app%2Ecss", from: responder).body == Array("body { color: red; }\n".utf8))
    }

    @Test func withoutAnIntervalAChangeIsSeenAtTheNextRequest() throws {
        let responder = responder(interval: .zero)
        #expect(get("/app.css", from: responder).body == Array("body { color: red; }\n".utf8))
        try folder.write("body { color: blue; }\n", to: "public/app.css")
        #expect(get("/app.css", from: responder).body == Array("body { color: blue; }\n".utf8))
    }

    @Test func aFileNeverCachedIsLookedUpWhateverTheInterval() {
        let responder = responder(interval: .seconds(3600))
        #expect(get("/missing.css", from: responder).status == .notFound)
    }
}
