import HTTPCore
import Testing

@Suite struct URLEncodingTests {
    @Test func decodesFormsWithPlusAsSpaceAndPercentEscapes() throws {
        let pairs = try URLEncodedForm.decode(Array("name=Ada+Lovelace&email=ada%40example.com&empty=&flag&&a%2Bb=1%2B1&name=again".utf8))
        #expect(pairs.map(\.name) == ["name", "email", "empty", "flag", "a+b", "name"])
        #expect(pairs.map(\.value) == ["Ada Lovelace", "ada@example.com", "", "", "1+1", "again"])
    }

    @Test func decodesQueryStringsLikeForms() throws {
        let pairs = try URLEncodedForm.decode(query: "q=caf%C3%A9+au+lait&next=%2Flibrary%2Fbooks")
        #expect(pairs.map(\.value) == ["café au lait", "/library/books"])
        #expect(try URLEncodedForm.decode(query: "").isEmpty)
    }

    @Test(arguments: ["a=%G1", "a=%4", "a=%", "%zz=1", "a=1&b=%4G", "a=%%41"])
    func rejectsInvalidEscapes(input: String) {
        #expect(throws: URLEncodingError.invalidPercentEscape) { try URLEncodedForm.decode(Array(input.utf8)) }
        #expect(throws: URLEncodingError.invalidPercentEscape) { try URLEncodedForm.decode(query: input) }
    }

    @Test(arguments: ["a=%FF", "a=%C3", "a=%C3%28", "%80=1", "a=%ED%A0%80"])
    func rejectsInvalidUTF8(input: String) {
        #expect(throws: URLEncodingError.invalidUTF8) { try URLEncodedForm.decode(Array(input.utf8)) }
    }

    @Test func formDataLooksUpFirstValueAndAllValues() throws {
        let form = try FormData(decoding: Array("tag=a&tag=b&title=Hello+World".utf8))
        #expect(form["title"] == "Hello World")
        #expect(form["tag"] == "a")
        #expect(form.values(for: "tag") == ["a", "b"])
        #expect(form["Title"] == nil)
        #expect(try FormData(query: "x=1")["x"] == "1")
        #expect(FormData().isEmpty)
    }

    @Test func percentDecodingKeepsPlus() throws {
        #expect(try PercentEncoding.decode("a+b%20c%2B") == "a+b c+")
        #expect(try PercentEncoding.decode("%e2%82%AC") == "€")
        #expect(throws: URLEncodingError.invalidPercentEscape) { try PercentEncoding.decode("%2") }
        #expect(throws: URLEncodingError.invalidUTF8) { try PercentEncoding.decode("%FE") }
    }

    @Test(arguments: [
        ("hello world", PercentEncoding.Allowed.unreserved, "hello%20world"),
        ("a/b?c=d&e", .unreserved, "a%2Fb%3Fc%3Dd%26e"),
        ("a/b c", .pathSegment, "a%2Fb%20c"),
        ("/library?x=1&y=2+3#f", .queryValue, "/library?x%3D1%26y%3D2%2B3%23f"),
        ("café", .unreserved, "caf%C3%A9"),
        ("safe-._~", .unreserved, "safe-._~"),
    ])
    func percentEncodingEscapesEverythingNotAllowed(input: String, allowed: PercentEncoding.Allowed, expected: String) throws {
        #expect(PercentEncoding.encode(input, allowed: allowed) == expected)
        #expect(try PercentEncoding.decode(Substring(expected)) == input)
    }

    @Test func formEncodingRoundTrips() throws {
        let pairs = [(name: "next", value: "/library/a b?x=1&y=+"), (name: "ü", value: "")]
        let encoded = URLEncodedForm.encode(pairs)
        #expect(encoded == "next=%2Flibrary%2Fa+b%3Fx%3D1%26y%3D%2B&%C3%BC=")
        let decoded = try URLEncodedForm.decode(query: encoded)
        #expect(decoded.map(\.name) == pairs.map(\.name))
        #expect(decoded.map(\.value) == pairs.map(\.value))
    }
}
