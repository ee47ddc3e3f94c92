import RedisClient
import Storage

/// A record's edit as a compare-and-set (`replace`), for a write parked on its event loop (or made
/// blocking through `RedisPool.blockingSend`): `change` is made on the record as read and written
/// only while Redis still holds it as read, so no field another instance changed meanwhile is
/// written back as it was; after another write in between, it is made again on the record Redis
/// holds now. The catalog's items and the accounts are edited so.
extension RedisStore {
    enum Edit<Record> {
        case edited(Record)
        /// The key was gone when written; the record as last read.
        case removed(Record)
        /// Another write came in between at every attempt (or the record Redis holds does not decode).
        case conflict
    }

    /// Edits `original`, stored under `key` of `collection` as `expected` (encoded from it when
    /// nil), in at most `attempts` round trips; `change` throws to refuse the record it is given,
    /// `publish` runs as `replace`'s. `completion` runs once; false when nothing was sent.
    func edit<Record: Codable>(
        _ collection: String, key: String, from original: Record, expected: [UInt8]? = nil, attempts: Int,
        through send: @escaping RedisSend, _ change: @escaping (inout Record) throws -> Void,
        publishing publish: @escaping (Record) -> Void, completion: @escaping (Result<Edit<Record>, any Error>) -> Void
    ) -> Bool {
        func attempt(from current: Record, expected: [UInt8], attemptsLeft: Int) -> Bool {
            var record = current
            let value: [UInt8]
            do {
                try change(&record)
                value = try StoreCoding.encode(record)
            } catch {
                completion(.failure(error))
                return true
            }
            let changed = record
            return replace(collection, key: key, expected: expected, with: value, through: send, publishing: { publish(changed) }) {
                outcome in
                switch outcome {
                case .success(.replaced):
                    completion(.success(.edited(changed)))
                case .success(.differs(current: nil)):
                    completion(.success(.removed(current)))
                case .success(.differs(current: let stored?)):
                    guard attemptsLeft > 1, let now = try? StoreCoding.decode(Record.self, from: stored) else {
                        return completion(.success(.conflict))
                    }
                    if !attempt(from: now, expected: stored, attemptsLeft: attemptsLeft - 1) {
                        completion(.failure(RedisError.connectionClosed))
                    }
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
        do {
            return attempt(from: original, expected: try expected ?? StoreCoding.encode(original), attemptsLeft: attempts)
        } catch {
            completion(.failure(error))
            return true
        }
    }
}
