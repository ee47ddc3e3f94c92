import Networking
extension RedisConnection {
    /// Whether an idle connection can still be used: nothing arrived while it was idle. A server
    /// that closed it (restarted, `timeout` reached, CLIENT KILL) left an end of input to find here,
    /// so the pool can drop it before a command is lost on it.
    public var isUsableWhenIdle: Bool {
        guard isOpen else { return false }
        guard SocketWait.isReadableNow(transport.fd) else { return true }
        // TLS 1.3 session tickets arrive after the handshake: read, they leave nothing behind.
        let outcome = readBuffer.withUnsafeMutableBytes { transport.read(into: $0) }
        if case .wouldBlock = outcome, parser.isIdle { return true }
        close()
        return false
    }

    /// Writes every command, reading replies as they come (so neither side's buffers fill up and
    /// deadlock), until one reply per command has arrived. Each reply must arrive within
    /// `replyTimeout` of the previous one (or of the start); `connectDeadline` replaces that during
    /// the connect handshake. Any failure closes the connection.
    func exchange(_ commands: [RedisCommand], connectDeadline: UInt64? = nil) throws(RedisError) -> [RESPValue] {
        EventLoopThread.preconditionNotOnLoop("RedisConnection (a blocking Redis call)")
        guard isOpen else { throw .connectionClosed }
        var output: [UInt8] = []
        for command in commands { command.encode(into: &output) }
        var written = 0
        var replies: [RESPValue] = []
        replies.reserveCapacity(commands.count)
        let replyTimeout = configuration.replyTimeout
        var deadline = connectDeadline ?? clock.deadline(after: replyTimeout)
        do throws(RedisError) {
            while true {
                do {
                    while replies.count < commands.count, let reply = try parser.next() {
                        replies.append(reply)
                        if connectDeadline == nil { deadline = clock.deadline(after: replyTimeout) }
                    }
                } catch {
                    throw .protocolError(error)
                }
                if replies.count == commands.count { break }

                var progressed = false
                var waitRead = false
                var waitWrite = false
                if written < output.count {
                    let outcome = output.withUnsafeBytes { transport.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
                    switch outcome {
                    case .bytes(let count):
                        written += count
                        progressed = count > 0
                    case .wouldBlock(let untilReadable):
                        if untilReadable { waitRead = true } else { waitWrite = true }
                    case .closed: throw RedisError.connectionClosed
                    case .failed(let error): throw error
                    }
                }
                switch readBuffer.withUnsafeMutableBytes({ transport.read(into: $0) }) {
                case .bytes(let count):
                    readBuffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    progressed = progressed || count > 0
                case .wouldBlock(let untilReadable):
                    if untilReadable { waitRead = true } else { waitWrite = true }
                case .closed: throw RedisError.connectionClosed
                case .failed(let error): throw error
                }
                guard !progressed else { continue }
                let name = commands[replies.count].name
                guard case .ready = SocketWait.wait(transport.fd, readable: waitRead, writable: waitWrite, deadline: deadline, clock: clock) else {
                    throw RedisError.replyTimeout(command: name)
                }
            }
        } catch {
            close()
            throw error
        }
        // Bytes beyond the last reply answer nothing that was asked: the stream is out of step.
        if !parser.isIdle { close() }
        return replies
    }
}
