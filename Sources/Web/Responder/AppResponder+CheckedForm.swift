import Coordinators
import HTTPCore
import HTTPServer
import Sessions
import ViewModels

extension AppResponder {
    /// A form's body decoded and its CSRF token checked: its fields (the token left out), or the
    /// answer when it goes no further (400 for a body that is no form, the expired-form screen).
    enum CheckedForm {
        case fields(FormInput)
        case answered(HTTPResponse)
    }

    func checkedForm(
        _ route: AppRoute, request: HTTPRequest, session: Session, turn: SessionTurn, connection: ConnectionInfo
    ) -> CheckedForm {
        let form: FormData
        do {
            form = try FormData(decoding: request.body)
        } catch {
            return .answered(renderer.errorPage(.badRequest, for: request, secure: connection.isSecure))
        }
        guard CSRFToken.matchesMasked(form["csrfToken"] ?? "", session.record.withLock { $0.csrfToken }) else {
            return .answered(expiredForm(route, form: form, request: request, session: session, turn: turn, connection: connection))
        }
        var input: FormInput = [:]
        for (name, value) in form.pairs where name != "csrfToken" && input[name] == nil {
            input[name] = value
        }
        return .fields(input)
    }
}
