import HTTPCore
import TemplateEngine

/// A page for a request the app cannot answer (405, 413, 500…), in the site's layout with a way
/// back to the start page.
struct ErrorPage: Sendable {
    var status: HTTPStatus
    var heading: String
    var message: String
    /// The request's id, shown so a user can quote it when reporting the failure (none: no reference line).
    var requestID = ""

    static let badRequest = ErrorPage(
        status: .badRequest, heading: "Bad request", message: "The form could not be read. Please go back and try again.")
    static let forbidden = ErrorPage(
        status: .forbidden, heading: "Form expired",
        message: "This form is out of date or did not come from this site. Go back, reload the page and try again.")
    static let methodNotAllowed = ErrorPage(
        status: .methodNotAllowed, heading: "Method not allowed", message: "This address does not accept that kind of request.")
    static let payloadTooLarge = ErrorPage(
        status: .payloadTooLarge, heading: "Too large", message: "The request was larger than this server accepts.")
    static let unsupportedMediaType = ErrorPage(
        status: HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type"), heading: "Unsupported form",
        message: "Forms on this site are sent as application/x-www-form-urlencoded.")
    static let storeUnavailable = ErrorPage(
        status: .serviceUnavailable, heading: "Temporarily unavailable",
        message: "The site cannot reach its data just now. Please try again in a moment.")
    static let busy = ErrorPage(
        status: .serviceUnavailable, heading: "Too busy",
        message: "Too many people are signing in right now. Please try again in a moment.")
    static let internalServerError = ErrorPage(
        status: .internalServerError, heading: "Something went wrong", message: "The server could not answer. Please try again.")

    /// A request the HTTP server refused before the app saw it (unreadable, too large, too slow):
    /// `reason` comes from the server and never echoes the request, so it is safe to show.
    static func refused(_ status: HTTPStatus, reason: String) -> ErrorPage {
        let heading = switch status.code {
        case 400: "Bad request"
        case 404: "Not found"
        case 405: "Method not allowed"
        case 408: "Request timed out"
        case 413: "Too large"
        case 414: "Address too long"
        case 431: "Headers too large"
        case 501: "Not supported"
        case 503: "Too busy"
        case 505: "HTTP version not supported"
        default: status.reasonPhrase
        }
        return ErrorPage(status: status, heading: heading, message: reason)
    }

    /// The `error` template's data: no tabs, no account area, no sheet.
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, heading)
        data.add(Keys.url, "/")
        data.add(Keys.csrfToken, "")
        data.add(Keys.tabs, TemplateValue.list([]))
        data.add(Keys.breadcrumbs, TemplateValue.list([]))
        data.add(Keys.hasBreadcrumbs, false)
        data.addNull(Keys.backLink)
        data.addNull(Keys.viewer)
        data.addNull(Keys.sheet)
        data.add(Keys.hasSheet, false)
        data.addNull(Keys.flash)
        data.add(Keys.content, object: { content in
            content.add(Keys.status, status.code)
            content.add(Keys.heading, heading)
            content.add(Keys.message, message)
            content.add(Keys.homeHref, "/")
            content.add(Keys.requestID, requestID.isEmpty ? nil : requestID)
        })
    }
}
