import Coordinators
import HTTPCore
import HTTPServer
import Sessions

extension AppResponder {
    /// A page whose screen reads the store itself (`readsStoreWhenShown`: a reset link's page reads
    /// its token), on Redis: that read is sent on the request's event loop's connection and the
    /// request parks; the reply resumes it on the loop, where the page is decided and built with
    /// the answer (`ReadAhead`) as any other page is. Redis failing or silent: 503 with
    /// `Retry-After`. False when nothing was sent (the loop's connection is not ready): the caller
    /// serves the page on a worker, where the screen reads the store blocking.
    func readingAhead(
        _ request: HTTPRequest, parsed: (route: AppRoute, label: String, hidesPath: Bool), connection: ConnectionInfo,
        reply: HTTPReply, admitted: Bool?, session: Session?
    ) -> Bool {
        guard request.method == .get || request.method == .head, let sharedState, let loop = reply.eventLoop,
            loop.inEventLoop
        else { return false }
        let serve: (Result<ReadAhead, any Error>) -> Void = { [self] read in
            switch read {
            case .success(let read):
                route(
                    request, connection: connection, reply: reply, admitted: admitted, parsed: .some(parsed), session: session,
                    readAhead: read)
            case .failure(let error):
                logger.warning("shared state unavailable, answering 503: \(error)")
                reply.send(unavailable(secure: connection.isSecure))
            }
        }
        switch parsed.route {
        case .account(.resetPassword(let token)):
            return sharedState.services.accounts.isResetTokenValid(token, through: sharedState.send(on: loop)) { valid in
                serve(valid.map { .resetToken(token, isValid: $0) })
            }
        default:
            return false
        }
    }
}
