import Coordinators
import HTTPCore
import HTTPServer
import Models

extension AppResponder {
    /// A decided reset-link request on Redis, from its event loop, in its session's turn: the
    /// throttle is counted and the request queued on the loop's Redis connection and the request
    /// parks; `finish` runs there with the answer (the same for every address). The mail is sent
    /// later, on the background lane. When the loop has no connection ready, the request is made
    /// blocking on a worker, as on the embedded store.
    func requestResetParked(
        email: String, client: Client, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
    ) {
        if let loop = reply.eventLoop, let sharedState {
            let sent = sharedState.services.throttledAccounts.requestPasswordReset(
                email: email, clientAddress: client.address, through: sharedState.send(on: loop)
            ) { result in
                finish(result.map { .requested })
            }
            if sent { return }
        }
        onWorker(reply: reply, secure: connection.isSecure) { [dependencies] in
            finish(Result {
                try dependencies.accountsForClient(client).requestPasswordReset(email: email)
                return .requested
            })
        }
    }
}
