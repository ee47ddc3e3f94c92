// libFuzzer target for HTTPRequestParser; compiled with swiftc by run-parser-fuzz.sh, not by SwiftPM.
// Invariants: no crash; every `next()` either returns an event, returns nil (needs bytes) or throws;
// parsing the input whole and split in two gives the same requests and the same error.

private struct RequestSummary: Equatable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: [String]
    var body: [UInt8]
    var keepAlive: Bool
}

private struct Outcome: Equatable {
    var requests: [RequestSummary] = []
    var continues = 0
    var error: HTTPParseError?
}

private func parse(_ chunks: [ArraySlice<UInt8>], limits: HTTPRequestParser.Limits) -> Outcome {
    var parser = HTTPRequestParser(limits: limits)
    var outcome = Outcome()
    for chunk in chunks {
        parser.append(chunk)
        var events = 0
        do {
            while let event = try parser.next() {
                events += 1
                // A request costs at least a few bytes, so more events than bytes means no progress.
                precondition(events <= chunk.count + 2, "next() returns events without consuming input")
                switch event {
                case .expectsContinue:
                    outcome.continues += 1
                case .request(let request):
                    precondition(request.body.count <= limits.maxBodyBytes, "body over the limit")
                    precondition(request.headers.count <= limits.maxHeaderCount, "too many headers")
                    outcome.requests.append(
                        RequestSummary(
                            method: request.method.rawValue, target: request.target, version: request.version,
                            headers: request.headers.map { $0.name + ":" + $0.value }, body: request.body,
                            keepAlive: request.keepAlive))
                    _ = request.cookies
                    if let query = request.query { _ = try? URLEncodedForm.decode(query: query) }
                }
            }
        } catch {
            precondition([400, 413, 414, 431, 501, 505].contains(error.status.code), "unexpected status")
            outcome.error = error
            return outcome
        }
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    // Small limits so the fuzzer reaches every limit with short inputs.
    let limits = HTTPRequestParser.Limits(
        maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 8, maxBodyBytes: 128)
    let whole = parse([bytes[...]], limits: limits)
    if let first = bytes.first {
        let offset = Int(first) % (bytes.count + 1)
        let split = parse([bytes[..<offset], bytes[offset...]], limits: limits)
        precondition(split == whole, "splitting the input changed the result")
    }
    _ = try? URLEncodedForm.decode(bytes)
    _ = try? PercentEncoding.decode(Substring(decoding: bytes, as: UTF8.self))
    return 0
}
