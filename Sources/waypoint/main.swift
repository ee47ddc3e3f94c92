import Glibc
import HTTPServer
import Web

// Signals are received by this thread alone, so block them before any other thread starts.
TerminationSignal.block()

let configuration: WaypointConfiguration
do {
    configuration = try WaypointConfiguration.parse(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
} catch .helpRequested {
    print(WaypointConfiguration.helpText, terminator: "")
    exit(0)
} catch {
    let message = "waypoint: \(error)\nRun 'waypoint --help' for the options.\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

let logger = Logger(level: configuration.logLevel)
let application = PlaceholderApp()
var serverConfiguration = configuration.serverConfiguration
// Leave room for files, the data store, the redirect listener and the loops' own descriptors.
let reserved = configuration.redirectServerConfiguration.map { $0.maxConnections + 128 } ?? 128
serverConfiguration.maxConnections = min(serverConfiguration.maxConnections, max(16, OpenFileLimit.raise() - reserved))
let server = HTTPServer(
    configuration: serverConfiguration,
    responder: StaticFileResponder(root: configuration.publicDirectory, next: application),
    logger: logger)

let port: Int
do {
    // With TLS this loads and checks the certificate and key first; a bad one is reported here.
    port = try server.start()
    logger.info("Waypoint listening on \(configuration.tls == nil ? "http" : "https")://\(configuration.host):\(port)")
} catch {
    logger.error("Waypoint could not start: \(error)")
    exit(1)
}

var redirectServer: HTTPServer?
if let redirectConfiguration = configuration.redirectServerConfiguration {
    let redirect = HTTPServer(
        configuration: redirectConfiguration, responder: HTTPSRedirectResponder(httpsPort: port), logger: logger)
    do {
        let redirectPort = try redirect.start()
        logger.info("Redirecting http://\(configuration.host):\(redirectPort) to HTTPS")
        redirectServer = redirect
    } catch {
        logger.error("Waypoint could not start the redirect listener: \(error)")
        server.shutdown()
        server.waitUntilStopped()
        exit(1)
    }
}

let signal = TerminationSignal.wait()
logger.info("Received \(signal == SIGINT ? "SIGINT" : "SIGTERM"), finishing requests in flight")
redirectServer?.shutdown()
server.shutdown()
server.waitUntilStopped()
redirectServer?.waitUntilStopped()
// The application's shutdown hook (flushing state) runs here once it has one.
logger.info("Waypoint stopped")
exit(0)
