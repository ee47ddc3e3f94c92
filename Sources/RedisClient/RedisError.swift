import Glibc

/// Why a Redis call failed. Error *replies* in a pipeline are values (`RESPValue.error`); `send`
/// turns one into `.server`.
public enum RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host name did not resolve.
    case unresolvedHost(host: String, detail: String)
    /// Nothing listens there (ECONNREFUSED): the server is down or restarting.
    case connectionRefused(host: String, port: Int)
    /// Connecting failed for another reason (unreachable network, …), with errno.
    case connectFailed(host: String, port: Int, code: Int32)
    /// TCP connect, TLS handshake, AUTH and SELECT did not finish within `connectTimeout`.
    case connectTimeout(host: String, port: Int)
    /// A reply did not arrive within `replyTimeout`; the connection is closed, since its replies
    /// would now be out of step.
    case replyTimeout(command: String)
    /// The server closed the connection before answering.
    case connectionClosed
    /// A send or receive failed (errno), e.g. connection reset.
    case io(call: String, code: Int32)
    /// The TLS handshake failed (certificate not trusted, wrong host name, …) or TLS broke later.
    case tls(String)
    /// AUTH was refused (WRONGPASS, NOAUTH …), with the server's message.
    case authenticationFailed(String)
    /// An error reply, with the server's message: `ERR unknown command …`, `WRONGTYPE …`.
    case server(String)
    /// The server sent something that is not RESP2; the connection is closed.
    case protocolError(RESPParseError)
    /// All pool connections stayed busy for `checkoutTimeout`.
    case poolTimeout
    /// A recent connect failed: no new one is tried until the backoff delay has passed.
    indirect case backingOff(retryInMilliseconds: Int, lastFailure: RedisError)
    /// The pool was closed.
    case poolClosed
    /// The `rediss://` CA file could not be used, or OpenSSL could not be set up.
    case tlsSetup(String)

    /// Whether the connection or the server failed (no reply in time, reset, refused, garbage),
    /// as opposed to an error reply or a busy pool: what counts toward reconnect backoff.
    public var isConnectionFailure: Bool {
        switch self {
        case .unresolvedHost, .connectionRefused, .connectFailed, .connectTimeout, .replyTimeout, .connectionClosed, .io,
             .tls, .protocolError:
            true
        case .authenticationFailed, .server, .poolTimeout, .backingOff, .poolClosed, .tlsSetup:
            false
        }
    }

    /// The error code of a server error reply: `WRONGTYPE`, `ERR`, `NOAUTH` …
    public var serverErrorCode: String? {
        switch self {
        case .server(let message), .authenticationFailed(let message): String(message.prefix { $0 != " " })
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .unresolvedHost(let host, let detail): "cannot resolve Redis host '\(host)': \(detail)"
        case .connectionRefused(let host, let port): "Redis at \(host):\(port) refused the connection"
        case .connectFailed(let host, let port, let code): "cannot connect to Redis at \(host):\(port): \(Self.text(code))"
        case .connectTimeout(let host, let port): "connecting to Redis at \(host):\(port) timed out"
        case .replyTimeout(let command): "Redis did not answer \(command) in time"
        case .connectionClosed: "Redis closed the connection"
        case .io(let call, let code): "Redis connection \(call) failed: \(Self.text(code))"
        case .tls(let detail): "Redis TLS failed: \(detail)"
        case .authenticationFailed(let message): "Redis refused the credentials: \(message)"
        case .server(let message): "Redis error: \(message)"
        case .protocolError(let error): "Redis protocol error: \(error)"
        case .poolTimeout: "no Redis connection became free in time"
        case .backingOff(let milliseconds, let lastFailure):
            "Redis unavailable (\(lastFailure)); next attempt in \(milliseconds) ms"
        case .poolClosed: "the Redis pool is closed"
        case .tlsSetup(let detail): "Redis TLS setup failed: \(detail)"
        }
    }

    private static func text(_ code: Int32) -> String { "\(String(cString: strerror(code))) (errno \(code))" }
}
