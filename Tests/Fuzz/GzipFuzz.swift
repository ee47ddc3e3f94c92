// libFuzzer target for the Deflate module; compiled with swiftc by run-gzip-fuzz.sh, not by SwiftPM.
// Invariants: compressing any input and inflating it gives the input back; the output never exceeds
// the stored-block bound; and the inflater, fed the raw fuzz input as a gzip member, throws or
// returns but never crashes or runs away.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    // Inputs repeated a few times reach long matches and several blocks with short fuzz inputs.
    let repeats = bytes.first.map { Int($0 % 4) + 1 } ?? 1
    var input: [UInt8] = []
    for index in 0..<repeats { input += index % 2 == 0 ? bytes : bytes.reversed() }
    let compressed = Gzip.compress(input)
    precondition(compressed.count <= input.count + 5 * (input.count / 16384 + 2) + 18, "output over the stored bound")
    guard let restored = try? Gzip.decompress(compressed) else { preconditionFailure("our output does not inflate") }
    precondition(restored == input, "round trip changed the bytes")
    _ = try? Gzip.decompress(bytes, maxOutputBytes: 1 << 20)
    return 0
}
