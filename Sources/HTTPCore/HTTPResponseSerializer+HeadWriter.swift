extension HTTPResponseSerializer {
    /// Writes a head's pieces one after another into memory sized for them beforehand (see
    /// `writeHead`), so they reach the outbound buffer in one copy: an array append per piece
    /// checks uniqueness and capacity each time, a few hundred instructions per response.
    /// Values and names are cleaned as `appendValue` and `appendName` clean them.
    struct HeadWriter {
        private let start: UnsafeMutablePointer<UInt8>
        private var next: UnsafeMutablePointer<UInt8>

        init(_ start: UnsafeMutablePointer<UInt8>) {
            self.start = start
            self.next = start
        }

        /// The bytes written so far.
        var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: next - start) }

        /// At most 15 bytes for the status line's fixed parts, and its reason phrase.
        static func statusLineBound(_ status: HTTPStatus) -> Int { 15 + status.reasonPhrase.utf8.count }

        @inline(__always)
        mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            next.update(from: base, count: bytes.count)
            next += bytes.count
        }

        /// Inlined, so a constant's few bytes are stored directly rather than through a call to `memcpy`.
        @inline(__always)
        mutating func literal(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes($0) }
        }

        mutating func statusLine(_ status: HTTPStatus) {
            // The two lines of nearly every answer (pages, files, revalidations), copied whole.
            switch status.code {
            case 200 where status.reasonPhrase == "OK": return literal("HTTP/1.1 200 OK\r\n")
            case 304 where status.reasonPhrase == "Not Modified": return literal("HTTP/1.1 304 Not Modified\r\n")
            default: break
            }
            literal("HTTP/1.1 ")
            // Three digits: each conversion below is exact, and would trap rather than write a wrong byte.
            let code = (100...999).contains(status.code) ? status.code : 500
            next[0] = UInt8(0x30 + code / 100)
            next[1] = UInt8(0x30 + code / 10 % 10)
            next[2] = UInt8(0x30 + code % 10)
            next[3] = ASCII.space
            next += 4
            value(status.reasonPhrase)
            literal("\r\n")
        }

        /// `name`'s bytes, a byte outside `tchar` written as `-` (`-` alone for an empty name).
        mutating func name(_ name: String) {
            let done: Void? = name.utf8.withContiguousStorageIfAvailable { nameBytes($0) }
            if done == nil { Array(name.utf8).withUnsafeBufferPointer { nameBytes($0) } }
        }

        private mutating func nameBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !bytes.isEmpty else {
                next.pointee = UInt8(ascii: "-")
                next += 1
                return
            }
            let copied = next
            self.bytes(bytes)
            let landed = UnsafeMutableBufferPointer(start: copied, count: bytes.count)
            guard !HTTPResponseSerializer.hasOnlyTokenBytes(UnsafeBufferPointer(landed)) else { return }
            for index in landed.indices where !ASCII.isTokenCharacter(landed[index]) { landed[index] = UInt8(ascii: "-") }
        }

        /// `value`'s bytes copied whole, then checked where they landed; only a value that holds
        /// an unsafe byte (CR, LF, other controls) is gone over again, each such byte made a space.
        mutating func value(_ value: String) {
            let done: Void? = value.utf8.withContiguousStorageIfAvailable { valueBytes($0) }
            if done == nil { Array(value.utf8).withUnsafeBufferPointer { valueBytes($0) } }
        }

        private mutating func valueBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
            let copied = next
            self.bytes(bytes)
            let landed = UnsafeMutableBufferPointer(start: copied, count: bytes.count)
            guard !HTTPResponseSerializer.hasOnlySafeValueBytes(UnsafeBufferPointer(landed)) else { return }
            for index in landed.indices where !HTTPResponseSerializer.isSafeValueByte(landed[index]) { landed[index] = ASCII.space }
        }

        /// A non-negative integer in decimal (at most 19 digits).
        mutating func decimal(_ value: Int) {
            precondition(value >= 0, "HTTPResponseSerializer: negative length")
            var count = 1
            var rest = value / 10
            while rest > 0 {
                count += 1
                rest /= 10
            }
            rest = value
            for index in stride(from: count - 1, through: 0, by: -1) {
                next[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            next += count
        }
    }
}
