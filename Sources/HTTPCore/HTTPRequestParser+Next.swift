extension HTTPRequestParser {
    /// The next event, or nil when more bytes are needed. Each call either consumes bytes, returns an
    /// event, or stops; after an error the parser stays failed and the connection must close.
    public mutating func next() throws(HTTPParseError) -> Event? {
        // Between requests with nothing buffered (asked after every answer): nothing to scan.
        if case .requestLine = state, readIndex == buffer.count { return nil }
        do {
            return try advance()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func advance() throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .requestLine:
                guard let line = try scanLine(.requestLine) else { return nil }
                if !line.isEmpty {  // RFC 9112 §2.2: empty lines before a request-line are ignored
                    try parseRequestLine(line)
                    state = .headers
                }
                consumeLine(line)
            case .headers:
                let found: Range<Int>?
                if let empty = emptyLineAhead() { found = empty } else { found = try scanLine(.field) }
                guard let line = found else { return nil }
                try countFieldLine(line)
                consumeLine(line)
                if line.isEmpty {
                    if let event = try finishHead() { return event }
                } else {
                    try parseHeaderLine(line)
                }
            case .fixedBody(let remaining):
                let taken = takeBody(upTo: remaining)
                guard taken == remaining else {
                    state = .fixedBody(remaining: remaining - taken)
                    return nil
                }
                return .request(finishRequest())
            case .chunkSize:
                guard let line = try scanLine(.chunkSize) else { return nil }
                let size = try parseChunkSize(line)
                consumeLine(line)
                if size == 0 {
                    pending.headerBytes = 0
                    pending.fieldCount = 0
                    state = .trailers
                } else {
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let taken = takeBody(upTo: remaining)
                guard taken == remaining else {
                    state = .chunkData(remaining: remaining - taken)
                    return nil
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard bufferedByteCount > 0 else { return nil }
                guard buffer[readIndex] == ASCII.cr else { throw .badRequest("missing CRLF after chunk data") }
                guard bufferedByteCount > 1 else { return nil }
                guard buffer[readIndex + 1] == ASCII.lf else { throw .badRequest("missing CRLF after chunk data") }
                readIndex += 2
                state = .chunkSize
            case .trailers:
                guard let line = try scanLine(.field) else { return nil }
                try countFieldLine(line)
                consumeLine(line)
                if line.isEmpty { return .request(finishRequest()) }
                try checkFieldLine(line)  // validated, then discarded
            }
        }
    }

    /// Ends the head: checks framing, then either completes the request or moves on to its body.
    private mutating func finishHead() throws(HTTPParseError) -> Event? {
        if pending.version == .http1_1 && pending.hostCount == 0 {
            throw .badRequest("missing Host header")
        }
        if !pending.transferEncoding.isEmpty {
            if pending.contentLength != nil {
                throw .badRequest("both Content-Length and Transfer-Encoding")
            }
            if pending.version == .http1_0 {
                throw .badRequest("Transfer-Encoding in an HTTP/1.0 request")
            }
            guard pending.transferEncoding.count == 1,
                ASCII.caseInsensitiveEquals(pending.transferEncoding[0].utf8, "chunked")
            else {
                throw HTTPParseError(status: .notImplemented, reason: "unsupported Transfer-Encoding")
            }
            state = .chunkSize
        } else if let length = pending.contentLength, length > 0 {
            pending.body.reserveCapacity(min(length, 1 << 16))
            state = .fixedBody(remaining: length)
        } else {
            return .request(finishRequest())
        }
        return pending.expectsContinue && pending.version == .http1_1 ? .expectsContinue : nil
    }

    private mutating func finishRequest() -> HTTPRequest {
        state = .requestLine
        // The target, headers and body are moved out (swapped with empty ones, which cost no
        // allocation) rather than copied and then dropped with the pending request.
        let target = Self.take(&pending.target, leaving: "")
        let headers = Self.take(&pending.headers, leaving: HTTPHeaders())
        let body = Self.take(&pending.body, leaving: [])
        let (method, targetIsPath, version) = (pending.method, pending.targetIsPath, pending.version)
        pending = PendingRequest()
        return HTTPRequest.parsed(
            method: method, target: target, targetIsPath: targetIsPath, version: version, headers: headers, body: body)
    }

    @inline(__always)
    private static func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
        var taken = empty
        swap(&taken, &value)
        return taken
    }

    /// Moves up to `count` buffered bytes into the body; returns how many.
    private mutating func takeBody(upTo count: Int) -> Int {
        let taken = min(count, bufferedByteCount)
        pending.body.append(contentsOf: buffer[readIndex..<(readIndex + taken)])
        readIndex += taken
        return taken
    }

    private mutating func consumeLine(_ line: Range<Int>) {
        readIndex = line.upperBound + 2
        scanned = 0
    }

    /// Charges a complete field line (CRLF included) to the header budget.
    private mutating func countFieldLine(_ line: Range<Int>) throws(HTTPParseError) {
        pending.headerBytes += line.count + 2
        if pending.headerBytes > limits.maxHeaderBytes {
            throw HTTPParseError(status: .requestHeaderFieldsTooLarge, reason: "header section too large")
        }
        if !line.isEmpty {
            pending.fieldCount += 1
            if pending.fieldCount > limits.maxHeaderCount {
                throw HTTPParseError(status: .requestHeaderFieldsTooLarge, reason: "too many header fields")
            }
        }
    }
}
