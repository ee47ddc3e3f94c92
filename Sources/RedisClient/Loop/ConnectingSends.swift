/// What requests on one event loop sent while its Redis connection was being made: parked here,
/// in order, and sent on the connection once it is ready (`RedisLoopClient.install`), or failed
/// with the connect's error. Bounded, so a Redis that takes long to accept cannot make a loop
/// gather requests without limit; beyond `capacity` a send is refused.
///
/// Loop-thread only: appended by `RedisLoopClient.send` and drained by the loop's own tasks.
final class ConnectingSends: @unchecked Sendable {
    typealias Completion = RedisLoopConnection.Completion

    private struct Send {
        let commands: [RedisCommand]
        let completion: Completion
    }

    static let capacity = 4096

    private var sends: [Send] = []

    /// False when `capacity` sends already wait.
    func append(_ commands: [RedisCommand], completion: @escaping Completion) -> Bool {
        guard sends.count < Self.capacity else { return false }
        sends.append(Send(commands: commands, completion: completion))
        return true
    }

    func sendAll(on connection: RedisLoopConnection) {
        let waiting = take()
        for send in waiting { connection.send(send.commands, completion: send.completion) }
    }

    func failAll(_ error: RedisError) {
        let waiting = take()
        for send in waiting { send.completion(.failure(error)) }
    }

    private func take() -> [Send] {
        defer { sends = [] }
        return sends
    }
}
