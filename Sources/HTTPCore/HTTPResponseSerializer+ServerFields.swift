extension HTTPResponseSerializer {
    /// The fields the server owns on every response, written by the serializer itself after the
    /// response's own: the response is framed as it is, with no field list rebuilt per response
    /// (`set` scans and reshuffles the list, and each value would be a new String).
    public struct ServerFields {
        public enum ContentLength: Equatable {
            /// Whatever the response carries (a 304's, or a HEAD answer's own).
            case asGiven
            /// None at all: the response's are dropped (1xx, 204).
            case omitted
            /// This value; the response's are dropped.
            case value(Int)
        }

        public var contentLength: ContentLength
        /// The `Date` value; any the response carries is dropped.
        public var date: String
        /// `Connection: close` or `keep-alive`; any the response carries is dropped.
        public var closing: Bool
        /// Sent when the response names no server of its own; nil sends none (the server's
        /// configured name, `HTTPServer.Configuration.serverName`).
        public var server: String?
        /// One more field, written after the response's own, which must not hold one of that name
        /// (see `HTTPReply.settingField`): a per-request value the response itself is not copied for.
        public var extra: (name: String, value: String)?

        public init(contentLength: ContentLength, date: String, closing: Bool, server: String? = nil) {
            self.contentLength = contentLength
            self.date = date
            self.closing = closing
            self.server = server
        }
    }

    /// Appends the status line, the response's headers (minus those `fields` replaces), the server's
    /// fields, and (unless `headOnly`) the body to `buffer`.
    public static func write(
        _ response: HTTPResponse, headOnly: Bool, fields: ServerFields, into buffer: inout [UInt8]
    ) {
        let needed = buffer.count + 256 + response.headers.count * 40 + (headOnly ? 0 : response.body.count)
        if buffer.capacity < needed { buffer.reserveCapacity(max(needed, buffer.capacity * 2)) }
        writeStatusLine(response.status, to: &buffer)
        var namesServer = false
        if let wire = response.headers.wire, !(fields.extra.map { response.headers.contains($0.name) } ?? false) {
            // Made once, holding none of the server's fields (nor, as just checked, the extra one).
            buffer.append(contentsOf: wire)
        } else {
            let replacesLength = fields.contentLength != .asGiven
            let extraLength = fields.extra?.name.utf8.count ?? -1
            for (name, value) in response.headers {
                // Field names are settled by their length first: few share one with a server field.
                let length = name.utf8.count
                if length == extraLength, let extra = fields.extra, ASCII.caseInsensitiveEquals(name, extra.name) { continue }
                switch length {
                case 4 where ASCII.caseInsensitiveEquals(name, "Date"): continue
                case 6 where ASCII.caseInsensitiveEquals(name, "Server"): namesServer = true
                case 10 where ASCII.caseInsensitiveEquals(name, "Connection"): continue
                case 14 where replacesLength && ASCII.caseInsensitiveEquals(name, "Content-Length"): continue
                default: break
                }
                writeField(name, value, to: &buffer)
            }
        }
        if let extra = fields.extra {
            writeField(extra.name, extra.value, to: &buffer)
        }
        // Each line's end goes out with the next line's name, in one copy of a constant.
        if case .value(let length) = fields.contentLength {
            appendLiteral("Content-Length: ", to: &buffer)
            appendDecimal(length, to: &buffer)
            appendLiteral("\r\nDate: ", to: &buffer)
        } else {
            appendLiteral("Date: ", to: &buffer)
        }
        appendValue(fields.date, to: &buffer)
        if !namesServer, let server = fields.server {
            appendLiteral("\r\nServer: ", to: &buffer)
            appendValue(server, to: &buffer)
        }
        appendLiteral(fields.closing ? "\r\nConnection: close\r\n\r\n" : "\r\nConnection: keep-alive\r\n\r\n", to: &buffer)
        if !headOnly {
            response.body.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        }
    }

    /// Whether the server writes `name` itself (see `ServerFields`), whatever a response says.
    static func isServerField(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: ASCII.caseInsensitiveEquals(name, "Date")
        case 6: ASCII.caseInsensitiveEquals(name, "Server")
        case 10: ASCII.caseInsensitiveEquals(name, "Connection")
        case 14: ASCII.caseInsensitiveEquals(name, "Content-Length")
        default: false
        }
    }

    /// A constant's bytes in one copy (appending a String's UTF-8 view goes byte by byte).
    static func appendLiteral(_ literal: StaticString, to buffer: inout [UInt8]) {
        literal.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// A non-negative integer in decimal, without making a String: its digits gathered in a word
    /// (up to 8, a body under 100 MB) and appended in one copy, else one by one.
    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        precondition(value >= 0, "HTTPResponseSerializer: negative length")
        if value < 100_000_000 {
            var digits: UInt64 = 0
            var count = 0
            var rest = value
            repeat {
                digits = digits << 8 | UInt64(0x30 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            // The first digit is in the lowest byte: little-endian memory order is reading order.
            withUnsafeBytes(of: digits.littleEndian) { raw in
                buffer.append(contentsOf: UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
            }
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            buffer.append(UInt8(0x30 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
