import HTTPCore
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesCaseInsensitivelyAndKeepsOrder() {
        var headers: HTTPHeaders = ["Content-Type": "text/html", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")
        #expect(headers["content-type"] == "text/html")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.contains("CONTENT-TYPE"))
        #expect(!headers.contains("Content-Length"))
        #expect(headers["Missing"] == nil)
        #expect(headers.map(\.name) == ["Content-Type", "Set-Cookie", "set-cookie"])
    }

    @Test func setReplacesEveryFieldOfThatNameInPlace() {
        var headers: HTTPHeaders = ["A": "1", "X": "old", "B": "2"]
        headers.add("x", "older")
        headers.set("X", "new")
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["A=1", "X=new", "B=2"])
        headers.set("C", "3")
        #expect(headers["c"] == "3")
        #expect(headers.count == 4)
    }

    @Test func removeDropsEveryFieldOfThatName() {
        var headers: HTTPHeaders = ["A": "1", "B": "2"]
        headers.add("a", "3")
        headers.remove("A")
        #expect(headers.map(\.name) == ["B"])
        headers.remove("Missing")
        #expect(headers.count == 1)
    }

    @Test func firstValuesFindsEachNamesFirstValueInOnePass() {
        var headers: HTTPHeaders = ["vary": "Cookie", "Content-Type": "text/css", "ETag": "\"1\""]
        headers.add("Vary", "Accept-Encoding")
        let (encoding, type, vary) = headers.firstValues("Content-Encoding", "content-type", "VARY")
        #expect(encoding == nil)
        #expect(type == "text/css")
        #expect(vary == "Cookie")
        let (etag, none, again) = headers.firstValues("etag", "Vary2", "Content-Type")
        #expect(etag == "\"1\"" && none == nil && again == "text/css")
    }

    @Test func equalityIgnoresNameCaseButNotOrder() {
        let a: HTTPHeaders = ["A": "1", "B": "2"]
        #expect(a == ["a": "1", "b": "2"])
        #expect(a != ["B": "2", "A": "1"])
        #expect(a != ["A": "1", "B": "two"])
    }
}
