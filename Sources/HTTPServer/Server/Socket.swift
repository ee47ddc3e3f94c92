import CSystem
import Glibc

/// The few socket calls the server makes, with errors turned into `SystemError`.
enum Socket {
    /// A non-blocking listening socket; `reusePort` lets each event loop own one on the same port.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(SystemError) -> Int32 {
        var storage = sockaddr_storage()
        let length = try address(host: host, port: port, into: &storage)
        let fd = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let error = SystemError("bind \(host):\(port)")
            close(fd)
            throw error
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let error = SystemError("listen")
            close(fd)
            throw error
        }
        return fd
    }

    /// Fails with EADDRINUSE when something already listens on `port`. SO_REUSEPORT would otherwise
    /// let a second Waypoint started by the same user silently share the port with the first.
    static func ensureAvailable(host: String, port: Int) throws(SystemError) {
        guard port != 0 else { return }
        var storage = sockaddr_storage()
        let length = try address(host: host, port: port, into: &storage)
        let fd = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw SystemError("bind \(host):\(port)") }
    }

    /// The port a socket is bound to (for port 0).
    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return port(of: storage)
    }

    enum Accepted {
        case connection(fd: Int32, remoteAddress: String)
        case noneLeft
        /// Out of file descriptors: the listener stays readable, so the caller must back off.
        case exhausted
    }

    /// Accepts one pending connection as a non-blocking socket with TCP_NODELAY.
    static func accept(_ listener: Int32) -> Accepted {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    wp_accept(listener, $0, &length)
                }
            }
            if fd >= 0 {
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return .connection(fd: fd, remoteAddress: describe(storage))
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .noneLeft
            }
        }
    }

    private static func address(host: String, port: Int, into storage: inout sockaddr_storage) throws(SystemError) -> socklen_t {
        guard (0...65535).contains(port) else { throw SystemError("port \(port)", code: EINVAL) }
        let name = host == "localhost" ? "127.0.0.1" : host
        if name.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, name, &address.sin6_addr) == 1 else { throw SystemError("address \(host)", code: EINVAL) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: address) { target.copyMemory(from: $0) } }
            return socklen_t(MemoryLayout<sockaddr_in6>.size)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else { throw SystemError("address \(host)", code: EINVAL) }
        withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: address) { target.copyMemory(from: $0) } }
        return socklen_t(MemoryLayout<sockaddr_in>.size)
    }

    private static func port(of storage: sockaddr_storage) -> Int {
        var storage = storage
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafeBytes(of: &storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port)) }
        }
        return withUnsafeBytes(of: &storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port)) }
    }

    private static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if Int32(storage.ss_family) == AF_INET6 {
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self).sin6_addr }
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
        } else {
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self).sin_addr }
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
