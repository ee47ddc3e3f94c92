/// Prints routes into an output, percent-encoding as it goes.
///
/// The pieces of a route (`/library/`, the slug, `/items/`, the id…) are gathered in a small buffer
/// on the stack and handed to the output in one go, so a route costs one array append, not one
/// per piece. Call `finish()` to get the output.
///
/// `escapes` counts how deep the bytes are nested in query values: a route printed as another's
/// `?next=` has each byte encoded once more, exactly as if its printed URL had been encoded, without
/// printing it apart first.
struct RouteWriter<Output: RouteOutput> {
    private var output: Output
    private var escapes = 0
    /// Bytes not yet handed to `output`; the first `pendingCount` of its 64 are used.
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    private static var pendingCapacity: Int { 64 }

    init(output: consuming Output) {
        self.output = output
    }

    /// The output, with every byte written so far. (Mutating, not consuming: the output must be
    /// flushed into while it has one owner, or an array would be copied.)
    mutating func finish() -> Output {
        flush()
        return output
    }

    /// Fixed text of the URL contract (`/library/`, `/items/`…).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Bytes already spelled for a path (fixed text, an id's digits).
    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if escapes == 0 {
            put(bytes)
        } else {
            for byte in bytes { put(byte, escapes: escapes) }
        }
    }

    /// A path segment or query value: RFC 3986 unreserved bytes as they are, every other UTF-8
    /// byte as `%XX`. A value made only of dots is encoded too, since browsers would otherwise
    /// resolve `.` and `..` away. Most values (slugs, tokens) need no escape: their bytes are
    /// checked, then copied in one go.
    mutating func append(component value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ append(component: $0) }) == nil {
            var value = value
            value.withUTF8 { append(component: $0) }
        }
    }

    private mutating func append(component bytes: UnsafeBufferPointer<UInt8>) {
        var isPlain = true
        var onlyDots = true
        for byte in bytes {
            isPlain = isPlain && URLComponentCoding.isUnreserved(byte)
            onlyDots = onlyDots && byte == UInt8(ascii: ".")
        }
        if isPlain && !onlyDots {
            // Unreserved bytes stay as they are however deep they are nested.
            put(bytes)
            return
        }
        for byte in bytes {
            if URLComponentCoding.isUnreserved(byte) && !onlyDots {
                put(byte: byte)
            } else {
                putEscaped(byte)
            }
        }
    }

    /// Every byte as `%XX`, so a value cannot read as a reserved word (a category named `settings`).
    mutating func append(componentEscapingAll value: String) {
        for byte in value.utf8 { putEscaped(byte) }
    }

    /// Prints `route` as a query value: everything it prints is encoded once more.
    mutating func append(queryValue route: AppRoute) {
        escapes += 1
        route.write(to: &self)
        escapes -= 1
    }

    private mutating func putEscaped(_ byte: UInt8) {
        put(UInt8(ascii: "%"), escapes: escapes)
        put(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes)
        put(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes)
    }

    /// `byte` encoded `escapes` times over: `/` once is `%2F`, twice `%252F`.
    private mutating func put(_ byte: UInt8, escapes: Int) {
        guard escapes > 0, !URLComponentCoding.isUnreserved(byte) else {
            put(byte: byte)
            return
        }
        put(UInt8(ascii: "%"), escapes: escapes - 1)
        put(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes - 1)
        put(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes - 1)
    }

    private mutating func put(byte: UInt8) {
        if pendingCount == Self.pendingCapacity { flush() }
        let index = pendingCount
        withUnsafeMutableBytes(of: &pending) { $0[index] = byte }
        pendingCount += 1
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if pendingCount + bytes.count > Self.pendingCapacity {
            flush()
            guard bytes.count <= Self.pendingCapacity else {
                output.append(contentsOf: bytes)
                return
            }
        }
        let start = pendingCount
        let count = bytes.count
        withUnsafeMutableBytes(of: &pending) { raw in
            // In bounds: `start + count` is at most the capacity, checked above.
            guard let target = raw.baseAddress.map({ $0 + start }) else { return }
            copyShort(from: UnsafeRawPointer(source), to: target, count: count)
        }
        pendingCount += count
    }

    private mutating func flush() {
        guard pendingCount > 0 else { return }
        let pending = self.pending
        let count = pendingCount
        withUnsafeBytes(of: pending) { raw in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<count]))
        }
        pendingCount = 0
    }
}

extension RouteWriter where Output == [UInt8] {
    /// Everything written, as a string: straight from the stack when it all fit there.
    mutating func finishString() -> String {
        guard output.isEmpty else { return String(decoding: finish(), as: UTF8.self) }
        let count = pendingCount
        return withUnsafeBytes(of: pending) { raw in
            String(decoding: UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<count]), as: UTF8.self)
        }
    }
}
