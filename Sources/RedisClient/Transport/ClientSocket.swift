import CSystem
import Glibc

/// Opens non-blocking TCP connections to a host name or address, trying each resolved address in
/// turn within one deadline. Resolution (getaddrinfo) blocks: callers are worker threads.
enum ClientSocket {
    static func connect(host: String, port: Int, deadline: UInt64, clock: RedisClock) throws(RedisError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw .unresolvedHost(host: host, detail: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError = RedisError.connectionRefused(host: host, port: port)
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            entry = current.pointee.ai_next
            let info = current.pointee
            let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = .connectFailed(host: host, port: port, code: errno)
                continue
            }
            switch attempt(fd: fd, address: info.ai_addr, length: info.ai_addrlen, deadline: deadline, clock: clock) {
            case 0:
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return fd
            case ETIMEDOUT where clock.now() >= deadline:
                close(fd)
                throw .connectTimeout(host: host, port: port)
            case ECONNREFUSED:
                close(fd)
                lastError = .connectionRefused(host: host, port: port)
            case let code:
                close(fd)
                lastError = .connectFailed(host: host, port: port, code: code)
            }
        }
        throw lastError
    }

    /// 0 when connected, else the errno of the failure (ETIMEDOUT when the deadline passed).
    private static func attempt(fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: socklen_t,
                                deadline: UInt64, clock: RedisClock) -> Int32 {
        while Glibc.connect(fd, address, length) != 0 {
            switch errno {
            case EINTR: continue
            case EINPROGRESS: break
            default: return errno
            }
            guard case .ready = SocketWait.wait(fd, readable: false, writable: true, deadline: deadline, clock: clock) else {
                return ETIMEDOUT
            }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 else { return errno }
            return error
        }
        return 0
    }
}
