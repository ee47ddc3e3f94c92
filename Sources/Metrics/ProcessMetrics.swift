import Glibc

/// The standard `process_*` figures, read from /proc when scraped (Linux only; a figure that
/// cannot be read is left out rather than reported as zero).
public struct ProcessMetrics: Sendable, Equatable {
    public var cpuSeconds: Double?
    public var residentBytes: Double?
    public var openFDs: Double?
    public var maxFDs: Double?
    public var startTimeSeconds: Double?

    public init() {}

    /// Reads this process's figures now.
    public static func current() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let stat = readFile("/proc/self/stat"), let fields = statFields(stat), ticks > 0 {
            // After the command's closing parenthesis: field 3 is at index 0, so utime (14) is 11.
            if fields.count > 19, let user = Double(fields[11]), let system = Double(fields[12]) {
                metrics.cpuSeconds = (user + system) / ticks
            }
            if fields.count > 19, let started = Double(fields[19]), let boot = bootTime() {
                metrics.startTimeSeconds = boot + started / ticks
            }
        }
        if let statm = readFile("/proc/self/statm") {
            let parts = statm.split(separator: " ")
            if parts.count > 1, let pages = Double(parts[1]) { metrics.residentBytes = pages * pageSize }
        }
        metrics.openFDs = countEntries("/proc/self/fd").map(Double.init)
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 { metrics.maxFDs = Double(limit.rlim_cur) }
        return metrics
    }

    public func write(into text: inout MetricsText) {
        let families: [(String, MetricsText.Kind, String, Double?)] = [
            ("process_cpu_seconds_total", .counter, "Total user and system CPU time spent in seconds.", cpuSeconds),
            ("process_resident_memory_bytes", .gauge, "Resident memory size in bytes.", residentBytes),
            ("process_open_fds", .gauge, "Number of open file descriptors.", openFDs),
            ("process_max_fds", .gauge, "Maximum number of open file descriptors.", maxFDs),
            ("process_start_time_seconds", .gauge, "Start time of the process since unix epoch in seconds.", startTimeSeconds),
        ]
        for (name, kind, help, value) in families {
            guard let value else { continue }
            text.family(name, kind, help: help)
            text.sample(name, [], value)
        }
    }

    /// The fields after `pid (comm)`; the command may itself hold spaces and parentheses.
    static func statFields(_ stat: String) -> [Substring]? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    private static func bootTime() -> Double? {
        guard let stat = readFile("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingSpaces)
        }
        return nil
    }

    private static func countEntries(_ path: String) -> Int? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || name[1] == UInt8(ascii: ".") && name[2] == 0)
            }
            if !isDot { count += 1 }
        }
        // The descriptor opendir itself holds is not the process's own.
        return max(0, count - 1)
    }

    private static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension Substring {
    var trimmingSpaces: Substring { drop { $0 == " " }.prefix { $0 != " " && $0 != "\n" } }
}
