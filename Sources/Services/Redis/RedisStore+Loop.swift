import RedisClient
import Storage

/// The store's writes for a request parked on its event loop: the same commands as the blocking
/// calls, sent through `RedisSend`, with the same reading of the replies and the same publishing
/// rule (`noteOwnWrite`), run on the loop when the replies are in. Each returns false when
/// nothing was sent; otherwise `completion` runs exactly once.
extension RedisStore {
    public func apply(
        _ mutations: [StoreMutation], through send: RedisSend, publishing publish: @escaping () -> Void,
        completion: @escaping (Error?) -> Void
    ) -> Bool {
        let transaction = transaction(mutations)
        return send(transaction.commands) { [self] result in
            do {
                try finish(transaction, replies: try result.get(), publishing: publish)
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// `get` for a request parked on its event loop: `completion` runs there with the value (nil
    /// when absent or Redis failed, as `get`).
    public func get(
        _ collection: String, key: String, through send: RedisSend, completion: @escaping ([UInt8]?) -> Void
    ) -> Bool {
        send([RedisCommand("HGET", hashKey(collection), key)]) { result in completion((try? Self.only(result))?.bytes) }
    }

    /// `get` for a request parked on its event loop that must tell a failure from an absent value:
    /// `completion` runs there with the value (nil when absent) or Redis's failure.
    public func read(
        _ collection: String, key: String, through send: RedisSend, completion: @escaping (Result<[UInt8]?, any Error>) -> Void
    ) -> Bool {
        send([RedisCommand("HGET", hashKey(collection), key)]) { result in
            completion(Result {
                let reply = try Self.only(result)
                if let message = reply.errorMessage { throw RedisError.server(message) }
                return reply.bytes
            })
        }
    }

    func replace(
        _ collection: String, key: String, expected: [UInt8], with value: [UInt8], through send: RedisSend,
        publishing publish: @escaping () -> Void, completion: @escaping (Result<Replacement, Error>) -> Void
    ) -> Bool {
        let command = replaceCommand(collection, key: key, expected: expected, with: value)
        return send([command]) { [self] result in
            completion(Result { try replacement(from: try Self.only(result), publishing: publish) })
        }
    }

    func takeNext(
        collection: String, key: String, atLeast floor: Int, through send: RedisSend,
        completion: @escaping (Result<Int, Error>) -> Void
    ) -> Bool {
        send([takeNextCommand(collection: collection, key: key, atLeast: floor)]) { [self] result in
            completion(Result { try number(from: try Self.only(result)) })
        }
    }

    /// The one reply of a one-command exchange.
    static func only(_ result: Result<[RESPValue], RedisError>) throws -> RESPValue {
        guard let reply = try result.get().first else { throw RedisError.server("no reply") }
        return reply
    }
}

extension RedisStore {
    /// `all` for a request parked on its event loop: `completion` runs there with the entries, or
    /// the failure (unlike `all`, an outage is not read as an empty collection).
    public func all(
        _ collection: String, through send: RedisSend, completion: @escaping (Result<[String: [UInt8]], any Error>) -> Void
    ) -> Bool {
        send([RedisCommand("HGETALL", hashKey(collection))]) { result in completion(Result { try Self.pairs(try Self.only(result)) }) }
    }
}
