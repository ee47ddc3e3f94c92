import Coordinators
import HTTPCore
import Storage

extension AppResponder {
    /// A submission that threw: 503 when shared state went away mid-request (as before the
    /// request began) or the embedded store is too busy to take the write, else 500.
    func failedSubmission(_ error: any Error, request: HTTPRequest, secure: Bool) -> HTTPResponse {
        if error is SharedStoreUnavailable || sharedState?.isUnavailability(error) == true {
            logger.warning("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)): shared state unavailable, answering 503: \(error)")
            return unavailable(secure: secure)
        }
        if Self.isBusy(error) {
            logger.warning("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)): the store is busy, answering 503: \(error)")
            return unavailable(secure: secure)
        }
        logger.error("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)) failed: \(error)")
        return renderer.errorPage(.internalServerError, secure: secure)
    }

    /// The embedded store could not take or confirm a write in time (its lane full, or another
    /// writer's commit hanging): "try again shortly", as when Redis is away, not a server error.
    static func isBusy(_ error: any Error) -> Bool {
        switch error as? StorageError {
        case .laneFull?, .commitTimedOut?: true
        default: false
        }
    }
}
