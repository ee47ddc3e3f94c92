import Testing
@testable import HTTPCore

/// Headers framed once (`withWireForm`) go out byte for byte as the field-by-field framing writes
/// them, stay right when fields are added, and never outlive a change that edits a field.
@Suite struct HTTPHeadersWireFormTests {

    private static func written(_ headers: HTTPHeaders, extra: (name: String, value: String)? = nil) -> String {
        var buffer: [UInt8] = []
        var fields = HTTPResponseSerializer.ServerFields(
            contentLength: .value(2), date: "Sun, 22 Nov 2026 00:00:00 GMT", closing: false, server: "Waypoint")
        fields.extra = extra
        HTTPResponseSerializer.write(HTTPResponse(headers: headers, body: Array("ok".utf8)), headOnly: false, fields: fields, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    static let plain: HTTPHeaders = [
        "Content-Type": "text/css", "ETag": "\"a-1\"", "Cache-Control": "public, max-age=3600", "X-Odd\r\nName": "bad\r\nvalue",
    ]

    @Test func theWireFormIsWhatFieldByFieldFramingWrites() {
        let framed = Self.plain.withWireForm()
        #expect(framed.wire != nil)
        #expect(Self.written(framed) == Self.written(Self.plain))
        #expect(Self.written(framed).contains("X-Odd--Name: bad  value\r\n"))
    }

    @Test func anAddedFieldJoinsTheWireForm() {
        var framed = Self.plain.withWireForm()
        var plain = Self.plain
        framed.add("Set-Cookie", "a=1")
        plain.add("Set-Cookie", "a=1")
        framed.set("Vary", "Accept-Encoding")
        plain.set("Vary", "Accept-Encoding")
        #expect(framed.wire != nil)
        #expect(Self.written(framed) == Self.written(plain))
        #expect(Self.written(framed).contains("Set-Cookie: a=1\r\nVary: Accept-Encoding\r\n"))
    }

    @Test func changingOrRemovingAFieldDropsTheWireForm() {
        var replaced = Self.plain.withWireForm()
        replaced.set("etag", "\"b-2\"")
        #expect(replaced.wire == nil)
        #expect(Self.written(replaced).contains("etag: \"b-2\"\r\n") && !Self.written(replaced).contains("a-1"))
        var removed = Self.plain.withWireForm()
        removed.remove("Cache-Control")
        #expect(removed.wire == nil)
        #expect(!Self.written(removed).contains("Cache-Control"))
        var unchanged = Self.plain.withWireForm()
        unchanged.remove("Not-There")
        #expect(unchanged.wire != nil)
    }

    @Test func headersWithAServerFieldGetNoWireFormAndAnAddedOneDropsIt() {
        let dated: HTTPHeaders = ["Date": "yesterday", "ETag": "\"x\""]
        #expect(dated.withWireForm().wire == nil)
        var framed = Self.plain.withWireForm()
        framed.add("Connection", "close")
        #expect(framed.wire == nil)
        #expect(!Self.written(framed).contains("Connection: close"))
    }

    @Test func theExtraFieldReplacesTheResponsesOwnWithOrWithoutAWireForm() {
        var own = Self.plain
        own.add("X-Request-Id", "from-the-app")
        for headers in [own, own.withWireForm(), Self.plain.withWireForm()] {
            let text = Self.written(headers, extra: ("X-Request-Id", "abc123"))
            #expect(text.contains("X-Request-Id: abc123\r\n"))
            #expect(!text.contains("from-the-app"))
            #expect(text.components(separatedBy: "X-Request-Id").count == 2)
        }
    }

    @Test func headersInWireFormNeverHoldAServerField() {
        var headers = Self.plain.withWireForm()
        #expect(headers.isInWireForm)
        headers.add("Vary", "Accept-Encoding")
        #expect(headers.isInWireForm)
        headers.add("connection", "close")
        #expect(!headers.isInWireForm)
        #expect(headers["Connection"] == "close")
        #expect(!Self.plain.isInWireForm)
        #expect(!HTTPHeaders([("Date", "d")]).withWireForm().isInWireForm)
    }
}
