extension AcceptEncoding {
    /// `AcceptEncoding(headers).choice(gzipWorthwhile:)`, with the values browsers and tools send
    /// (one field line of `gzip`, `gzip, deflate`, ..., each coding at q=1) settled by comparing
    /// the line: gzip when worthwhile, else the identity. No list of values or entries is made, a
    /// thousand instructions a static file asked of every gzip request. Any other field is parsed.
    public static func choice(in headers: HTTPHeaders, gzipWorthwhile: Bool) -> Choice {
        var lines = 0
        var common = false
        headers.forEachValue(of: "Accept-Encoding") { value in
            lines += 1
            common = isCommonGzipValue(value)
            return lines == 1
        }
        if lines == 0 { return .identity }
        if lines == 1 && common { return gzipWorthwhile ? .gzip : .identity }
        return AcceptEncoding(headers).choice(gzipWorthwhile: gzipWorthwhile)
    }

    /// One of the values `commonEntries` knows, spelled exactly: gzip and other codings at q=1,
    /// no identity or `*` entry. Lengths first: each literal is compared only with a value its size.
    private static func isCommonGzipValue(_ value: String) -> Bool {
        switch value.utf8.count {
        case 4: value == "gzip"
        case 13: value == "gzip, deflate"
        case 17: value == "gzip, deflate, br"
        case 23: value == "gzip, deflate, br, zstd"
        default: false
        }
    }
}
