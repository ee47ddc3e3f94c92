import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// A decided registration on Redis (`hashParked`): the throttle is counted on the loop, the
    /// password alone is hashed on the hashing lane, and back on the loop the username and email
    /// are claimed and the account written, where `finish` runs with the user or the refusal.
    func registerParked(
        _ attempt: RegistrationAttempt, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
    ) {
        hashParked(
            request: request, connection: connection, reply: reply, finish: finish,
            blocking: { [self] in blockingRegistration(attempt) },
            check: { throttled, send, allowed in throttled.checkRegistration(attempt, through: send, completion: allowed) },
            hash: { throttled, _ in Result { try throttled.registrationHash(attempt) } },
            complete: { throttled, hashed, send in
                switch hashed {
                case .failure(let error):
                    finish(.failure(error))
                    return true
                case .success(let hash):
                    return throttled.register(attempt, hash: hash, through: send) { finish($0.map(StoreWrite.Result.user)) }
                }
            })
    }

    /// The throttle, the hash, the claims and the write in one blocking call (`ThrottledAccounts.register`).
    private func blockingRegistration(_ attempt: RegistrationAttempt) -> Result<StoreWrite.Result, any Error> {
        Result {
            .user(try dependencies.accountsForClient(attempt.client).register(
                username: attempt.username, email: attempt.email, password: attempt.password))
        }
    }
}
