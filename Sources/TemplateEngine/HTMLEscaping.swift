/// Writes text HTML-escaped: copies runs of ordinary bytes in one go and replaces `& < > " '`
/// with entities.
enum HTMLEscaping {
    /// Appends `source` as is and tells whether it holds none of the five special bytes, so that
    /// writing it later can skip escaping. Eight bytes at a time: the check rides on the copy.
    static func copy(_ source: UnsafeBufferPointer<UInt8>, to buffer: inout PlainValueBuffer<UInt8>) -> Bool {
        guard let base = source.baseAddress else { return true }
        let count = source.count
        var special: UInt64 = 0
        buffer.append(count: count) { target in
            let from = UnsafeRawPointer(base)
            let to = UnsafeMutableRawPointer(target)
            if count >= 8 {
                var index = 0
                while index + 8 <= count {
                    let word = from.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    special |= specialBytes(word)
                    to.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                    index += 8
                }
                if index < count {
                    // The last word again, overlapping the one before: checking a byte twice is harmless.
                    let word = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    special |= specialBytes(word)
                    to.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
                }
            } else {
                special = specialBytes(partialWord(base, count: count))
                copyBytes(from: from, to: to, count: count)
            }
        }
        // Without any special byte there is no false alarm either (those sit above a real one).
        return special == 0
    }

    /// Whether `bytes` hold none of the five special bytes.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let from = UnsafeRawPointer(base)
        let count = bytes.count
        guard count >= 8 else { return specialBytes(partialWord(base, count: count)) == 0 }
        var special: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            special |= specialBytes(from.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < count {
            special |= specialBytes(from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return special == 0
    }

    /// The longest piece escaped in one go.
    static let chunkSize = 4096

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout PlainValueBuffer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        // In chunks, so the room reserved for the worst case stays small for long texts.
        var chunk = 0
        while chunk < bytes.count {
            let count = min(bytes.count - chunk, chunkSize)
            appendChunk(UnsafeBufferPointer(start: base + chunk, count: count), to: &writer)
            chunk += count
        }
    }

    private static func appendChunk(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout PlainValueBuffer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        precondition(count <= chunkSize, "HTMLEscaping: a chunk longer than the room is sized for")
        // Each byte becomes at most six (`&quot;`): reserve for the worst case plus two words of
        // slack. A word is stored whole; when it holds a special byte, only the bytes before that
        // one count, the entity follows (a word store at most 7 bytes on), and the scan goes on
        // after it. Each round checks that both its stores end inside the room: the worst case is
        // the assumption (`written` stays within six times the bytes read), the check keeps it.
        let room = count * 6 + 16
        let lastRoundStart = room - 16
        writer.append(upTo: room) { target in
            let from = UnsafeRawPointer(base)
            var written = 0
            var index = 0
            while index < count {
                precondition(written <= lastRoundStart, "HTMLEscaping: a store would pass the room reserved for the worst case")
                let remaining = count - index
                let word = remaining >= 8
                    ? from.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    : partialWord(base + index, count: remaining)
                UnsafeMutableRawPointer(target + written).storeBytes(of: word, as: UInt64.self)
                let mask = specialBytes(word)
                if mask == 0 {
                    let step = min(remaining, 8)
                    written += step
                    index += step
                } else {
                    let special = mask.trailingZeroBitCount >> 3
                    written += special
                    written += writeEscaped(base[index + special], to: target + written)
                    index += special + 1
                }
            }
            return written
        }
    }

    /// Writes `byte`, or its entity when it is special, and returns the number of bytes written.
    /// Entities are stored as one little-endian word; the slack behind `target` takes the rest.
    @inline(__always)
    private static func writeEscaped(_ byte: UInt8, to target: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(target)
        switch byte {
        case 0x26: raw.storeBytes(of: 0x3B_70_6D_61_26, as: UInt64.self); return 5  // &amp;
        case 0x3C: raw.storeBytes(of: 0x3B_74_6C_26, as: UInt64.self); return 4  // &lt;
        case 0x3E: raw.storeBytes(of: 0x3B_74_67_26, as: UInt64.self); return 4  // &gt;
        case 0x22: raw.storeBytes(of: 0x3B_74_6F_75_71_26, as: UInt64.self); return 6  // &quot;
        case 0x27: raw.storeBytes(of: 0x3B_39_33_23_26, as: UInt64.self); return 5  // &#39;
        default: target.pointee = byte; return 1
        }
    }

    /// The first `count` (< 8) bytes at `start` as a little-endian word, the rest zero. From four
    /// bytes on, two overlapping loads: the bytes they share land on the same places.
    @inline(__always)
    private static func partialWord(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        // Eight or more would read a whole word: that is the callers' other branch.
        precondition(count >= 0 && count < 8, "HTMLEscaping.partialWord: not a partial word")
        let raw = UnsafeRawPointer(start)
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return low | high << ((count - 4) &* 8)
        }
        var word: UInt64 = 0
        for offset in 0..<count {
            word |= UInt64(start[offset]) << (offset &* 8)
        }
        return word
    }

    /// Sets the high bit of each byte of `word` that is one of the five special bytes. Bits above
    /// the lowest one may be false alarms (a borrow), but the lowest set bit is always exact.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        func zeroBytes(_ x: UInt64) -> UInt64 {
            (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        }
        return zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
            | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
            | zeroBytes(word ^ 0x2727_2727_2727_2727)
    }
}
