/// One Server-Sent Event as the `text/event-stream` format frames it: optional `id:` and `event:`
/// lines, the data split into `data:` lines, and a blank line. Line breaks inside a field would end
/// it early, so `id` and `event` lose theirs and `data` is split on them.
public struct ServerSentEvent: Sendable, Hashable {
    public var id: String?
    public var event: String?
    public var data: String

    public init(id: String? = nil, event: String? = nil, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.utf8.count + 32)
        if let id { Self.append(field: "id", Self.singleLine(id), to: &bytes) }
        if let event { Self.append(field: "event", Self.singleLine(event), to: &bytes) }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            Self.append(field: "data", Self.singleLine(String(line)), to: &bytes)
        }
        bytes.append(0x0A)
        return bytes
    }

    /// A comment line: keeps proxies and the browser from timing the stream out, and is ignored.
    public static let heartbeat: [UInt8] = Array(":\n\n".utf8)

    private static func singleLine(_ text: String) -> Substring.UTF8View {
        Substring(text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }).utf8
    }

    private static func append(field: StaticString, _ value: Substring.UTF8View, to bytes: inout [UInt8]) {
        field.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [0x3A, 0x20])
        bytes.append(contentsOf: value)
        bytes.append(0x0A)
    }
}
