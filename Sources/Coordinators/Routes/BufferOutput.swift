/// A fixed span of memory a route prints into, for callers that reserve room for a link and
/// write it in place. A route that does not fit leaves `overflowed` set, and the caller prints
/// it again another way.
struct BufferOutput: RouteOutput {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard !overflowed, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        guard bytes.count <= buffer.count - count else {
            overflowed = true
            return
        }
        (target + count).update(from: source, count: bytes.count)
        count += bytes.count
    }
}
