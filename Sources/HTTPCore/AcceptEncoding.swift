/// A request's `Accept-Encoding` (RFC 9110 §12.5.3), parsed once: which content codings the client
/// takes and how much it prefers each, as qvalues in thousandths (0...1000).
///
/// Waypoint only ever offers gzip or the identity, so the questions asked are just those two.
/// Without the header the server sends the identity: RFC 9110 allows any coding then, but a client
/// that says nothing (curl, scripts, probes) is better served plain.
public struct AcceptEncoding: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// Lowercased coding name, or `*`.
        public var coding: String
        public var quality: Int
    }

    /// nil when the request had no Accept-Encoding field at all.
    public let entries: [Entry]?

    /// What to send for a representation that could be gzip-coded.
    public enum Choice: Sendable, Equatable {
        case gzip
        case identity
        /// Both the identity and gzip are refused: 406 (RFC 9110 §12.5.3 lets the server refuse
        /// when the identity is excluded and nothing it has is acceptable).
        case notAcceptable
    }

    /// The field values of `headers` (every `Accept-Encoding` line, in order, as one list).
    public init(_ headers: HTTPHeaders) {
        let values = headers.values(for: "Accept-Encoding")
        guard !values.isEmpty else {
            self.init(entries: nil)
            return
        }
        if values.count == 1, let entries = Self.commonEntries(values[0]) {
            self.init(entries: entries)
            return
        }
        self.init(parsing: values.joined(separator: ","))
    }

    /// What browsers and tools send on every request, parsed once: the same entries `parsing`
    /// makes of these values, without splitting them again.
    private static let gzipOnly = [Entry(coding: "gzip", quality: 1000)]
    private static let gzipDeflate = gzipOnly + [Entry(coding: "deflate", quality: 1000)]
    private static let gzipDeflateBrotli = gzipDeflate + [Entry(coding: "br", quality: 1000)]
    private static let gzipDeflateBrotliZstd = gzipDeflateBrotli + [Entry(coding: "zstd", quality: 1000)]

    private static func commonEntries(_ value: String) -> [Entry]? {
        switch value {
        case "gzip": gzipOnly
        case "gzip, deflate": gzipDeflate
        case "gzip, deflate, br": gzipDeflateBrotli
        case "gzip, deflate, br, zstd": gzipDeflateBrotliZstd
        default: nil
        }
    }

    public init(parsing value: String) {
        var entries: [Entry] = []
        for element in value.split(separator: ",", omittingEmptySubsequences: true) {
            var parameters = element.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
            let coding = Self.trimmed(parameters.next() ?? "").lowercased()
            guard !coding.isEmpty, coding.utf8.allSatisfy(ASCII.isTokenCharacter) else { continue }
            var quality: Int? = 1000
            while let parameter = parameters.next() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, Self.trimmed(pair[0]).lowercased() == "q" else { continue }
                quality = Self.quality(Self.trimmed(pair[1]))
            }
            // A malformed qvalue makes the element unreadable: it is ignored, as if absent.
            guard let quality else { continue }
            entries.append(Entry(coding: coding, quality: quality))
        }
        self.init(entries: entries)
    }

    public init(entries: [Entry]?) {
        self.entries = entries
    }

    /// The qvalue the client gives `coding`: its own entry, else `*`'s, else nil (not mentioned).
    /// `x-gzip` counts as gzip (RFC 9110 §8.4.1.3).
    public func quality(of coding: String) -> Int? {
        guard let entries else { return nil }
        let isGzip = coding == "gzip"
        var explicit: Int?
        var star: Int?
        for entry in entries {
            if entry.coding == coding || (isGzip && entry.coding == "x-gzip") {
                explicit = max(explicit ?? entry.quality, entry.quality)
            } else if entry.coding == "*" {
                star = entry.quality
            }
        }
        return explicit ?? star
    }

    /// Whether gzip may be sent: only when the field lists it (or `*`) with a nonzero qvalue.
    public var acceptsGzip: Bool { (quality(of: "gzip") ?? 0) > 0 }

    /// The identity is acceptable unless refused by `identity;q=0`, or by `*;q=0` with no
    /// entry of its own (RFC 9110 §12.5.3).
    public var acceptsIdentity: Bool { (quality(of: "identity") ?? 1000) > 0 }

    /// gzip when it is acceptable, `worthwhile` (a compressible type, a body big enough) and not
    /// less preferred than the identity; the identity when that is acceptable; gzip anyway when only
    /// it is; otherwise `.notAcceptable`. An identity the field does not mention (by name or `*`) is
    /// acceptable but has no preference of its own, so any acceptable gzip wins over it.
    public func choice(gzipWorthwhile: Bool) -> Choice {
        let gzip = quality(of: "gzip") ?? 0
        let identity = quality(of: "identity")
        if gzipWorthwhile && gzip > 0 && gzip >= (identity ?? 0) { return .gzip }
        if identity ?? 1000 > 0 { return .identity }
        return gzip > 0 ? .gzip : .notAcceptable
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths, nil if malformed.
    private static func quality(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes[2...] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}
