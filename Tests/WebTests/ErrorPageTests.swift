import Foundation
import Testing
import TestSupport

/// Every error a visitor can meet wears the site's layout with a way back, whether the app or the
/// HTTP server refused the request; when the templates themselves fail, a plain page still answers.
@Suite struct ErrorPageTests {
    static func expectLayout(_ response: WebClient.Response, heading: String) {
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.text.contains(#"<p class="brand">Waypoint</p>"#))
        #expect(response.text.contains(#"<a class="button" href="/">"#))
        #expect(response.text.contains("Error \(response.status)"))
        #expect(response.text.contains(heading))
        #expect(response.header("Content-Security-Policy") == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("X-Frame-Options") == "DENY")
        #expect(response.header("Cache-Control") == "no-store")
    }

    /// A copy of the real templates with `name` replaced by `text`: a template that fails at render time.
    static func templates(replacing name: String, with text: String) throws -> TemporaryDirectory {
        let copy = try TestApp.copyOfTemplates()
        try copy.write(text, to: name)
        return copy
    }

    @Test func aBodyOverTheServersLimitIs413InTheLayout() throws {
        let app = try TestApp()
        let response = try app.client().raw(
            "POST /library/settings HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(2 << 20)\r\n\r\n")
        #expect(response.status == 413)
        #expect(response.header("Connection") == "close")
        Self.expectLayout(response, heading: "Too large")
    }

    @Test func aMalformedRequestLineIs400InTheLayout() throws {
        let app = try TestApp()
        let response = try app.client().raw("HELLO WORLD\r\n\r\n")
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        Self.expectLayout(response, heading: "Bad request")
    }

    @Test func aPageThatCannotRenderIs500InTheLayout() throws {
        let copy = try Self.templates(
            // A name some screen provides (so start-up accepts it), but not the Library: a 500 at run time.
            replacing: "library.mustache", with: "{{<layout}}{{$main}}{{todayText}}{{/main}}{{/layout}}\n")
        let directory = copy.path
        let app = try TestApp(templatesDirectory: directory)
        let response = try app.client().get("/library/category-3")
        #expect(response.status == 500)
        Self.expectLayout(response, heading: "Something went wrong")
        // Other screens still render.
        #expect(try app.client().get("/flow").status == 200)
    }

    @Test func anErrorTemplateThatCannotRenderStopsStartUp() throws {
        let copy = try Self.templates(
            replacing: "error.mustache", with: "{{<layout}}{{$main}}{{todayText}}{{/main}}{{/layout}}\n")
        let directory = copy.path
        do {
            _ = try TestApp(templatesDirectory: directory)
            Issue.record("start-up should fail")
        } catch {
            #expect("\(error)" == "error:1:21: missing key 'todayText'")
        }
    }
}
