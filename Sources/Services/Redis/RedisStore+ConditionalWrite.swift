import RedisClient
import Storage

/// A write made only while one key still holds what the caller read (an item as edited, a reset
/// link's token not yet spent): the check, the mutations and the version's raise run in one
/// script, so no other write (another instance's) comes in between. `replace` is its one-key form.
extension RedisStore {
    /// KEYS: the condition's hash, the version, the change log, the further conditions' hashes,
    /// then one hash per mutation. ARGV: the condition's key and expected value, whether to raise
    /// the version ('1' logged, '2' not: too large, as `raiseVersionCommand`), the log's payload
    /// and capacity, how many further conditions, their keys and expected values, then per
    /// mutation its kind ('put' or 'delete'), key and value. Answers {1, version} (or {1} when
    /// no version was raised) when written, {0, current} (or {0} when absent) when the condition
    /// differs, {-n, current} (or {-n}) when the n-th further one does.
    static let conditionalWriteScript = """
        local current = redis.call('HGET', KEYS[1], ARGV[1])
        if current ~= ARGV[2] then
            if current then return {0, current} end
            return {0}
        end
        local checks = tonumber(ARGV[6])
        for index = 1, checks do
            local held = redis.call('HGET', KEYS[3 + index], ARGV[5 + 2 * index])
            if held ~= ARGV[6 + 2 * index] then
                if held then return {-index, held} end
                return {-index}
            end
        end
        for index = 4 + checks, #KEYS do
            local at = 7 + 2 * checks + (index - 4 - checks) * 3
            if ARGV[at] == 'put' then
                redis.call('HSET', KEYS[index], ARGV[at + 1], ARGV[at + 2])
            else
                redis.call('HDEL', KEYS[index], ARGV[at + 1])
            end
        end
        if ARGV[3] == '1' then
            local version = redis.call('INCR', KEYS[2])
            redis.call('RPUSH', KEYS[3], version .. '\\n' .. ARGV[4])
            redis.call('LTRIM', KEYS[3], -tonumber(ARGV[5]), -1)
            return {1, version}
        end
        if ARGV[3] == '2' then return {1, redis.call('INCR', KEYS[2])} end
        return {1}
        """

    /// A further key a conditional write requires to hold what was read.
    public struct Held: Sendable {
        public var collection: String
        public var key: String
        public var expected: [UInt8]

        public init(_ collection: String, key: String, expected: [UInt8]) {
            self.collection = collection
            self.key = key
            self.expected = expected
        }
    }

    /// What a conditional write with further conditions did.
    public enum ConditionalWrite: Equatable, Sendable {
        case applied
        /// The condition's key holds another value (nil: absent); nothing was written.
        case differs(current: [UInt8]?)
        /// The further condition at `index` (from 0) holds another value (nil: absent); nothing was written.
        case alsoDiffers(index: Int, current: [UInt8]?)
    }

    /// Applies `mutations` only if `key` of `collection` still holds `expected`, and each of `also`
    /// what it was read with: the outcome through `completion` (on the loop) says which differed,
    /// with what it holds now, so the caller can make its change again on that; a write to a
    /// cached collection raises the version and is logged (publishing as `apply`), for a request
    /// parked on its event loop. False when nothing was sent.
    public func apply(
        _ mutations: [StoreMutation], provided collection: String, key: String, holds expected: [UInt8],
        also: [Held] = [], through send: RedisSend, publishing publish: @escaping () -> Void,
        completion: @escaping (Result<ConditionalWrite, any Error>) -> Void
    ) -> Bool {
        send([conditionalWriteCommand(mutations, provided: collection, key: key, holds: expected, also: also)]) { [self] result in
            completion(Result {
                let reply = try Self.only(result)
                if let outcome = reply.array?.first?.integer, outcome < 0 {
                    return .alsoDiffers(index: Int(-outcome) - 1, current: reply.array?.dropFirst().first?.bytes)
                }
                switch try replacement(from: reply, publishing: publish) {
                case .replaced: return .applied
                case .differs(let current): return .differs(current: current)
                }
            })
        }
    }

    func conditionalWriteCommand(
        _ mutations: [StoreMutation], provided collection: String, key: String, holds expected: [UInt8], also: [Held] = []
    ) -> RedisCommand {
        let logged = mutations.filter { raisesVersion(writing: $0.collection) }
        let payload = logged.isEmpty ? [] : ChangeLogEntry.payload(logged)
        let raise = logged.isEmpty ? "0" : payload.count <= Self.largestLoggedPayload ? "1" : "2"
        var keys = [hashKey(collection), versionKey, changeLogKey]
        var arguments = [
            Array(key.utf8), expected, Array(raise.utf8), payload, Array(String(changeLogCapacity).utf8), Array(String(also.count).utf8),
        ]
        for held in also {
            keys.append(hashKey(held.collection))
            arguments += [Array(held.key.utf8), held.expected]
        }
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                keys.append(hashKey(collection))
                arguments += [Array("put".utf8), Array(key.utf8), value]
            case .delete(let collection, let key):
                keys.append(hashKey(collection))
                arguments += [Array("delete".utf8), Array(key.utf8), []]
            }
        }
        return RedisCommand(
            "EVAL", [Array(Self.conditionalWriteScript.utf8), Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + arguments)
    }
}
