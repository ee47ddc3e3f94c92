import Foundation
import HTTPCore
import Testing

@Suite struct HTTPValueTypesTests {
    @Test func statusesCompareByCodeAndKnowTheirReasonPhrase() {
        #expect(HTTPStatus.ok.code == 200)
        #expect(HTTPStatus.ok.reasonPhrase == "OK")
        #expect(HTTPStatus.seeOther.reasonPhrase == "See Other")
        #expect(HTTPStatus.requestHeaderFieldsTooLarge.code == 431)
        #expect(HTTPStatus.httpVersionNotSupported.code == 505)
        #expect(HTTPStatus(code: 404, reasonPhrase: "Nope") == .notFound)
        #expect(HTTPStatus(code: 299).reasonPhrase == "")
    }

    @Test func methodsCompareExactly() {
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "Get") != .get)
        #expect(HTTPMethod.patch.rawValue == "PATCH")
    }

    @Test(arguments: [
        ("/", "/", nil),
        ("/a/b?c=d&e", "/a/b", "c=d&e"),
        ("/a?", "/a", ""),
        ("/a?b?c", "/a", "b?c"),
        ("/%2F?x=%20", "/%2F", "x=%20"),
        ("*", "*", nil),
        ("http://h:1/p?q", "/p", "q"),
        ("https://h", "/", nil),
        ("HTTP://h?q=1", "/", "q=1"),
    ] as [(String, String, String?)])
    func requestSplitsItsTargetIntoPathAndQuery(target: String, path: String, query: String?) {
        var request = HTTPRequest(target: "/old?x")
        request.target = target
        #expect(request.path == path)
        #expect(request.query == query)
        #expect(HTTPRequest(target: target).path == path)
    }

    @Test func responseConveniencesSetTypeAndLocation() {
        let html = HTTPResponse.html("<p>hi</p>", status: .unprocessableContent)
        #expect(html.status == .unprocessableContent)
        #expect(html.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(html.body == Array("<p>hi</p>".utf8))
        #expect(HTTPResponse.text("x").headers["content-type"] == "text/plain; charset=utf-8")
        let redirect = HTTPResponse.redirect(to: "/library")
        #expect(redirect.status == .seeOther)
        #expect(redirect.headers["Location"] == "/library")
        #expect(redirect.body.isEmpty)
    }

    @Test(arguments: [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_709_164_799, "Wed, 28 Feb 2024 23:59:59 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func datesUseIMFFixdate(seconds: Int, expected: String) {
        #expect(HTTPDate.string(secondsSince1970: seconds) == expected)
    }

    @Test func datesBeyondFourDigitYearsAreClampedInsteadOfTrapping() {
        let latest = "Fri, 31 Dec 9999 23:59:59 GMT"
        let earliest = "Wed, 01 Jan 1000 00:00:00 GMT"
        #expect(HTTPDate.string(secondsSince1970: .max) == latest)
        #expect(HTTPDate.string(secondsSince1970: .min) == earliest)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: .infinity)) == latest)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -.infinity)) == earliest)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 1e300)) == latest)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: .nan)) == latest)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777.9)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
