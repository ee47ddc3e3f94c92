import Glibc

/// A loopback listener that plays a broken server: it never accepts (connections wait in the
/// backlog, unanswered), or accepts and sends whatever the test says.
final class FakeRedis {
    let fd: Int32
    let port: Int
    private var accepted: [Int32] = []

    init() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        listen(fd, 16)
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        for connection in accepted { close(connection) }
        close(fd)
    }

    /// Accepts the connection a client already made (it waits in the backlog) and sends `text`.
    /// With `thenClose`, hangs up right after.
    func acceptAndSend(_ text: String, thenClose: Bool = false) {
        let connection = accept(fd, nil, nil)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if thenClose { close(connection) } else { accepted.append(connection) }
    }

    /// Accepts the waiting connection and closes it at once.
    func acceptAndClose() {
        close(accept(fd, nil, nil))
    }
}
