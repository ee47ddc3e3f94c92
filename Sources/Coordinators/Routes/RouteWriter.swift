/// Prints routes into an output, percent-encoding as it goes.
///
/// `escapes` counts how deep the bytes are nested in query values: a route printed as another's
/// `?next=` has each byte encoded once more, exactly as if its printed URL had been encoded, without
/// printing it apart first. At depth 0, the usual one, every piece goes to the output as it is.
///
/// Inlinable, with the printer, so that Web's output gets a printer of its own, specialized.
/// Noncopyable, like the output it may hold (Web's writer into a page's data).
@usableFromInline
struct RouteWriter<Output: RouteOutput & ~Copyable>: ~Copyable {
    @usableFromInline var output: Output
    @usableFromInline var escapes = 0

    @inlinable
    init(output: consuming Output) {
        self.output = output
    }

    /// The output, with every byte written.
    @inlinable
    consuming func finish() -> Output {
        output
    }

    /// Fixed text of the URL contract (`/library/`, `/items/`…).
    @inlinable @inline(__always)
    mutating func append(_ text: StaticString) {
        if escapes == 0 {
            output.append(contentsOf: text)
        } else {
            text.withUTF8Buffer { bytes in
                for byte in bytes { put(byte, escapes: escapes) }
            }
        }
    }

    /// A number in decimal, without leading zeros: the only spelling the parser accepts. Digits
    /// and `-` are unreserved, so they stay as they are however deep they are nested.
    @inlinable
    mutating func append(decimal value: Int) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = UInt64(value.magnitude)
        if magnitude < 100_000_000 {
            append(digitsOf: magnitude, minimumCount: 1)
        } else {
            append(largeDecimal: magnitude)
        }
    }

    /// Past eight digits, the leading ones first, then eight at a time.
    @usableFromInline
    mutating func append(largeDecimal magnitude: UInt64) {
        let (leading, last) = magnitude.quotientAndRemainder(dividingBy: 100_000_000)
        if leading < 100_000_000 {
            append(digitsOf: leading, minimumCount: 1)
        } else {
            append(largeDecimal: leading)
        }
        append(digitsOf: last, minimumCount: 8)
    }

    /// Up to eight digits, gathered in a word (most significant in the lowest byte), so a number
    /// prints without a buffer.
    @inlinable @inline(__always)
    mutating func append(digitsOf value: UInt64, minimumCount: Int) {
        var rest = value
        var packed: UInt64 = 0
        var count = 0
        repeat {
            packed = packed &<< 8 | rest % 10
            rest /= 10
            count += 1
        } while rest > 0 || count < minimumCount
        repeat {
            output.append(UInt8(ascii: "0") | UInt8(truncatingIfNeeded: packed))
            packed &>>= 8
            count -= 1
        } while count > 0
    }

    /// A path segment or query value: RFC 3986 unreserved bytes as they are, every other UTF-8
    /// byte as `%XX`. A value made only of dots is encoded too, since browsers would otherwise
    /// resolve `.` and `..` away. Most values (slugs, tokens) need no escape: the output checks
    /// their bytes and takes them in one piece. Unreserved bytes stay as they are however deep
    /// they are nested.
    @inlinable
    mutating func append(component value: String) {
        // One pass for the usual value (a slug, a token): no dot, nothing to escape.
        if output.append(contentsOf: value, ifEvery: URLComponentCoding.isUnreservedOtherThanDot) { return }
        let dot = UInt8(ascii: ".")
        let onlyDots = value.utf8.allSatisfy { $0 == dot }
        for byte in value.utf8 {
            if URLComponentCoding.isUnreserved(byte) && !onlyDots {
                output.append(byte)
            } else {
                putEscaped(byte)
            }
        }
    }

    /// Every byte as `%XX`, so a value cannot read as a reserved word (a category named `settings`).
    @inlinable
    mutating func append(componentEscapingAll value: String) {
        for byte in value.utf8 { putEscaped(byte) }
    }

    /// Prints `route` as a query value: everything it prints is encoded once more.
    @inlinable
    mutating func append(queryValue route: AppRoute) {
        escapes += 1
        route.write(to: &self)
        escapes -= 1
    }

    @inlinable
    mutating func putEscaped(_ byte: UInt8) {
        put(UInt8(ascii: "%"), escapes: escapes)
        put(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes)
        put(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes)
    }

    /// `byte` encoded `escapes` times over: `/` once is `%2F`, twice `%252F`.
    @inlinable
    mutating func put(_ byte: UInt8, escapes: Int) {
        guard escapes > 0, !URLComponentCoding.isUnreserved(byte) else {
            output.append(byte)
            return
        }
        put(UInt8(ascii: "%"), escapes: escapes - 1)
        put(URLComponentCoding.hexDigit(byte >> 4), escapes: escapes - 1)
        put(URLComponentCoding.hexDigit(byte & 0x0F), escapes: escapes - 1)
    }
}
