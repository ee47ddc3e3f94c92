import Foundation

/// A real `haproxy` on a free loopback port, in front of one backend, with the request rules of
/// the shipped `deploy/haproxy.cfg`: what the tests check is what operators deploy. Stopped when
/// the value goes.
public final class HAProxy {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String)

        public var description: String {
            switch self {
            case .notInstalled: "haproxy is not on PATH (apt-get install haproxy)"
            case .didNotStart(let reason): "haproxy did not start: \(reason)"
            }
        }
    }

    public let port: Int
    private let process = Process()
    private let folder = TemporaryDirectory(prefix: "waypoint-haproxy")

    public static let executablePath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin"]).map { "\($0)/haproxy" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Live haproxy tests run when it is installed, and always under `CI`, where its absence fails them.
    public static let liveTestsEnabled: Bool = {
        if executablePath != nil { return true }
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        if !ci.isEmpty && ci != "0" && ci.lowercased() != "false" { return true }
        print("haproxy live tests skipped: haproxy is not installed (apt-get install haproxy); with CI=true this fails instead")
        return false
    }()

    /// The `http-request`, `option forwardfor` and `unique-id-*` lines of `deploy/haproxy.cfg`'s
    /// frontend, in their order.
    public static func shippedRequestRules(repositoryRoot: String) throws -> [String] {
        let text = try String(contentsOfFile: repositoryRoot + "/deploy/haproxy.cfg", encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("http-request ") || $0 == "option forwardfor" || $0.hasPrefix("unique-id-")
        }
    }

    public init(backendPort: Int, requestRules: [String]) throws {
        guard let executable = Self.executablePath else { throw Failure.notInstalled }
        port = LoopbackPort.free()
        let configuration = """
            global
                maxconn 64
            defaults
                mode http
                timeout connect 2s
                timeout client 10s
                timeout server 10s
            frontend web
                bind 127.0.0.1:\(port)
            \(requestRules.map { "    " + $0 }.joined(separator: "\n"))
                default_backend app
            backend app
                server app 127.0.0.1:\(backendPort)

            """
        let path = folder.path("haproxy.cfg")
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-f", path, "-db"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            if LoopbackPort.accepts(port) { return }
            guard process.isRunning else { throw Failure.didNotStart("exited with status \(process.terminationStatus)") }
            usleep(10_000)
        }
        process.terminate()
        throw Failure.didNotStart("nothing listened on \(port) within 2 s")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
