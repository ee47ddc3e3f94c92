extension TemplateData {
    /// Writes a string piece by piece straight into the data's storage, for text printed on demand
    /// (a link) without an array or a `String` in between. It gets a fixed room: every append is
    /// checked against it, and what does not fit sets `overflowed` and writes nothing more.
    ///
    /// A writer points into the data's storage, so it exists only inside `add(_:textOfAtMost:_:)`:
    /// it is noncopyable and cannot be made elsewhere, so no copy of it can be kept for later,
    /// when the storage may have moved.
    ///
    /// Inlinable, so a writer's caller in another module (a route printer) is compiled into plain
    /// stores.
    public struct TextWriter: ~Copyable {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline let capacity: Int
        @usableFromInline var written = 0
        @usableFromInline var isOverflowed = false

        /// Bytes written so far.
        public var count: Int { written }
        /// Whether an append did not fit; then the text is incomplete.
        public var overflowed: Bool { isOverflowed }

        @usableFromInline
        init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }

        @inlinable @inline(__always)
        public mutating func append(_ byte: UInt8) {
            guard written < capacity else {
                isOverflowed = true
                return
            }
            base[written] = byte
            written += 1
        }

        @inlinable @inline(__always)
        public mutating func append(contentsOf text: StaticString) {
            text.withUTF8Buffer { append($0) }
        }

        @inlinable @inline(__always)
        public mutating func append(contentsOf bytes: Span<UInt8>) {
            bytes.withUnsafeBufferPointer { append($0) }
        }

        /// A string's UTF-8, whatever its bytes.
        @inlinable @inline(__always)
        public mutating func append(contentsOf text: String) {
            _ = append(contentsOf: text, ifEvery: { _ in true })
        }

        /// `text`'s UTF-8 when every byte passes `isKept`, checked and copied in one borrow of the
        /// string's storage (a small string's bytes live in the string value itself, so no view of
        /// them may outlive this call); false, with nothing written, otherwise.
        @inlinable @inline(__always)
        public mutating func append(contentsOf text: String, ifEvery isKept: (UInt8) -> Bool) -> Bool {
            // Borrowed where the bytes are contiguous (native and small strings, the usual case),
            // so no copy of the string is made and no reference counted.
            let kept = text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes where !isKept(byte) { return false }
                append(bytes)
                return true
            }
            if let kept { return kept }
            var text = text
            return text.withUTF8 { bytes in
                for byte in bytes where !isKept(byte) { return false }
                append(bytes)
                return true
            }
        }

        @inlinable @inline(__always)
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, bytes.count <= capacity - written else {
                if !bytes.isEmpty { isOverflowed = true }
                return
            }
            copyBytes(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + written), count: bytes.count)
            written += bytes.count
        }
    }

    /// A string that `write` puts straight into the data's storage, with room for `maximum` bytes.
    /// False when it did not fit (then nothing is added). It must write valid UTF-8.
    public mutating func add(_ key: TemplateKey, textOfAtMost maximum: Int, _ write: (inout TextWriter) -> Void) -> Bool {
        let start = bytes.count
        var written: Int?
        var isPlain = false
        bytes.append(upTo: maximum) { target in
            var writer = TextWriter(base: target, capacity: maximum)
            write(&writer)
            // A writer swapped for another one's would have written somewhere else.
            precondition(writer.base == target && writer.capacity == maximum, "TextWriter: not the writer this call handed out")
            guard !writer.overflowed else { return 0 }
            written = writer.count
            isPlain = HTMLEscaping.isPlain(UnsafeBufferPointer(start: target, count: writer.count))
            return writer.count
        }
        guard let written else { return false }
        addField(key, nodes.appendIndex(Node(.string, payload: start, count: UInt32(fitting: written, "TemplateData: a string of 4 GiB or more"), isPlain: isPlain)))
        return true
    }
}
