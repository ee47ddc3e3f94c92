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
        /// The `Date` value; any the response carries is dropped. Setting it drops `lines`.
        @inlinable public var date: String {
            get { givenDate }
            set {
                givenDate = newValue
                preparedLines = nil
            }
        }
        /// `Connection: close` or `keep-alive`; any the response carries is dropped.
        public var closing: Bool
        /// Sent when the response names no server of its own; nil sends none (the server's
        /// configured name, `HTTPServer.Configuration.serverName`). Setting it drops `lines`.
        @inlinable public var server: String? {
            get { givenServer }
            set {
                givenServer = newValue
                preparedLines = nil
            }
        }
        /// One more field, written after the response's own, which must not hold one of that name
        /// (see `HTTPReply.settingField`): a per-request value the response itself is not copied for.
        public var extra: (name: String, value: String)? {
            get { extraField.map { (name: $0.name, value: $0.value.text) } }
            set { extraField = newValue.map { ExtraField(name: $0.name, value: $0.value) } }
        }
        /// `extra` as it is held: a struct (an optional tuple of two strings is copied and
        /// destroyed through the runtime's generic tuple walk) whose value may be a number.
        public var extraField: ExtraField?
        /// The last name `setExtraField` found clean: an extra field of that name (the same
        /// constant, answer after answer) is written without checking its bytes again.
        @usableFromInline var cleanExtraName: String?

        /// Sets `extraField`, checking its name's bytes only when it is not the one last found
        /// clean: a server keeps its fields across answers, and each answer's request id comes
        /// under the same name.
        public mutating func setExtraField(_ field: ExtraField?) {
            extraField = field
            guard let name = field?.name, name != cleanExtraName else { return }
            cleanExtraName = HTTPResponseSerializer.isCleanName(name) ? name : nil
        }
        /// `date` and `server` made into lines once (see `DateLines`), when given so.
        public var lines: DateLines? { preparedLines }

        // Stored for the inlinable initializers and accessors: made in the caller's code, a
        // response's fields are not built in a call that returns them through a copy.
        @usableFromInline var preparedLines: DateLines?
        @usableFromInline var givenDate: String
        @usableFromInline var givenServer: String?

        @inlinable
        public init(contentLength: ContentLength, date: String, closing: Bool, server: String? = nil) {
            self.contentLength = contentLength
            self.givenDate = date
            self.closing = closing
            self.givenServer = server
        }

        /// With the `Date` and `Server` lines made ahead: each response copies them unchecked.
        @inlinable
        public init(contentLength: ContentLength, lines: DateLines, closing: Bool) {
            self.contentLength = contentLength
            self.givenDate = lines.date
            self.closing = closing
            self.givenServer = lines.server
            self.preparedLines = lines
        }
    }

    /// A field the server writes after the response's own (`ServerFields.extraField`).
    public struct ExtraField: Sendable, Equatable {
        /// A text value, or a number written as 16 lower-case hex digits (a request id): a
        /// number needs no String made, kept and freed per request, and no check of its bytes.
        public enum Value: Sendable, Equatable {
            case text(String)
            case hex(UInt64)

            /// The value as written.
            public var text: String {
                switch self {
                case .text(let text): text
                case .hex(let number):
                    String(unsafeUninitializedCapacity: 16) { digits in
                        HTTPResponseSerializer.writeHex(number, to: digits.baseAddress!)
                        return 16
                    }
                }
            }

            /// Equal when written alike.
            public static func == (lhs: Value, rhs: Value) -> Bool {
                switch (lhs, rhs) {
                case (.hex(let left), .hex(let right)): left == right
                default: lhs.text == rhs.text
                }
            }
        }

        public var name: String
        public var value: Value {
            get { isNumber ? .hex(number) : .text(text) }
            set {
                switch newValue {
                case .text(let value): (text, number, isNumber) = (value, 0, false)
                case .hex(let value): (text, number, isNumber) = ("", value, true)
                }
            }
        }

        // `value`, stored flat: a reply, an exchange and the server's fields each copy the field
        // per request, and a struct of plain members copies without switching on a case.
        var text: String
        var number: UInt64
        var isNumber: Bool

        public init(name: String, value: Value) {
            self.name = name
            switch value {
            case .text(let value): (text, number, isNumber) = (value, 0, false)
            case .hex(let value): (text, number, isNumber) = ("", value, true)
            }
        }

        public init(name: String, value: String) {
            self.init(name: name, value: .text(value))
        }
    }

    /// `number` as 16 lower-case hex digits at `digits`: each half's nibbles spread one to a byte
    /// and made digits eight at a time (`0` plus the nibble, plus 39 more from `a` on).
    @inline(__always)
    static func writeHex(_ number: UInt64, to digits: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func eightDigits(_ half: UInt64) -> UInt64 {
            // The half's highest nibble ends in the word's highest byte.
            var spread = (half | half << 16) & 0x0000_FFFF_0000_FFFF
            spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
            spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
            // 1 in each byte whose nibble is 10 or more.
            let letters = ((spread &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
            let text = spread &+ 0x3030_3030_3030_3030 &+ letters &* 39
            // The first digit at the lowest address: big-endian byte order is reading order.
            return text.bigEndian
        }
        let raw = UnsafeMutableRawPointer(digits)
        raw.storeBytes(of: eightDigits(number >> 32), toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: eightDigits(number & 0xFFFF_FFFF), toByteOffset: 8, as: UInt64.self)
    }

    /// The `Date` and `Server` lines in wire form, made and cleaned once for as long as the date
    /// holds (a second): a server keeps them and hands them to each response's `ServerFields`,
    /// which copies them, where two values were otherwise checked byte by byte per response.
    /// A class of constants: each response's fields hold it for one reference count.
    public final class DateLines: Sendable {
        /// The date these lines carry: a caller keeps them while its date is this one.
        public let date: String
        public let server: String?
        /// `Date: <date>`, then `\r\nServer: <server>` with a server; no line end after.
        let bytes: [UInt8]
        /// How many of `bytes` are the Date line, for a response that names its own server.
        let dateCount: Int

        /// Each value is cleaned as the serializer cleans any (see `appendValue`).
        public init(date: String, server: String?) {
            self.date = date
            self.server = server
            var bytes = Array("Date: ".utf8)
            HTTPResponseSerializer.appendValue(date, to: &bytes)
            dateCount = bytes.count
            if let server {
                bytes += "\r\nServer: ".utf8
                HTTPResponseSerializer.appendValue(server, to: &bytes)
            }
            self.bytes = bytes
        }
    }

    /// Appends the status line, the response's headers (minus those `fields` replaces), the server's
    /// fields, and (unless `headOnly`) the body to `buffer`.
    public static func write(
        _ response: HTTPResponse, headOnly: Bool, fields: ServerFields, into buffer: inout [UInt8]
    ) {
        let needed = buffer.count + 256 + response.headers.count * 40 + (headOnly ? 0 : response.body.count)
        if buffer.capacity < needed { buffer.reserveCapacity(max(needed, buffer.capacity * 2)) }
        if let wire = response.headers.wire, !(fields.extraField.map { response.headers.contains($0.name) } ?? false) {
            // Made once, holding none of the server's fields (nor, as just checked, the extra one):
            // the whole head goes out in one copy.
            wire.withUnsafeBufferPointer { wire in
                writeHead(status: response.status, fields: wire, fields, namesServer: false, into: &buffer)
            }
        } else {
            writeStatusLine(response.status, to: &buffer)
            var namesServer = false
            let replacesLength = fields.contentLength != .asGiven
            let extraLength = fields.extraField?.name.utf8.count ?? -1
            for (name, value) in response.headers {
                // Field names are settled by their length first: few share one with a server field.
                let length = name.utf8.count
                if length == extraLength, let extra = fields.extraField, ASCII.caseInsensitiveEquals(name, extra.name) { continue }
                switch length {
                case 4 where ASCII.caseInsensitiveEquals(name, "Date"): continue
                case 6 where ASCII.caseInsensitiveEquals(name, "Server"): namesServer = true
                case 10 where ASCII.caseInsensitiveEquals(name, "Connection"): continue
                case 14 where replacesLength && ASCII.caseInsensitiveEquals(name, "Content-Length"): continue
                default: break
                }
                writeField(name, value, to: &buffer)
            }
            writeHead(status: nil, fields: UnsafeBufferPointer(start: nil, count: 0), fields, namesServer: namesServer, into: &buffer)
        }
        if !headOnly {
            response.body.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        }
    }

    /// Appends the status line (when given), `wire` (fields already in wire form), the server's
    /// fields and the blank line, gathered first in memory of their size (on the stack for any
    /// usual head) and appended in one copy.
    private static func writeHead(
        status: HTTPStatus?, fields wire: UnsafeBufferPointer<UInt8>, _ fields: ServerFields, namesServer: Bool,
        into buffer: inout [UInt8]
    ) {
        let server = namesServer ? nil : fields.server
        // Each piece's most bytes: the fixed text of each line, 20 digits for a length.
        var bound = wire.count + 28
        if let lines = fields.lines {
            bound += lines.bytes.count
        } else {
            bound += 6 + fields.date.utf8.count
            if let server { bound += 10 + server.utf8.count }
        }
        if let status { bound += HeadWriter.statusLineBound(status) }
        if let extra = fields.extraField {
            bound += extra.name.utf8.count + (extra.isNumber ? 16 : extra.text.utf8.count) + 5
        }
        if case .value = fields.contentLength { bound += 38 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { memory in
            var head = HeadWriter(memory.baseAddress!)
            if let status { head.statusLine(status) }
            head.bytes(wire)
            if let extra = fields.extraField {
                if extra.name == fields.cleanExtraName {
                    head.cleanName(extra.name)
                } else {
                    head.name(extra.name)
                }
                head.literal(": ")
                if extra.isNumber {
                    head.hex(extra.number)
                } else {
                    head.value(extra.text)
                }
                head.literal("\r\n")
            }
            if case .value(let length) = fields.contentLength {
                head.literal("Content-Length: ")
                head.decimal(length)
                head.literal("\r\n")
            }
            if let lines = fields.lines {
                let dateCount = lines.dateCount
                lines.bytes.withUnsafeBufferPointer { bytes in
                    head.bytes(namesServer ? UnsafeBufferPointer(rebasing: bytes[..<dateCount]) : bytes)
                }
            } else {
                head.literal("Date: ")
                head.value(fields.date)
                if let server {
                    head.literal("\r\nServer: ")
                    head.value(server)
                }
            }
            head.literal(fields.closing ? "\r\nConnection: close\r\n\r\n" : "\r\nConnection: keep-alive\r\n\r\n")
            buffer.append(contentsOf: head.written)
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
