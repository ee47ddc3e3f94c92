import Coordinators
import Glibc
import HTTPServer
import Log
import Synchronization
import TemplateEngine

/// The compiled templates, checked against what the screens' data provides (`Keys.all`) and for
/// every screen's template. In production they are compiled and checked once at start-up, and a
/// problem stops the start at file:line:column. In development the directory is checked for
/// changes at most once a second (`checkInterval`) and recompiled when a file changed; a broken edit is logged and
/// pages answer the error page naming the problem (`problem`) until it is fixed.
final class TemplateSource: Sendable {
    private struct Watch {
        var library: TemplateLibrary
        var fingerprint: Int
        var lastCheck: UInt64
        /// Why the last edit was not taken; the previous templates stay for the error page.
        var problem: TemplateError?
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
    /// Nanoseconds between checks of the directory in development.
    private let checkInterval: UInt64

    /// Throws the first template error, at file:line:column.
    init(directory: String, reloads: Bool, checkInterval: Duration = .seconds(1), logger: Logger) throws(TemplateError) {
        let library = try Self.compile(directory)
        self.logger = logger
        let (seconds, attoseconds) = checkInterval.components
        self.checkInterval = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
        if reloads {
            mode = .watched(Watcher(Watch(library: library, fingerprint: Self.fingerprint(of: directory), lastCheck: Self.now())))
        } else {
            mode = .fixed(library)
        }
    }

    /// The screens every site needs, plus the error page.
    static let requiredTemplates = ScreenTemplate.all.map(\.rawValue) + ["error"] + KeptFragments.templates

    static func compile(_ directory: String) throws(TemplateError) -> TemplateLibrary {
        let library = try TemplateLibrary(directory: directory, configuration: .init(strict: true))
        try library.check(requiring: requiredTemplates) { Keys.names.contains($0) }
        return library
    }

    /// Whether the templates are recompiled when their files change (development).
    var reloads: Bool {
        if case .watched = mode { return true }
        return false
    }

    var library: TemplateLibrary {
        switch mode {
        case .fixed(let library): library
        case .watched(let watcher): reload(watcher)
        }
    }

    /// In development, why the templates on disk are not in use; nil in production. Checks for
    /// edits first, so the request that finds a broken edit already answers the error page.
    var problem: TemplateError? {
        switch mode {
        case .fixed: return nil
        case .watched(let watcher):
            _ = reload(watcher)
            return watcher.state.withLock { $0.problem }
        }
    }

    private func reload(_ watcher: Watcher) -> TemplateLibrary {
        watcher.state.withLock { state -> TemplateLibrary in
            let now = Self.now()
            guard now &- state.lastCheck >= checkInterval, let directory = state.library.directory else { return state.library }
            state.lastCheck = now
            let fingerprint = Self.fingerprint(of: directory)
            guard fingerprint != state.fingerprint else { return state.library }
            state.fingerprint = fingerprint
            do throws(TemplateError) {
                state.library = try Self.compile(directory)
                state.problem = nil
                logger.info("templates reloaded from \(directory)")
            } catch {
                state.problem = error
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
