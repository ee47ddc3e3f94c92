import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// A decided new password from a reset link on Redis (`hashParked`): the bad-token throttle
    /// and the token are read on the loop (a bad link is counted and refused there, before any
    /// hash), the password alone is hashed on the hashing lane, and back on the loop the account
    /// is written and the user's tokens spent in one script that checks the token is still
    /// unspent; `finish` runs there with the user or the refusal.
    func resetPasswordParked(
        _ attempt: PasswordResetAttempt, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
    ) {
        hashParked(
            request: request, connection: connection, reply: reply, finish: finish,
            blocking: { [self] in blockingNewPassword(attempt) },
            check: { throttled, send, valid in throttled.checkPasswordReset(attempt, through: send, completion: valid) },
            hash: { throttled, token in Result { (token, try throttled.newPasswordHash(attempt)) } },
            complete: { throttled, hashed, send in
                switch hashed {
                case .failure(let error):
                    finish(.failure(error))
                    return true
                case .success(let (token, hash)):
                    return throttled.resetPassword(attempt, token: token, hash: hash, through: send) {
                        finish($0.map(StoreWrite.Result.user))
                    }
                }
            })
    }

    /// The throttle, the token, the hash and the write in one blocking call (`ThrottledAccounts.resetPassword`).
    private func blockingNewPassword(_ attempt: PasswordResetAttempt) -> Result<StoreWrite.Result, any Error> {
        Result {
            .user(try dependencies.accountsForClient(attempt.client).resetPassword(
                token: attempt.token, newPassword: attempt.newPassword))
        }
    }
}
