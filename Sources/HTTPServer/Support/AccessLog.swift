/// One event loop's access lines, gathered during a turn of the loop and written with one call.
struct AccessLog {
    private(set) var buffer: [UInt8] = []
    /// Where lines go; a test can point it elsewhere.
    var fd: Int32 = 1

    /// `[date] GET /path 200 1234B 0.42ms`
    mutating func record(_ entry: ConnectionStateMachine.AccessEntry, date: String) {
        buffer.append(UInt8(ascii: "["))
        buffer.append(contentsOf: date.utf8)
        buffer.append(contentsOf: "] ".utf8)
        buffer.append(contentsOf: entry.method.utf8)
        buffer.append(UInt8(ascii: " "))
        for byte in entry.target.utf8.prefix(512) {
            buffer.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
        buffer.append(contentsOf: " \(entry.status) \(entry.bytes)B ".utf8)
        let micros = entry.nanoseconds / 1000
        buffer.append(contentsOf: "\(micros / 1000).\(String(micros % 1000 / 10 + 100).dropFirst())ms\n".utf8)
        if buffer.count > 32 * 1024 && fd >= 0 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { Logger.write($0, to: fd) }
        buffer.removeAll(keepingCapacity: true)
    }
}
