import Deflate
import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// Static text files: a gzip representation made once and kept, with its own ETag and 304s.
@Suite struct StaticFileGzipTests {
    let folder = TemporaryDirectory()
    let responder: StaticFileResponder
    static let css = String(repeating: ".item { color: red; margin: 0 auto; }\n", count: 80)
    static let notFound = ClosureResponder { _, reply in reply.send(.text("no such page", status: .notFound)) }

    init() throws {
        try folder.write(Self.css, to: "public/app.css")
        try folder.write("body{}", to: "public/small.css")
        try folder.write(String(repeating: "\u{1}\u{2}", count: 2000), to: "public/logo.png")
        responder = StaticFileResponder(root: folder.path + "/public", next: Self.notFound)
    }

    func get(_ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:]) -> HTTPResponse {
        let answer = Mutex<HTTPResponse?>(nil)
        responder.respond(
            to: HTTPRequest(method: method, target: target, headers: headers),
            connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
            reply: HTTPReply { response in answer.withLock { $0 = response } })
        return answer.withLock { $0 } ?? HTTPResponse(status: .internalServerError)
    }

    @Test func aTextFileIsSentGzippedWithItsOwnETag() throws {
        let plain = get("/app.css")
        let gzipped = get("/app.css", headers: ["Accept-Encoding": "gzip"])
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(gzipped.headers["Content-Encoding"] == "gzip")
        #expect(try Gzip.decompress(gzipped.body) == Array(Self.css.utf8))
        let etag = try #require(plain.headers["ETag"])
        #expect(gzipped.headers["ETag"] == String(etag.dropLast()) + "-gzip\"")
        #expect(plain.headers["Vary"] == "Accept-Encoding")
        #expect(gzipped.headers["Vary"] == "Accept-Encoding")
    }

    @Test func theGzipRepresentationIsMadeOnceAndKept() {
        let first = get("/app.css", headers: ["Accept-Encoding": "gzip"])
        let second = get("/app.css", headers: ["Accept-Encoding": "gzip"])
        // The same stored bytes come back: the cached array shares its storage.
        let sameStorage = first.body.withUnsafeBufferPointer { a in second.body.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        #expect(sameStorage)
    }

    @Test func aChangedFileGetsAFreshGzipRepresentation() throws {
        _ = get("/app.css", headers: ["Accept-Encoding": "gzip"])
        let changed = Self.css + "/* more */\n"
        try folder.write(changed, to: "public/app.css")
        #expect(try Gzip.decompress(get("/app.css", headers: ["Accept-Encoding": "gzip"]).body) == Array(changed.utf8))
    }

    @Test func eitherETagAnswers304ForEitherRepresentation() throws {
        let plainTag = try #require(get("/app.css").headers["ETag"])
        let gzipTag = try #require(get("/app.css", headers: ["Accept-Encoding": "gzip"]).headers["ETag"])
        for tag in [plainTag, gzipTag] {
            for accept in ["gzip", "identity"] {
                let response = get("/app.css", headers: ["If-None-Match": tag, "Accept-Encoding": accept])
                #expect(response.status == .notModified, "\(tag) with \(accept)")
                #expect(response.headers["ETag"] == (accept == "gzip" ? gzipTag : plainTag))
                #expect(response.headers["Vary"] == "Accept-Encoding")
            }
        }
        #expect(get("/app.css", headers: ["If-None-Match": "\"other-gzip\"", "Accept-Encoding": "gzip"]).status == .ok)
    }

    @Test func headSendsTheGzipHeadersOfGet() {
        let get = get("/app.css", headers: ["Accept-Encoding": "gzip"])
        let head = self.get("/app.css", method: .head, headers: ["Accept-Encoding": "gzip"])
        #expect(head.headers == get.headers)
        #expect(head.body == get.body)  // the connection drops it, after counting it for Content-Length
    }

    @Test func smallFilesAndBinaryFilesAreSentPlain() {
        let small = get("/small.css", headers: ["Accept-Encoding": "gzip"])
        #expect(small.headers["Content-Encoding"] == nil)
        #expect(small.headers["Vary"] == "Accept-Encoding")
        let image = get("/logo.png", headers: ["Accept-Encoding": "gzip"])
        #expect(image.headers["Content-Encoding"] == nil)
        #expect(image.headers["Vary"] == nil)
    }

    @Test func aFileTooBigForTheCacheIsNeverCodedPerRequest() {
        let uncached = StaticFileResponder(
            root: folder.path + "/public", next: Self.notFound, configuration: .init(maxCachedFileBytes: 1000))
        let answer = Mutex<HTTPResponse?>(nil)
        let request = HTTPRequest(method: .get, target: "/app.css", headers: ["Accept-Encoding": "gzip"])
        let connection = ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false)
        uncached.respond(to: request, connection: connection, reply: HTTPReply { response in answer.withLock { $0 = response } })
        let response = answer.withLock { $0 }
        #expect(response?.headers["Content-Encoding"] == nil)
        #expect(response?.body == Array(Self.css.utf8))
        #expect(response?.headers["Vary"] == "Accept-Encoding")
    }

    /// Over a socket: the server codes no answer the files chose (a file too big for the cache goes
    /// out as it is, not gzipped on the loop), and the cached one's gzip copy goes out unchanged.
    @Test func overTheWireTheServerRecodesNoFile() throws {
        let uncached = StaticFileResponder(
            root: folder.path + "/public", next: Self.notFound, configuration: .init(maxCachedFileBytes: 1000))
        try withServer(responder: uncached) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /app.css HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
            let big = try client.readResponse()
            #expect(big.status == 200)
            #expect(big.header("Content-Encoding") == nil)
            #expect(big.body == Array(Self.css.utf8))
            #expect(big.headers("Vary") == ["Accept-Encoding"])
        }
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /app.css HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
            let coded = try client.readResponse()
            #expect(coded.header("Content-Encoding") == "gzip")
            #expect(try Gzip.decompress(coded.body) == Array(Self.css.utf8))
            #expect(coded.headers("Vary") == ["Accept-Encoding"])
            #expect(coded.header("ETag")?.hasSuffix("-gzip\"") == true)
        }
    }

    @Test func refusingBothCodingsGives406() {
        let response = get("/app.css", headers: ["Accept-Encoding": "identity;q=0"])
        #expect(response.status == .notAcceptable)
    }
}
