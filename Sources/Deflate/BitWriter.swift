/// Gathers DEFLATE's LSB-first bit stream into a growing byte buffer. Callers reserve room for what
/// they are about to write (a block's exact size is known before it is written); every store is
/// still checked against the capacity, so a wrong estimate traps instead of writing past the end.
/// A `GzipEncoder` keeps one and `reset`s it per stream, so its buffer is allocated once.
struct BitWriter: ~Copyable {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    private var bits: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    /// Bits written so far, counting those still held back.
    var bitPosition: Int { count * 8 + bitCount }

    /// Makes room for `bytes` more bytes (plus slack for the bit buffer).
    mutating func reserve(_ bytes: Int) {
        let needed = count + bytes + 16
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }

    /// Appends the low `width` bits of `value` (width ≤ 32).
    @inline(__always)
    mutating func write(_ value: UInt32, _ width: Int) {
        bits |= UInt64(value) << UInt64(bitCount)
        bitCount += width
        if bitCount >= 32 {
            precondition(count + 4 <= capacity, "BitWriter: write past the reserved capacity")
            UnsafeMutableRawPointer(buffer + count).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            count += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    /// Runs `body` with the bit state copied into a local value, which the optimizer keeps in
    /// registers: for loops writing thousands of codes. Stores are still checked against the capacity.
    mutating func withLocalBits<R>(_ body: (inout LocalBits) -> R) -> R {
        var local = LocalBits(next: buffer + count, end: buffer + capacity, bits: bits, bitCount: bitCount)
        let result = body(&local)
        count = local.next - buffer
        bits = local.bits
        bitCount = local.bitCount
        return result
    }

    /// Pads with zero bits to a byte boundary and moves every held bit into the buffer.
    mutating func alignToByte() {
        while bitCount > 0 {
            precondition(count < capacity, "BitWriter: write past the reserved capacity")
            buffer[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
            bitCount = max(0, bitCount - 8)
        }
        bits = 0
    }

    /// Appends whole bytes; the stream must be byte-aligned.
    mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        precondition(bitCount == 0, "BitWriter: bytes written off a byte boundary")
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(count + bytes.count <= capacity, "BitWriter: write past the reserved capacity")
        UnsafeMutableRawPointer(buffer + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func writeByte(_ byte: UInt8) {
        precondition(bitCount == 0 && count < capacity, "BitWriter: misplaced byte")
        buffer[count] = byte
        count += 1
    }

    /// Empties the writer, keeping its buffer for the next stream.
    mutating func reset() {
        count = 0
        bits = 0
        bitCount = 0
    }

    /// The bytes written so far; the stream must be byte-aligned.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(bitCount == 0, "BitWriter: read off a byte boundary")
        return try body(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    /// The bytes written; the stream must be byte-aligned.
    consuming func finish() -> [UInt8] {
        precondition(bitCount == 0, "BitWriter: finished off a byte boundary")
        return [UInt8](UnsafeBufferPointer(start: buffer, count: count))
    }
}

/// A `BitWriter`'s state while `withLocalBits` runs.
struct LocalBits {
    var next: UnsafeMutablePointer<UInt8>
    let end: UnsafeMutablePointer<UInt8>
    var bits: UInt64
    var bitCount: Int

    /// Appends the low `width` bits of `value` (width ≤ 32). Wrapping operators: `bitCount` stays
    /// below 32 between calls, so nothing here can overflow, and the checks would cost a third.
    @inline(__always)
    mutating func write(_ value: UInt32, _ width: Int) {
        bits |= UInt64(value) &<< UInt64(truncatingIfNeeded: bitCount)
        bitCount &+= width
        if bitCount >= 32 {
            precondition(end - next >= 4, "BitWriter: write past the reserved capacity")
            UnsafeMutableRawPointer(next).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            next += 4
            bits &>>= 32
            bitCount &-= 32
        }
    }
}
