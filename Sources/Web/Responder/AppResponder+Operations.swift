import HTTPCore
import HTTPServer
import Metrics

extension AppResponder {
    /// Readiness for load balancers: 503 while draining, or when the store or templates cannot serve.
    func ready(_ request: HTTPRequest, secure: Bool) -> HTTPResponse {
        guard request.method == .get || request.method == .head else { return methodNotAllowed(secure: secure) }
        var response = readiness.isReady
            ? HTTPResponse.text("ready")
            : HTTPResponse.text(readiness.isDraining ? "draining" : "not ready", status: .serviceUnavailable)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// The Prometheus scrape (the caller has checked who asks).
    func scrape(_ request: HTTPRequest, secure: Bool) -> HTTPResponse {
        guard request.method == .get || request.method == .head else { return methodNotAllowed(secure: secure) }
        let sources = metricsSources() ?? AppMetrics.Sources(
            requests: RequestStats(), openConnections: 0, visitorSessions: 0, signedInSessions: 0, workerQueueDepth: 0)
        var response = HTTPResponse.text(metrics.render(sources))
        response.headers.set("Content-Type", MetricsText.contentType)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    func methodNotAllowed(secure: Bool) -> HTTPResponse {
        var response = renderer.errorPage(.methodNotAllowed, secure: secure)
        response.headers.set("Allow", "GET, HEAD")
        return response
    }

    /// A reply that labels the answer with its route for metrics and the access log, and turns any
    /// 500 into the error page quoting the request's id.
    func labeling(_ reply: HTTPReply, _ label: ExchangeLabel, request: HTTPRequest, secure: Bool) -> HTTPReply {
        let requestID = request.headers[RequestID.header] ?? ""
        return reply.map { [renderer] response in
            guard response.status == .internalServerError else { return response }
            var page = ErrorPage.internalServerError
            page.requestID = requestID
            return renderer.errorPage(page, secure: secure)
        }.labeled(label)
    }
}
