import Glibc

/// A real `redis-server` on a free loopback port with its data in a scratch folder, started by a
/// test and killed when the value goes. Readiness is its "Ready to accept connections" log line,
/// not a sleep. `kill()` then `start()` restarts it on the same port and data, as after a crash.
public final class RedisServer {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(log: String)

        public var description: String {
            switch self {
            case .notInstalled: "redis-server is not on PATH (apt-get install redis-server)"
            case .didNotStart(let log): "redis-server did not start:\n\(log)"
            }
        }
    }

    /// TLS files for `--tls-port`: the server then listens with TLS only.
    public struct TLSFiles {
        public var certificatePath: String
        public var keyPath: String
        public var caPath: String

        public init(certificatePath: String, keyPath: String, caPath: String) {
            self.certificatePath = certificatePath
            self.keyPath = keyPath
            self.caPath = caPath
        }
    }

    public private(set) var port: Int
    private let folder = TemporaryDirectory(prefix: "waypoint-redis")
    /// Where this server keeps its append-only file: kept across `kill()` and `start()`.
    public var directory: String { folder.path }
    private let extraArguments: [String]
    private let tls: TLSFiles?
    private var pid: pid_t = 0

    /// The redis-server found on PATH, if any.
    public static let executablePath: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/redis-server" }.first { access($0, X_OK) == 0 }
    }()

    /// Live Redis tests run when redis-server is installed, and also when `CI` is set, where its
    /// absence must fail them rather than skip them. Otherwise they are skipped, and this says why.
    public static let liveTestsEnabled: Bool = {
        if executablePath != nil { return true }
        let ci = getenv("CI").map { String(cString: $0) } ?? ""
        if !ci.isEmpty && ci != "0" && ci.lowercased() != "false" { return true }
        print("RedisClient live tests skipped: redis-server is not installed (apt-get install redis-server); with CI=true this fails instead")
        return false
    }()

    public init(arguments: [String] = [], tls: TLSFiles? = nil) throws {
        extraArguments = arguments
        self.tls = tls
        port = 0
        // A port freed a moment ago may be taken again by someone else: try a few.
        var lastError: Error = Failure.notInstalled
        for _ in 0..<5 {
            port = LoopbackPort.free()
            do {
                try start()
                return
            } catch Failure.notInstalled {
                throw Failure.notInstalled
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    deinit { kill() }

    /// Starts the server on `port` (again, after `kill`), waiting for it to accept connections.
    public func start(timeoutSeconds: Int32 = 20) throws {
        guard let executable = Self.executablePath else { throw Failure.notInstalled }
        var arguments = [
            executable, "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes", "--appendfsync", "always",
            "--save", "", "--daemonize", "no", "--logfile", "",
        ]
        if let tls {
            arguments += [
                "--port", "0", "--tls-port", String(port), "--tls-cert-file", tls.certificatePath,
                "--tls-key-file", tls.keyPath, "--tls-ca-cert-file", tls.caPath, "--tls-auth-clients", "no",
            ]
        } else {
            arguments += ["--port", String(port)]
        }
        arguments += extraArguments

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure.didNotStart(log: "pipe failed") }
        // Close-on-exec, so other children spawned meanwhile do not hold the pipe open.
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, nil)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw Failure.didNotStart(log: "posix_spawn: \(String(cString: strerror(spawned)))")
        }
        pid = child
        // Reading stops at the ready line; redis ignores SIGPIPE, so its later log lines just go nowhere.
        defer { close(pipeEnds[0]) }
        var log: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, timeoutSeconds * 1000)
            if ready < 0 && errno == EINTR { continue }
            let count = ready > 0 ? read(pipeEnds[0], &buffer, buffer.count) : -1
            if count > 0 {
                log += buffer[..<count]
                if String(decoding: log, as: UTF8.self).contains("Ready to accept connections") { return }
                continue
            }
            kill()
            throw Failure.didNotStart(log: String(decoding: log, as: UTF8.self))
        }
    }

    /// SIGKILL, as a crash: only what was already fsync'd (appendfsync always: every write) survives.
    public func kill() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }

    /// SIGSTOP: a hang. Connections stay open and connects still succeed (the kernel accepts
    /// them), but nothing is answered until `resume()`.
    public func pause() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGSTOP)
    }

    /// SIGCONT after `pause()`.
    public func resume() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGCONT)
    }

    /// `redis://127.0.0.1:PORT` (or `rediss://`), with an optional user and password.
    public func url(user: String? = nil, password: String? = nil, database: Int? = nil) -> String {
        var credentials = ""
        if user != nil || password != nil { credentials = (user ?? "") + (password.map { ":" + $0 } ?? "") + "@" }
        return (tls == nil ? "redis://" : "rediss://") + credentials + "127.0.0.1:\(port)" + (database.map { "/\($0)" } ?? "")
    }
}
