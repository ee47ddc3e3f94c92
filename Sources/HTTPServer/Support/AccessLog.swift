import Log

/// One event loop's access lines, gathered during a turn of the loop and written with one call.
struct AccessLog {
    private(set) var buffer: [UInt8] = []
    /// Where lines go; a test can point it elsewhere.
    var fd: Int32 = 1
    var format: Logger.Format = .text
    private var timestamp = LogTimestamp()

    /// Text: `[date] 198.51.100.7 GET /path 200 1234B 0.42ms` (`198.51.100.7 via 10.0.0.2` behind a
    /// proxy). JSON: one object with the method, route pattern, path (without its query, which may
    /// carry anything), status, bytes, duration, request id, client address and, when a trusted
    /// proxy named the client, the proxy's as `peer`. A path holding a secret is logged as its route
    /// pattern. The client is the one the server resolved (`TrustedProxies`), not a header's raw text.
    mutating func record(_ entry: ConnectionStateMachine.AccessEntry, date: String, client: String = "", peer: String = "") {
        let target = entry.hidesPath ? entry.route ?? "-" : entry.target
        let via = peer == client ? "" : peer
        switch format {
        case .text: recordText(entry, target: target, date: date, client: client, via: via)
        case .json: recordJSON(entry, target: target, client: client, via: via)
        }
        if buffer.count > 32 * 1024 && fd >= 0 { flush() }
    }

    private mutating func recordText(
        _ entry: ConnectionStateMachine.AccessEntry, target: String, date: String, client: String, via: String
    ) {
        buffer.append(UInt8(ascii: "["))
        buffer.append(contentsOf: date.utf8)
        buffer.append(contentsOf: "] ".utf8)
        if !client.isEmpty {
            buffer.append(contentsOf: client.utf8.prefix(64))
            if !via.isEmpty {
                buffer.append(contentsOf: " via ".utf8)
                buffer.append(contentsOf: via.utf8.prefix(64))
            }
            buffer.append(UInt8(ascii: " "))
        }
        buffer.append(contentsOf: entry.method.utf8)
        buffer.append(UInt8(ascii: " "))
        for byte in target.utf8.prefix(512) {
            buffer.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
        buffer.append(contentsOf: " \(entry.status) \(entry.bytes)B \(Self.milliseconds(entry.nanoseconds))ms\n".utf8)
    }

    private mutating func recordJSON(_ entry: ConnectionStateMachine.AccessEntry, target: String, client: String, via: String) {
        let path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        buffer.append(UInt8(ascii: "{"))
        JSONString.append(key: "time", timestamp.current(), to: &buffer)
        buffer.append(contentsOf: ",\"level\":\"info\",\"message\":\"request\",".utf8)
        JSONString.append(key: "method", entry.method, to: &buffer, limit: 32)
        buffer.append(UInt8(ascii: ","))
        JSONString.append(key: "route", entry.route ?? RequestStats.unroutedLabel, to: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONString.append(key: "path", path, to: &buffer, limit: 512)
        buffer.append(contentsOf: ",\"status\":\(entry.status),\"bytes\":\(entry.bytes),\"duration_ms\":\(Self.milliseconds(entry.nanoseconds)),".utf8)
        JSONString.append(key: "request_id", entry.requestID ?? "", to: &buffer, limit: 64)
        buffer.append(UInt8(ascii: ","))
        JSONString.append(key: "client", client, to: &buffer, limit: 64)
        if !via.isEmpty {
            buffer.append(UInt8(ascii: ","))
            JSONString.append(key: "peer", via, to: &buffer, limit: 64)
        }
        buffer.append(contentsOf: "}\n".utf8)
    }

    /// `0.42`: milliseconds with two decimals.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micros = nanoseconds / 1000
        return "\(micros / 1000).\(String(micros % 1000 / 10 + 100).dropFirst())"
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { Logger.write($0, to: fd) }
        buffer.removeAll(keepingCapacity: true)
    }
}
