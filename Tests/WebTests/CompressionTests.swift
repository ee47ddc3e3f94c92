import Deflate
import Testing

/// Pages and static files over a real socket, with and without gzip.
@Suite struct CompressionTests {
    @Test func aPageIsGzippedForABrowserAndPlainForCurl() throws {
        let app = try TestApp()
        let client = app.client()
        let plain = try client.get("/library/category-1")
        let gzipped = try client.get("/library/category-1", headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary")?.contains("Accept-Encoding") == true)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary")?.contains("Accept-Encoding") == true)
        #expect(gzipped.header("Content-Length") == String(gzipped.body.count))
        let html = String(decoding: try Gzip.decompress(gzipped.body), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(gzipped.body.count < plain.body.count / 2)
        // The pages differ only where the CSRF token's masking does.
        #expect(html.count == plain.text.count)
    }

    @Test func headOfAPageAnnouncesTheGzipBodyWithoutSendingIt() throws {
        let app = try TestApp()
        let client = app.client()
        let head = try client.request("HEAD", "/library/category-1", headers: [("Accept-Encoding", "gzip")])
        #expect(head.header("Content-Encoding") == "gzip")
        #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 0)
        #expect(head.body.isEmpty)
        // The connection is still in step: the next answer is read whole.
        #expect(try client.get("/healthz").status == 200)
    }

    @Test func aStaticTextFileIsGzippedOnceNotTwice() throws {
        let app = try TestApp()
        let client = app.client()
        let plain = try client.get("/styles.css")
        let gzipped = try client.get("/styles.css", headers: [("Accept-Encoding", "gzip")])
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(try Gzip.decompress(gzipped.body) == plain.body)
        let etag = try #require(gzipped.header("ETag"))
        #expect(etag.hasSuffix("-gzip\""))
        let revalidated = try client.get("/styles.css", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", etag)])
        #expect(revalidated.status == 304)
    }
}
