import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// Static files: types, validators, methods, and no way out of the root.
@Suite struct StaticFileResponderTests {
    let folder = TemporaryDirectory()
    let root: String
    let responder: StaticFileResponder

    static let notFound = ClosureResponder { _, reply in reply.send(.text("no such page", status: .notFound)) }

    init() throws {
        try folder.write("TOP SECRET", to: "secret.txt")
        root = folder.path + "/public"
        try folder.write("body { color: red; }", to: "public/styles.css")
        try folder.write("console.log(1)", to: "public/app.js")
        try folder.write("<p>hi</p>", to: "public/sub/page.html")
        try folder.write("not for you", to: "public/.env")
        try folder.setModified("public/styles.css", secondsSince1970: 1_700_000_000)
        try folder.symlink("public/link-out.txt", pointingTo: folder.path + "/secret.txt")
        try folder.symlink("public/link-in.css", pointingTo: "styles.css")
        responder = StaticFileResponder(root: root, next: Self.notFound)
    }

    func get(_ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:]) -> HTTPResponse {
        let answer = Mutex<HTTPResponse?>(nil)
        responder.respond(
            to: HTTPRequest(method: method, target: target, headers: headers),
            connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
            reply: HTTPReply { response in answer.withLock { $0 = response } })
        return answer.withLock { $0 } ?? HTTPResponse(status: .internalServerError)
    }

    @Test(arguments: [
        ("/styles.css", "text/css; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/sub/page.html", "text/html; charset=utf-8"),
    ])
    func filesAreServedWithTheirContentType(_ path: String, _ type: String) {
        let response = get(path)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == type)
        #expect(response.headers["Cache-Control"] == "public, max-age=3600")
    }

    @Test func aFileCarriesValidators() {
        let response = get("/styles.css")
        #expect(response.body == Array("body { color: red; }".utf8))
        #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
    }

    @Test func aMatchingETagGives304() {
        let etag = get("/styles.css").headers["ETag"] ?? "?"
        #expect(get("/styles.css", headers: ["If-None-Match": etag]).status == .notModified)
        #expect(get("/styles.css", headers: ["If-None-Match": "\"other\", \(etag)"]).status == .notModified)
        #expect(get("/styles.css", headers: ["If-None-Match": "\"other\""]).status == .ok)
    }

    @Test func ifModifiedSinceGives304UnlessTheFileIsNewer() {
        #expect(get("/styles.css", headers: ["If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT"]).status == .notModified)
        #expect(get("/styles.css", headers: ["If-Modified-Since": "Tue, 14 Nov 2023 22:13:19 GMT"]).status == .ok)
        #expect(get("/styles.css", headers: ["If-Modified-Since": "garbage"]).status == .ok)
    }

    @Test func aChangedFileIsServedFresh() throws {
        #expect(get("/app.js").body == Array("console.log(1)".utf8))
        try folder.write("console.log(22)", to: "public/app.js")
        #expect(get("/app.js").body == Array("console.log(22)".utf8))
    }

    @Test func otherMethodsOnAFileGet405WithAllow() {
        let response = get("/styles.css", method: .post)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }

    @Test func unknownPathsGoToTheNextResponder() {
        #expect(get("/missing.css").status == .notFound)
        #expect(get("/").status == .notFound)
        #expect(get("/sub").status == .notFound)
        #expect(get("/.env").body == Array("no such page".utf8))
    }

    @Test func aSymlinkInsideTheRootIsServed() {
        #expect(get("/link-in.css").status == .ok)
    }

    @Test(arguments: [
        "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
        "/%2e./secret.txt", "/sub/..%2f..%2fsecret.txt", "/..%2fsecret.txt", "/%2f..%2fsecret.txt",
        "/..%5csecret.txt", "/sub%5c..%5c..%5csecret.txt", "/sub\\..\\..\\secret.txt", "/..\\secret.txt",
        "/styles.css%00.txt", "/%00", "/./styles.css", "//secret.txt", "/%252e%252e/secret.txt",
        "/link-out.txt", "/sub/%2e%2e/%2e%2e/secret.txt", "/%zz", "/%c0%ae%c0%ae/secret.txt",
    ])
    func nothingOutsideTheRootIsEverServed(_ target: String) {
        let response = get(target)
        #expect(response.status == .badRequest || response.status == .notFound)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("TOP SECRET"))
    }

    @Test func headOverTheWireKeepsTheLengthAndDropsTheBody() throws {
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("HEAD /styles.css HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "20")
            client.send("GET /styles.css HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "body { color: red; }")
        }
    }
}
