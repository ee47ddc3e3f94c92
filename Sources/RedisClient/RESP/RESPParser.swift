/// An incremental RESP2 reply parser: feed it bytes as they arrive, take whole replies out.
/// It never recurses and never waits for a whole array to be buffered before parsing its elements;
/// partially read arrays sit on an explicit stack bounded by `limits.maximumNesting`.
public struct RESPParser: Sendable {
    public let limits: Limits
    private var buffer: [UInt8] = []
    /// The first unconsumed byte of `buffer`.
    private var index = 0
    /// Arrays whose elements are still arriving, innermost last.
    private var stack: [Frame] = []
    /// The length of a bulk string whose header was read but whose bytes have not all arrived.
    private var pendingBulkLength: Int?
    /// Once the stream is broken it stays broken.
    private var failure: RESPParseError?

    private struct Frame: Sendable {
        var remaining: Int
        var elements: [RESPValue]
    }

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Bytes received but not yet part of a returned reply (including a reply in progress).
    public var bufferedByteCount: Int { buffer.count - index }

    /// True between replies: nothing is half-read.
    public var isIdle: Bool { bufferedByteCount == 0 && stack.isEmpty && pendingBulkLength == nil }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or nil when more bytes are needed.
    public mutating func next() throws(RESPParseError) -> RESPValue? {
        if let failure { throw failure }
        do {
            let value = try parseNext()
            compact()
            return value
        } catch {
            failure = error
            throw error
        }
    }

    private enum Step {
        case value(RESPValue)
        /// An array header was read and its frame pushed: its elements follow.
        case openedArray
        case needsMoreBytes
    }

    private mutating func parseNext() throws(RESPParseError) -> RESPValue? {
        while true {
            switch try step() {
            case .needsMoreBytes:
                return nil
            case .openedArray:
                continue
            case .value(var value):
                // Fold finished arrays into their parents until one is still waiting for elements.
                var complete = true
                while !stack.isEmpty {
                    let top = stack.count - 1
                    stack[top].elements.append(value)
                    stack[top].remaining -= 1
                    guard stack[top].remaining == 0 else {
                        complete = false
                        break
                    }
                    value = .array(stack.removeLast().elements)
                }
                if complete { return value }
            }
        }
    }

    /// Reads one value or one array header.
    private mutating func step() throws(RESPParseError) -> Step {
        if let length = pendingBulkLength {
            guard buffer.count - index >= length + 2 else { return .needsMoreBytes }
            guard buffer[index + length] == 13, buffer[index + length + 1] == 10 else { throw .badLineEnding }
            let value = RESPValue.bulkString(Array(buffer[index..<(index + length)]))
            index += length + 2
            pendingBulkLength = nil
            return .value(value)
        }
        guard let lineEnd = try findLineEnd() else { return .needsMoreBytes }
        let type = buffer[index]
        guard lineEnd > index else { throw .unknownType(type) }
        let content = (index + 1)..<lineEnd
        switch type {
        case UInt8(ascii: "+"):
            index = lineEnd + 2
            return .value(.simpleString(String(decoding: buffer[content], as: UTF8.self)))
        case UInt8(ascii: "-"):
            index = lineEnd + 2
            return .value(.error(String(decoding: buffer[content], as: UTF8.self)))
        case UInt8(ascii: ":"):
            let value = try number(content)
            index = lineEnd + 2
            return .value(.integer(value))
        case UInt8(ascii: "$"):
            let length = try number(content)
            index = lineEnd + 2
            if length == -1 { return .value(.null) }
            guard length >= 0 else { throw .negativeLength(length) }
            guard length <= limits.maximumBulkLength else {
                throw .bulkStringTooLong(length: length, limit: limits.maximumBulkLength)
            }
            pendingBulkLength = Int(length)
            return try step()
        case UInt8(ascii: "*"):
            let count = try number(content)
            index = lineEnd + 2
            if count == -1 { return .value(.null) }
            guard count >= 0 else { throw .negativeLength(count) }
            guard count <= limits.maximumArrayCount else {
                throw .arrayTooLarge(count: count, limit: limits.maximumArrayCount)
            }
            if count == 0 { return .value(.array([])) }
            guard stack.count < limits.maximumNesting else { throw .nestingTooDeep(limit: limits.maximumNesting) }
            var elements: [RESPValue] = []
            // The count is the server's word: reserve little until the elements really arrive.
            elements.reserveCapacity(min(Int(count), 1024))
            stack.append(Frame(remaining: Int(count), elements: elements))
            return .openedArray
        default:
            throw .unknownType(type)
        }
    }

    /// Where the CR of the current line's CRLF is, or nil when the line has not fully arrived.
    private func findLineEnd() throws(RESPParseError) -> Int? {
        let end = buffer.count
        var position = index
        let limit = index + 1 + limits.maximumLineLength
        while position < end {
            if buffer[position] == 13 {
                guard position + 1 < end else { return nil }
                guard buffer[position + 1] == 10 else { throw .badLineEnding }
                return position
            }
            if buffer[position] == 10 { throw .badLineEnding }
            if position >= limit { throw .lineTooLong(limit: limits.maximumLineLength) }
            position += 1
        }
        return nil
    }

    /// A signed decimal that fits in 64 bits, with no sign alone, no plus and no spaces.
    private func number(_ range: Range<Int>) throws(RESPParseError) -> Int64 {
        let digits = buffer[range]
        var negative = false
        var start = range.lowerBound
        if digits.first == UInt8(ascii: "-") {
            negative = true
            start += 1
        }
        guard start < range.upperBound, range.upperBound - start <= 19 else { throw .badNumber(text(range)) }
        var value: Int64 = 0
        for position in start..<range.upperBound {
            let byte = buffer[position]
            guard byte >= 48, byte <= 57 else { throw .badNumber(text(range)) }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 48))
            guard !overflowTimes, !overflowSum else { throw .badNumber(text(range)) }
            value = sum
        }
        return negative ? -value : value
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: buffer[range].prefix(32), as: UTF8.self)
    }

    /// Drops consumed bytes once they are most of the buffer, so a long-lived connection's buffer
    /// stays the size of its largest reply.
    private mutating func compact() {
        if index == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
            index = 0
        } else if index >= 4096, index * 2 >= buffer.count {
            buffer.removeFirst(index)
            index = 0
        }
    }
}
