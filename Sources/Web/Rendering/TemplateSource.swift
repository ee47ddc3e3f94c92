import Glibc
import HTTPServer
import Synchronization
import TemplateEngine

/// The compiled templates. In production they are compiled once at start-up; in development the
/// directory is checked for changes at most once a second and recompiled when a file changed
/// (a broken edit is logged and the previous templates stay in use).
final class TemplateSource: Sendable {
    private struct Watch {
        var library: TemplateLibrary
        var fingerprint: Int
        var lastCheck: UInt64
    }

    private final class Watcher: Sendable {
        let state: Mutex<Watch>
        init(_ watch: Watch) { state = Mutex(watch) }
    }

    private enum Mode: Sendable {
        case fixed(TemplateLibrary)
        case watched(Watcher)
    }

    private let mode: Mode
    private let logger: Logger

    /// Throws the first template error, at file:line:column.
    init(directory: String, reloads: Bool, logger: Logger) throws(TemplateError) {
        let library = try TemplateLibrary(directory: directory, configuration: .init(strict: true))
        self.logger = logger
        if reloads {
            mode = .watched(Watcher(Watch(library: library, fingerprint: Self.fingerprint(of: directory), lastCheck: Self.now())))
        } else {
            mode = .fixed(library)
        }
    }

    var library: TemplateLibrary {
        switch mode {
        case .fixed(let library): library
        case .watched(let watcher): reload(watcher)
        }
    }

    private func reload(_ watcher: Watcher) -> TemplateLibrary {
        watcher.state.withLock { state -> TemplateLibrary in
            let now = Self.now()
            guard now &- state.lastCheck >= 1_000_000_000, let directory = state.library.directory else { return state.library }
            state.lastCheck = now
            let fingerprint = Self.fingerprint(of: directory)
            guard fingerprint != state.fingerprint else { return state.library }
            state.fingerprint = fingerprint
            do {
                state.library = try state.library.reloaded()
                logger.info("templates reloaded from \(directory)")
            } catch {
                logger.error("templates not reloaded: \(error)")
            }
            return state.library
        }
    }

    /// Names, sizes and modification times of every file below `directory`, hashed.
    static func fingerprint(of directory: String) -> Int {
        var hasher = Hasher()
        walk(directory, into: &hasher)
        return hasher.finalize()
    }

    private static func walk(_ path: String, into hasher: inout Hasher) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let full = path + "/" + name
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            hasher.combine(full)
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(full, into: &hasher)
            } else {
                hasher.combine(info.st_size)
                hasher.combine(info.st_mtim.tv_sec)
                hasher.combine(info.st_mtim.tv_nsec)
            }
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
