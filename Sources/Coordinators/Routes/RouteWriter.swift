/// Prints routes into an output, percent-encoding as it goes.
///
/// `escapes` counts how deep the bytes are nested in query values: a route printed as another's
/// `?next=` has each byte encoded once more, exactly as if its printed URL had been encoded, without
/// printing it apart first.
struct RouteWriter<Output: RouteOutput> {
    var output: Output
    private(set) var escapes = 0

    init(output: consuming Output) {
        self.output = output
    }

    /// Fixed text of the URL contract (`/library/`, `/items/`…).
    mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Text known to need no escape in a path (`options`, `secondary1`), or already escaped.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if escapes == 0 {
            output.append(contentsOf: bytes)
        } else {
            for byte in bytes { emit(byte, escapes: escapes) }
        }
    }

    mutating func append(text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// A path segment or query value: RFC 3986 unreserved bytes as they are, every other UTF-8
    /// byte as `%XX`. A value made only of dots is encoded too, since browsers would otherwise
    /// resolve `.` and `..` away. Most values (slugs, tokens) need no escape: their bytes are
    /// checked, then copied in one go.
    mutating func append(component value: String) {
        var value = value
        value.withUTF8 { bytes in
            var onlyDots = true
            var isPlain = true
            for byte in bytes {
                guard URLComponentCoding.isUnreserved(byte) else {
                    isPlain = false
                    break
                }
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
            if isPlain && !onlyDots {
                // Unreserved bytes stay as they are however deep they are nested.
                output.append(contentsOf: bytes)
                return
            }
            // A value with an escape already has a byte other than a dot.
            let escapeDots = isPlain && !bytes.isEmpty
            for byte in bytes {
                if URLComponentCoding.isUnreserved(byte) && !(escapeDots && byte == UInt8(ascii: ".")) {
                    output.append(byte)
                } else {
                    appendEscaped(byte)
                }
            }
        }
    }

    /// Every byte as `%XX`, so a value cannot read as a reserved word (a category named `settings`).
    mutating func append(componentEscapingAll value: String) {
        for byte in value.utf8 { appendEscaped(byte) }
    }

    /// Prints `route` as a query value: everything it prints is encoded once more.
    mutating func append(queryValue route: AppRoute) {
        escapes += 1
        route.write(to: &self)
        escapes -= 1
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        emit(UInt8(ascii: "%"), escapes: escapes)
        emit(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes)
        emit(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes)
    }

    /// `byte` encoded `escapes` times over: `/` once is `%2F`, twice `%252F`.
    private mutating func emit(_ byte: UInt8, escapes: Int) {
        guard escapes > 0, !URLComponentCoding.isUnreserved(byte) else {
            output.append(byte)
            return
        }
        emit(UInt8(ascii: "%"), escapes: escapes - 1)
        emit(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes - 1)
        emit(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes - 1)
    }
}
