/// Compares a route's printed path with a request's path as the route prints, so a GET whose path
/// is already canonical costs no string. The printed query (`?next=`) is not compared: the route's
/// only raw `?` starts it, since a printed `next` escapes its own.
struct PathComparison: RouteOutput {
    private let path: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var isDifferent = false
    private var isInQuery = false

    init(path: UnsafeBufferPointer<UInt8>) {
        self.path = path
    }

    /// Whether everything printed, up to the query, spells `path` exactly.
    var matches: Bool { !isDifferent && position == path.count }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard !isDifferent, !isInQuery, let printed = bytes.baseAddress else { return }
        let shared = min(bytes.count, path.count - position)
        if shared > 0 {
            guard let expected = path.baseAddress, Self.equal(printed, expected + position, count: shared) else {
                isDifferent = true
                return
            }
            position += shared
        }
        if shared < bytes.count {
            // Printed past the end of `path`: only the start of the query may follow.
            if printed[shared] == UInt8(ascii: "?") { isInQuery = true } else { isDifferent = true }
        }
    }

    /// Eight bytes at a time: a printed path is compared once per GET.
    private static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
        let lhs = UnsafeRawPointer(lhs)
        let rhs = UnsafeRawPointer(rhs)
        var offset = 0
        while offset + 8 <= count {
            guard lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self) else {
                return false
            }
            offset += 1
        }
        return true
    }
}
