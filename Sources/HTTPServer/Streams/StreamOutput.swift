/// The loop's side of one open event stream: bytes waiting to be written, and when the stream last
/// moved. Owned by the connection's event loop; touched only on its thread.
struct StreamOutput {
    let handle: EventStream
    private(set) var pending: [UInt8] = []
    private(set) var start = 0
    /// When bytes were last queued (the heartbeat is due after a quiet interval).
    var lastQueued: UInt64
    /// When output last moved, or nothing was waiting: a peer that stops reading is let go.
    var lastProgress: UInt64

    init(handle: EventStream, now: UInt64) {
        self.handle = handle
        lastQueued = now
        lastProgress = now
    }

    var pendingBytes: Int { pending.count - start }

    mutating func queue(_ bytes: [UInt8], now: UInt64) {
        if pendingBytes == 0 { lastProgress = now }
        pending.append(contentsOf: bytes)
        lastQueued = now
    }

    mutating func wrote(_ count: Int, now: UInt64) {
        start += count
        if count > 0 { lastProgress = now }
        if start >= pending.count {
            // An idle stream keeps no buffer: thousands of them are open at once.
            pending = []
            start = 0
        }
    }

    func withPendingBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        pending.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
