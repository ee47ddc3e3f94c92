// libFuzzer target for the Deflate module; compiled with swiftc by run-gzip-fuzz.sh, not by SwiftPM.
// Invariants, for both levels (the greedy finder for pages, the lazy one for files): compressing any
// input and inflating it gives the input back; the output never exceeds the stored-block bound; an
// encoder kept across every run (as an event loop keeps one) makes exactly the bytes a fresh one
// makes, so nothing an earlier input left in its tables leaks into a match; and the inflater, fed
// the raw fuzz input as a gzip member, throws or returns but never crashes or runs away.

/// Kept across runs, as an event loop keeps its encoder; the fuzzer runs one input at a time.
nonisolated(unsafe) let keptEncoder = GzipEncoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    // Inputs repeated a few times reach long matches and several blocks with short fuzz inputs.
    let repeats = bytes.first.map { Int($0 % 4) + 1 } ?? 1
    var input: [UInt8] = []
    for index in 0..<repeats { input += index % 2 == 0 ? bytes : bytes.reversed() }
    for level in [Gzip.Level.fast, .default] {
        let compressed = Gzip.compress(input, level: level)
        precondition(compressed.count <= input.count + 5 * (input.count / 16384 + 2) + 18, "output over the stored bound")
        guard let restored = try? Gzip.decompress(compressed) else { preconditionFailure("our output does not inflate") }
        precondition(restored == input, "round trip changed the bytes")
        let kept = input.withUnsafeBytes { keptEncoder.compress($0, level: level) }
        precondition(kept == compressed, "a kept encoder coded differently from a fresh one")
    }
    _ = try? Gzip.decompress(bytes, maxOutputBytes: 1 << 20)
    return 0
}
