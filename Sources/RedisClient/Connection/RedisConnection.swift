/// One connection to Redis: connected, authenticated and on its database when `init` returns.
///
/// Calls block the calling thread (on poll(2), bounded by `replyTimeout`) and must never be made
/// from an event loop: call from a worker thread (`HTTPServer.WorkerPool`), or through `RedisPool`'s
/// callback API, which does that for you. One thread at a time: the pool hands a connection to one
/// borrower, and a connection that timed out or read garbage is closed for good (`isOpen` false),
/// because its replies would no longer line up with its commands.
public final class RedisConnection: @unchecked Sendable {
    public let configuration: RedisConfiguration
    let transport: RedisTransport
    let clock: RedisClock
    var parser: RESPParser
    public internal(set) var isOpen = true
    /// Reused for every read; TLS records are at most 16 KB of plaintext.
    var readBuffer = [UInt8](repeating: 0, count: 16_384)

    /// Connects, then sends AUTH (with the ACL user if there is one) and SELECT (unless database 0),
    /// all within `connectTimeout`.
    public convenience init(configuration: RedisConfiguration, clock: RedisClock = .system) throws(RedisError) {
        let context = configuration.usesTLS ? try RedisTLSContext(caFilePath: configuration.caFilePath) : nil
        try self.init(configuration: configuration, tlsContext: context, clock: clock)
    }

    init(configuration: RedisConfiguration, tlsContext: RedisTLSContext?, clock: RedisClock) throws(RedisError) {
        let deadline = clock.deadline(after: configuration.connectTimeout)
        let fd = try ClientSocket.connect(host: configuration.host, port: configuration.port, deadline: deadline, clock: clock)
        if let tlsContext {
            transport = try TLSClientTransport(
                fd: fd, host: configuration.host, port: configuration.port, context: tlsContext, deadline: deadline, clock: clock)
        } else {
            transport = PlainTransport(fd: fd)
        }
        self.configuration = configuration
        self.clock = clock
        self.parser = RESPParser(limits: configuration.limits)
        try introduce(deadline: deadline)
    }

    deinit {
        if isOpen { transport.close() }
    }

    /// Sends one command and returns its reply; an error reply throws `.server` with its message.
    public func send(_ command: RedisCommand) throws(RedisError) -> RESPValue {
        let reply = try exchange([command])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Sends all `commands` in one write and reads their replies in order, one per command. Error
    /// replies come back as `.error` values in their place: one failing command does not hide the
    /// others' results.
    public func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        return try exchange(commands)
    }

    /// Closes the socket (sending TLS close_notify first). Idempotent.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        transport.close()
    }

    /// AUTH and SELECT, pipelined. A refused AUTH is `.authenticationFailed`; the connection closes.
    private func introduce(deadline: UInt64) throws(RedisError) {
        var commands: [RedisCommand] = []
        if let password = configuration.password {
            if let username = configuration.username {
                commands.append(RedisCommand("AUTH", username, password))
            } else {
                commands.append(RedisCommand("AUTH", password))
            }
        } else if let username = configuration.username {
            // An ACL user without a password (`nopass`) accepts any.
            commands.append(RedisCommand("AUTH", username, ""))
        }
        if configuration.database != 0 {
            commands.append(RedisCommand("SELECT", String(configuration.database)))
        }
        guard !commands.isEmpty else { return }
        let replies: [RESPValue]
        do {
            replies = try exchange(commands, connectDeadline: deadline)
        } catch .replyTimeout {
            throw .connectTimeout(host: configuration.host, port: configuration.port)
        }
        for (command, reply) in zip(commands, replies) {
            guard case .error(let message) = reply else { continue }
            close()
            throw command.name == "AUTH" ? .authenticationFailed(message) : .server(message)
        }
    }
}
