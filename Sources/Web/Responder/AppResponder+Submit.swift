import Coordinators
import HTTPCore
import HTTPServer
import Models
import ViewModels

extension AppResponder {
    static let formMediaType = "application/x-www-form-urlencoded"

    /// A form POST: read and check it on the event loop (cheap), then run it on a worker, after the
    /// session's earlier requests, since it may hash a password or wait for the disk.
    func submit(_ route: AppRoute, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let secure = connection.isSecure
        guard Self.isForm(request.headers["Content-Type"]) else {
            return reply.send(renderer.errorPage(.unsupportedMediaType, secure: secure))
        }
        let form: FormData
        do {
            form = try FormData(decoding: request.body)
        } catch {
            return reply.send(renderer.errorPage(.badRequest, secure: secure))
        }
        // Without a session there is no token the form could match.
        guard let session = session(for: request, now: clock()) else {
            return reply.send(renderer.errorPage(.forbidden, secure: secure))
        }
        let token = form["csrfToken"] ?? ""
        var input: FormInput = [:]
        for (name, value) in form.pairs where name != "csrfToken" && input[name] == nil {
            input[name] = value
        }
        let fields = input
        session.beginSlowWork()
        pool.submit { [self] in
            defer { session.endSlowWork() }
            guard CSRFToken.matches(token, session.record.withLock { $0.csrfToken }) else {
                return reply.send(renderer.errorPage(.forbidden, secure: secure))
            }
            let response: HTTPResponse
            do {
                let (outcome, changed) = try session.withNavigation(dependencies) { coordinator in
                    try coordinator.submit(
                        route, form: fields, viewer: viewer(of: session), client: ClientAddress(connection.remoteAddress))
                }
                if changed { sessions.markChanged(session) }
                response = self.response(for: outcome, route: route, session: session, connection: connection)
            } catch {
                logger.error("\(request.method.rawValue) \(request.path) failed: \(error)")
                response = renderer.errorPage(.internalServerError, secure: secure)
            }
            reply.send(response)
        }
    }

    /// `application/x-www-form-urlencoded`, with or without parameters such as a charset.
    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingSpaces.lowercased() == formMediaType
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " || result.first == "\t" { result = result.dropFirst() }
        while result.last == " " || result.last == "\t" { result = result.dropLast() }
        return result
    }
}
