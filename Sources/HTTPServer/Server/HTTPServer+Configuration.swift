import Glibc
import HTTPCore

extension HTTPServer {
    /// Where to listen and how patient to be; tests scale the timeouts down to milliseconds.
    public struct Configuration: Sendable {
        public var host: String
        /// 0 asks the system for a free port; `start()` returns the one bound.
        public var port: Int
        public var eventLoops: Int
        public var limits: HTTPRequestParser.Limits
        /// From a request's first byte until its head is complete.
        public var headerReadTimeout: Duration
        /// From the end of the head until the body is complete.
        public var bodyReadTimeout: Duration
        /// How long a keep-alive connection may sit with nothing to do.
        public var idleTimeout: Duration
        public var shutdownGracePeriod: Duration
        /// Open connections at most, across all loops. At the cap the longest-idle keep-alive
        /// connections (between requests, nothing in flight) are closed to admit new ones; only when
        /// none is idle is a new connection refused with 503.
        public var maxConnections: Int
        /// Requests parsed ahead on one connection while earlier answers are pending.
        public var maxPipelinedRequests: Int
        /// Reading from a connection pauses while this many bytes wait to be written to it.
        public var maxOutboundBytes: Int
        public var tls: TLSConfiguration?
        /// Proxies whose forwarding header names the client; responders and the access log see that
        /// client in `ConnectionInfo.remoteAddress`, and the socket's peer in `peerAddress`.
        public var trustedProxies = TrustedProxies()
        /// Event streams open at most (`HTTPReply.openStream`); nil: half of `maxConnections`. Streams
        /// hold their connections for as long as pages stay open, so they get a budget of their own
        /// within the cap, and the rest of it always stays for page requests.
        public var maxStreams: Int?
        /// A stream that sent nothing for this long gets a comment line, so that proxies and browsers
        /// do not time it out.
        public var streamHeartbeat: Duration = .seconds(15)
        /// Builds the page for a request the server refuses itself (400, 408, 413, 414, 431, 501, 505),
        /// so those answers can wear the application's layout. Runs inline on the event loop with the
        /// status and a reason safe to show; nil, or a nil result, keeps the built-in text page.
        /// The status stays the server's, and the connection still closes.
        public var errorPage: ErrorPage?

        /// The `Server` header of answers that carry none (`Waypoint`); nil sends none.
        public var serverName: String?

        /// See `errorPage`.
        public typealias ErrorPage = @Sendable (HTTPStatus, String) -> HTTPResponse?

        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            eventLoops: Int = Configuration.processorCount,
            limits: HTTPRequestParser.Limits = .init(),
            headerReadTimeout: Duration = .seconds(10),
            bodyReadTimeout: Duration = .seconds(30),
            idleTimeout: Duration = .seconds(60),
            shutdownGracePeriod: Duration = .seconds(10),
            maxConnections: Int = 10_000,
            maxPipelinedRequests: Int = 16,
            maxOutboundBytes: Int = 1 << 20,
            tls: TLSConfiguration? = nil,
            errorPage: ErrorPage? = nil,
            serverName: String? = nil
        ) {
            self.host = host
            self.port = port
            self.eventLoops = eventLoops
            self.limits = limits
            self.headerReadTimeout = headerReadTimeout
            self.bodyReadTimeout = bodyReadTimeout
            self.idleTimeout = idleTimeout
            self.shutdownGracePeriod = shutdownGracePeriod
            self.maxConnections = maxConnections
            self.maxPipelinedRequests = maxPipelinedRequests
            self.maxOutboundBytes = maxOutboundBytes
            self.tls = tls
            self.errorPage = errorPage
            self.serverName = serverName
        }

        /// The cores this process may run on.
        public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

        var machineConfiguration: ConnectionStateMachine.Configuration {
            ConnectionStateMachine.Configuration(
                limits: limits,
                headerReadTimeout: headerReadTimeout.nanoseconds,
                bodyReadTimeout: bodyReadTimeout.nanoseconds,
                idleTimeout: idleTimeout.nanoseconds,
                maxPipelinedRequests: max(1, maxPipelinedRequests),
                maxOutboundBytes: max(1, maxOutboundBytes),
                errorPage: errorPage,
                serverName: serverName)
        }
    }
}
