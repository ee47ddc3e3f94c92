import Glibc
import HTTPServer
import Log
import WaypointCommand
import Web

// Everything Waypoint creates (store, sessions, outbox with its reset links) is the owner's alone;
// the files are also created with explicit owner-only modes, this covers anything else.
umask(0o077)

/// Writes `text` and a newline to `fd`.
func emit(_ text: String, to fd: Int32) {
    let line = text + "\n"
    _ = line.withCString { write(fd, $0, strlen($0)) }
}

if CommandLine.arguments.dropFirst().first == "store" {
    exit(StoreCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst(2)), environment: ProcessEnvironment.current(),
        output: { emit($0, to: STDOUT_FILENO) }, errors: { emit($0, to: STDERR_FILENO) }))
}

if CommandLine.arguments.dropFirst().first == "migrate" {
    exit(MigrateCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst(2)), environment: ProcessEnvironment.current(),
        output: { emit($0, to: STDOUT_FILENO) }, errors: { emit($0, to: STDERR_FILENO) }))
}

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
    emit("waypoint: \(error)\nRun 'waypoint --help' for the options.", to: STDERR_FILENO)
    exit(2)
}

let logger = Logger(level: configuration.logLevel, format: configuration.logFormat)
// Leave room for files, the data store, the redirect listener and the loops' own descriptors.
let reserved = configuration.redirectServerConfiguration.map { $0.maxConnections + 128 } ?? 128
var options = Application.Options()
let availableConnections = max(16, OpenFileLimit.raise() - reserved)
options.maxConnections = min(configuration.serverConfiguration.maxConnections, availableConnections)
if let asked = configuration.maxConnections, asked > availableConnections {
    logger.warning("--max-connections \(asked) is more than the open-file limit allows; using \(availableConnections)")
}
let application: Application
do {
    application = try buildApplication(configuration, options: options, logger: logger)
} catch {
    logger.error("Waypoint could not start: \(error)")
    exit(1)
}

let port: Int
do {
    // With TLS this loads and checks the certificate and key first; a bad one is reported here.
    port = try application.start()
    let scheme = configuration.tls == nil ? "http" : "https"
    logger.info("Waypoint listening on \(scheme)://\(configuration.host):\(port)\(configuration.isDevelopment ? " (development mode)" : "")")
} catch {
    logger.error("Waypoint could not start: \(error)")
    application.shutdown()
    exit(1)
}

// With TLS, an optional plain-HTTP listener that sends every request to the HTTPS port (308).
var redirectServer: HTTPServer?
if let redirectConfiguration = configuration.redirectServerConfiguration {
    let redirect = HTTPServer(
        configuration: redirectConfiguration,
        responder: HTTPSRedirectResponder(httpsPort: port, publicOrigin: configuration.publicURL), logger: logger)
    do {
        let redirectPort = try redirect.start()
        logger.info("Redirecting http://\(configuration.host):\(redirectPort) to HTTPS")
        redirectServer = redirect
    } catch {
        logger.error("Waypoint could not start the redirect listener: \(error)")
        application.shutdown()
        exit(1)
    }
}

let signal = TerminationSignal.wait()
logger.info("Received \(signal == SIGINT ? "SIGINT" : "SIGTERM"), draining for \(configuration.shutdownGrace)s")
// Readiness turns 503 at once; the server keeps serving through the grace period so load
// balancers can take this instance out before it stops accepting.
application.beginDraining()
if configuration.shutdownGrace > 0 {
    var pause = timespec(tv_sec: configuration.shutdownGrace, tv_nsec: 0)
    var remaining = timespec()
    while nanosleep(&pause, &remaining) != 0 && errno == EINTR { pause = remaining }
}
logger.info("Stopped accepting, finishing requests in flight")
redirectServer?.shutdown()
application.shutdown()
redirectServer?.waitUntilStopped()
logger.info("Waypoint stopped")
exit(0)
