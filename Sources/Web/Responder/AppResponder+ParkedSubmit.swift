import Coordinators
import HTTPCore
import HTTPServer
import Models
import Networking
import Services
import Sessions
import ViewModels

extension AppResponder {
    /// With Redis, whether a form is served on its event loop, holding no thread: a library form
    /// (new item, edit, favourite, delete, settings, the wizard), signing out, and signing in (its
    /// throttles park; only its hash goes to the hashing lane: `authenticateParked`) and registering
    /// (`registerParked`), asking for a reset link (`requestResetParked`) and a reset link's new
    /// password (`resetPasswordParked`: only its hash on the hashing lane).
    func parksOnTheLoop(_ route: AppRoute, reply: HTTPReply) -> Bool {
        guard let sharedState, sharedState.services.catalog.writesCanPark,
            reply.eventLoop?.inEventLoop == true
        else { return false }
        switch route {
        case .library, .account(.logout): return true
        case .account(.login): return sharedState.services.throttledAccounts.signInsCanPark
        case .account(.register): return sharedState.services.throttledAccounts.registrationsCanPark
        case .account(.forgotPassword): return sharedState.services.throttledAccounts.resetRequestsCanPark
        case .account(.resetPassword): return sharedState.services.throttledAccounts.passwordResetsCanPark
        default: return false
        }
    }

    /// A form submitted on its event loop (`parksOnTheLoop`), in its session's turn. The coordinator
    /// decides at once (`AppCoordinator.decide`, CPU only); a write it asks for is sent on the loop's
    /// Redis connection (`StoreWrite.send`) and the request parks; when the write's reply is in,
    /// on the same loop, the coordinator finishes (`AppCoordinator.finish`) and the answer goes out
    /// through `reply` (`finishing`: the session's save parks too). Only when the loop's connection
    /// is not ready is the write made blocking, on a worker. A resent form answers what the first
    /// did and writes nothing (the receipt, as `Session.once`). Redis failing or silent: 503.
    func submitOnTheLoop(
        _ route: AppRoute, request: HTTPRequest, session: Session, turn: SessionTurn, shown: AppRoute?, client: Client,
        connection: ConnectionInfo, reply: HTTPReply
    ) {
        let fields: FormInput
        switch checkedForm(route, request: request, session: session, turn: turn, connection: connection) {
        case .fields(let input): fields = input
        case .answered(let response): return reply.send(response)
        }
        let digest = SubmissionReceipt.digest(path: request.path, body: request.body)
        let viewer = viewer(of: session)
        let decided: (submission: Submission, repeated: Bool)
        do {
            let changed: Bool
            (decided, changed) = try session.submitting(turn, dependencies) { coordinator in
                if let shown { coordinator.adoptShown(shown, before: route) }
                if let earlier = session.earlierAnswer(to: digest) { return (Submission.done(earlier), true) }
                return (try coordinator.decide(route, form: fields, viewer: viewer, client: client), false)
            }
            if changed { sessions.markChanged(session) }
        } catch {
            return reply.send(failedSubmission(error, request: request, secure: connection.isSecure))
        }
        let conclude: @Sendable (NavigationOutcome) -> Void = { [self] outcome in
            // A new receipt is a change to save (`finishing` saves it before the answer).
            if !decided.repeated, session.keepReceipt(digest, for: outcome) { sessions.markChanged(session) }
            let answer: @Sendable () -> Void = { [self] in
                reply.send(response(for: outcome, route: route, session: session, turn: turn, connection: connection))
            }
            guard reply.eventLoop?.inEventLoop == true else {
                // Finished off the loop (a blocking write or sign-in): a sign-in's id is still written on the loop.
                return self.answer(outcome, route: route, session: session, turn: turn, connection: connection, reply: reply)
            }
            switch outcome {
            case .signOut(let target):
                if signOutOnTheLoop(then: target, session: session, connection: connection, reply: reply) { return }
                // No connection ready: the new id is written blocking, not on the loop.
                onWorker(reply: reply, secure: connection.isSecure, answer)
            case .signIn(let user, let target):
                if signInOnTheLoop(
                    user, then: target, endingOtherSessions: Self.endsOtherSessions(route), session: session, turn: turn,
                    connection: connection, reply: reply)
                {
                    return
                }
                onWorker(reply: reply, secure: connection.isSecure, answer)
            case .render, .redirect, .canonical, .rateLimited:
                answer()
            }
        }
        switch decided.submission {
        case .done(let outcome):
            conclude(outcome)
        case .write(let write, let then):
            makeWrite(write, then: then, route: route, request: request, session: session, turn: turn, connection: connection,
                reply: reply, conclude: conclude)
        case .signIn(let attempt, let then):
            let finish = finisher(then, request: request, session: session, turn: turn, connection: connection, reply: reply,
                conclude: conclude)
            authenticateParked(attempt, request: request, connection: connection, reply: reply, finish: finish)
        case .register(let attempt, let then):
            let finish = finisher(then, request: request, session: session, turn: turn, connection: connection, reply: reply,
                conclude: conclude)
            registerParked(attempt, request: request, connection: connection, reply: reply, finish: finish)
        case .requestReset(let email, let client, let then):
            let finish = finisher(then, request: request, session: session, turn: turn, connection: connection, reply: reply,
                conclude: conclude)
            requestResetParked(email: email, client: client, connection: connection, reply: reply, finish: finish)
        case .resetPassword(let attempt, let then):
            let finish = finisher(then, request: request, session: session, turn: turn, connection: connection, reply: reply,
                conclude: conclude)
            resetPasswordParked(attempt, request: request, connection: connection, reply: reply, finish: finish)
        }
    }

    /// The decided write, parked on the loop's Redis connection (a worker's blocking call when
    /// the loop has none ready); then the coordinator finishes, in the same turn.
    private func makeWrite(
        _ write: StoreWrite, then: SubmissionFinish, route: AppRoute, request: HTTPRequest, session: Session, turn: SessionTurn,
        connection: ConnectionInfo, reply: HTTPReply, conclude: @escaping @Sendable (NavigationOutcome) -> Void
    ) {
        let finish = finisher(then, request: request, session: session, turn: turn, connection: connection, reply: reply,
            conclude: conclude)
        if let loop = reply.eventLoop, let sharedState {
            let (services, send) = (sharedState.services, sharedState.send(on: loop))
            if write.send(catalog: services.catalog, accounts: services.accounts, through: send, completion: finish) { return }
        }
        onWorker(reply: reply, secure: connection.isSecure) { [dependencies] in
            finish(Result { try write.perform(catalog: dependencies.catalog, accounts: dependencies.accounts) })
        }
    }

    /// The coordinator's finish of a decided submission, once its write's (or sign-in's) result is
    /// known, in the same turn; then `conclude`.
    private func finisher(
        _ then: SubmissionFinish, request: HTTPRequest, session: Session, turn: SessionTurn, connection: ConnectionInfo,
        reply: HTTPReply, conclude: @escaping @Sendable (NavigationOutcome) -> Void
    ) -> @Sendable (Result<StoreWrite.Result, any Error>) -> Void {
        { [self] result in
            do {
                let (outcome, changed) = try session.submitting(turn, dependencies) { try $0.finish(then, with: result) }
                if changed { sessions.markChanged(session) }
                conclude(outcome)
            } catch {
                reply.send(failedSubmission(error, request: request, secure: connection.isSecure))
            }
        }
    }
}
