import Glibc

/// Ports on 127.0.0.1 for servers a test starts itself (redis-server, haproxy).
public enum LoopbackPort {
    /// A port the system just handed out and took back: free now, though someone may take it
    /// before the caller binds it (callers retry).
    public static func free() -> Int {
        let (fd, port) = bound()
        close(fd)
        return port
    }

    /// A TCP socket bound to a port the system chose on 127.0.0.1, and that port.
    private static func bound() -> (fd: Int32, port: Int) {
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
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port bound here and never listened on, so a connection to it is refused for as long as
    /// the reservation lives: unlike a port from `free()`, nobody can start listening on it
    /// meanwhile, and the kernel never picks it as a connection's own port (connecting to a freed
    /// port in the ephemeral range can connect a socket to itself).
    public final class Refusing: @unchecked Sendable {
        public let port: Int
        private let fd: Int32

        public init() {
            (fd, port) = LoopbackPort.bound()
        }

        deinit { close(fd) }
    }

    /// Whether something accepts connections on `port`.
    public static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
