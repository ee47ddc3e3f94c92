import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// A decided sign-in on Redis (`hashParked`): the throttles are read on the loop, the
    /// password alone is hashed on the hashing lane, and the attempt is counted back on the loop
    /// (a wrong password too; a hash made at an older cost is rewritten there, once), where
    /// `finish` runs with the user or the refusal.
    func authenticateParked(
        _ attempt: SignInAttempt, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
    ) {
        hashParked(
            request: request, connection: connection, reply: reply, finish: finish,
            blocking: { [self] in blockingSignIn(attempt) },
            check: { throttled, send, allowed in throttled.checkSignIn(attempt, through: send, completion: allowed) },
            hash: { throttled, _ in Result { try throttled.verifyPassword(attempt) } },
            complete: { throttled, verified, send in
                throttled.count(attempt, verified: verified, through: send) { finish($0.map(StoreWrite.Result.user)) }
            })
    }

    /// The throttles, the hash and the count in one blocking call (`ThrottledAccounts.authenticate`).
    private func blockingSignIn(_ attempt: SignInAttempt) -> Result<StoreWrite.Result, any Error> {
        Result {
            .user(try dependencies.accountsForClient(attempt.client).authenticate(
                username: attempt.username, password: attempt.password))
        }
    }
}
