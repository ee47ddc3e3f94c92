import Testing
@testable import HTTPCore

@Suite struct AcceptEncodingTests {
    /// (field value or nil for no field, gzip worthwhile?, expected choice)
    static let choices: [(String?, Bool, AcceptEncoding.Choice)] = [
        (nil, true, .identity),  // no field: the identity, by our choice
        ("", true, .identity),  // empty: no coding wanted
        ("gzip", true, .gzip),
        ("gzip", false, .identity),  // small body or binary type
        ("GZip", true, .gzip),
        ("x-gzip", true, .gzip),
        ("gzip, deflate, br", true, .gzip),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", true, .gzip),
        ("deflate, br", true, .identity),
        ("*", true, .gzip),
        ("*;q=0.5", true, .gzip),  // * covers the identity too: a tie goes to gzip
        ("gzip;q=0.2", true, .gzip),  // an unmentioned identity has no preference to beat it
        ("gzip;q=0", true, .identity),
        ("gzip;q=0.000", true, .identity),
        ("*, gzip;q=0", true, .identity),
        ("gzip;q=0.5, identity;q=1", true, .identity),  // identity preferred
        ("gzip;q=1, identity;q=0.5", true, .gzip),
        ("identity;q=0, gzip", true, .gzip),
        ("identity;q=0, gzip", false, .gzip),  // identity refused: gzip even when not worthwhile
        ("identity;q=0", true, .notAcceptable),
        ("identity;q=0", false, .notAcceptable),
        ("*;q=0", true, .notAcceptable),
        ("*;q=0, identity", true, .identity),
        ("*;q=0, gzip;q=0.1", false, .gzip),
        ("gzip;q=2", true, .identity),  // malformed qvalue: element ignored
        ("gzip;q=0.1234", true, .identity),
        ("gzip;q=abc, deflate", true, .identity),
        ("gzip ;q=0.7 ", true, .gzip),
        (" , ,gzip,,", true, .gzip),
        ("gzip;level=9", true, .gzip),  // unknown parameters ignored
        ("gz ip", true, .identity),  // not a token
    ]

    @Test(arguments: choices)
    func chooses(value: String?, worthwhile: Bool, expected: AcceptEncoding.Choice) {
        var headers = HTTPHeaders()
        if let value { headers.add("Accept-Encoding", value) }
        #expect(AcceptEncoding(headers).choice(gzipWorthwhile: worthwhile) == expected, "\(value ?? "(none)")")
    }

    @Test(arguments: choices + [
        ("gzip, deflate", true, .gzip), ("gzip, deflate, br, zstd", false, .identity), ("gzip,deflate", true, .gzip),
        ("gzip, deflate, br, zstd", true, .gzip), ("Gzip", false, .identity), ("gzip, deflate, bz", true, .gzip),
    ] as [(String?, Bool, AcceptEncoding.Choice)])
    func theShortcutChoosesAsTheParsedFieldDoes(value: String?, worthwhile: Bool, expected: AcceptEncoding.Choice) {
        var headers = HTTPHeaders()
        if let value { headers.add("Accept-Encoding", value) }
        #expect(AcceptEncoding.choice(in: headers, gzipWorthwhile: worthwhile) == expected, "\(value ?? "(none)")")
        // A second line joins the first: a common value is then no longer the whole field.
        headers.add("accept-encoding", "identity;q=0")
        #expect(AcceptEncoding.choice(in: headers, gzipWorthwhile: worthwhile)
            == AcceptEncoding(headers).choice(gzipWorthwhile: worthwhile), "\(value ?? "(none)") + identity;q=0")
    }

    @Test func severalFieldLinesFormOneList() {
        var headers = HTTPHeaders()
        headers.add("Accept-Encoding", "identity;q=0")
        headers.add("Accept-Encoding", "gzip;q=0.3")
        let accept = AcceptEncoding(headers)
        #expect(accept.quality(of: "gzip") == 300)
        #expect(!accept.acceptsIdentity)
        #expect(accept.acceptsGzip)
    }

    @Test func qualitiesAreReadInThousandths() {
        let accept = AcceptEncoding(parsing: "gzip;q=0.25, br;q=1.000, deflate;q=0.")
        #expect(accept.quality(of: "gzip") == 250)
        #expect(accept.quality(of: "br") == 1000)
        #expect(accept.quality(of: "deflate") == 0)
        #expect(accept.quality(of: "zstd") == nil)
    }

    /// The values browsers send, taken from a table instead of parsed, hold the entries parsing makes.
    @Test(arguments: ["gzip", "gzip, deflate", "gzip, deflate, br", "gzip, deflate, br, zstd"])
    func commonValuesHoldTheEntriesParsingMakes(value: String) {
        var headers = HTTPHeaders()
        headers.add("Accept-Encoding", value)
        #expect(AcceptEncoding(headers) == AcceptEncoding(parsing: value))
    }
}
