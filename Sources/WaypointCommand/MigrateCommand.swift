#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient
import Services
import Sessions
import Storage
import Web

/// `waypoint migrate --data DIR --redis-url URL`: copies a stopped embedded store (accounts, reset
/// tokens, categories, items, users' navigation, and the live sessions) into Redis, so instances
/// started with `--redis-url` carry on where the single server left off.
///
/// Repeatable and never destructive (see `RedisMigration`): what Redis lacks is copied, what it
/// already holds with the same value is left, and if it holds a different value for anything the
/// whole migration is refused and nothing is written. The store's locks are held throughout, so a
/// server cannot start on the folder and write what the copy would miss.
public enum MigrateCommand {
    struct Options {
        var dataDirectory: String
        var redisURL: String?
        var redisCA: String?
        var dryRun = false
    }

    /// Runs the words after `migrate`. Returns the exit status: 0 when Redis holds everything
    /// afterwards (copied now or before), 1 when the migration was refused or failed, 2 for bad usage.
    public static func run(
        arguments: [String], environment: [String: String], output: (String) -> Void, errors: (String) -> Void,
        now: Int64? = nil
    ) -> Int32 {
        let options: Options
        switch parse(arguments, environment: environment) {
        case .success(let parsed?): options = parsed
        case .success(nil):
            output(helpText)
            return 0
        case .failure(let problem):
            errors("waypoint migrate: \(problem.message)\nRun 'waypoint migrate --help' for the usage.")
            return 2
        }
        guard let url = options.redisURL else {
            errors("waypoint migrate: say where to copy to with --redis-url (or WAYPOINT_REDIS_URL)\nRun 'waypoint migrate --help' for the usage.")
            return 2
        }
        var redis: RedisConfiguration
        do throws(RedisConfiguration.URLError) {
            redis = try RedisConfiguration(url: url)
        } catch {
            errors("waypoint migrate: invalid Redis URL: \(error)")
            return 2
        }
        if let ca = options.redisCA {
            guard redis.usesTLS else {
                errors("waypoint migrate: --redis-ca names certificates for TLS, which needs a rediss:// URL")
                return 2
            }
            redis.caFilePath = ca
        }
        guard DataFolder.isDirectory(options.dataDirectory) else {
            errors("waypoint migrate: no data folder at \(options.dataDirectory)")
            return 1
        }
        let seconds = now ?? Int64(Date().timeIntervalSince1970)
        return migrate(options, redis: redis, now: seconds, output: output, errors: errors)
    }

    private static func migrate(
        _ options: Options, redis: RedisConfiguration, now: Int64, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let data = options.dataDirectory
        let store: JournalStore?
        let sessionStore: JournalStore?
        do {
            store = try open(AppServices.storeDirectory(inDataDirectory: data))
            sessionStore = try open(SessionJournal.directory(inDataDirectory: data))
        } catch StorageError.locked {
            errors("waypoint migrate: the data folder \(data) is open in a running server: stop it first, so nothing it writes is left behind")
            return 1
        } catch {
            errors("waypoint migrate: the store in \(data) does not open: \(error)\nCheck it with 'waypoint store verify --data \(data)'.")
            return 1
        }
        defer {
            store?.close()
            sessionStore?.close()
        }
        guard store != nil || sessionStore != nil else {
            errors("waypoint migrate: \(data) holds no store (no store/ or sessions/ folder): nothing to migrate")
            return 1
        }

        let pool: RedisPool
        do {
            pool = try RedisPool(configuration: redis)
            _ = try pool.send(RedisCommand("PING"))
        } catch {
            errors("waypoint migrate: cannot use Redis at \(redis.redactedURL): \(error)")
            return 1
        }
        defer { pool.close() }
        let migration = RedisMigration(pool: pool)
        let sessions: SessionEntries
        var entries: [MigrationEntry]
        do {
            entries = try store.map { try migration.dataEntries(from: $0, collections: $0.collectionNames) } ?? []
            sessions = try SessionEntries(
                store: sessionStore, legacyFile: SessionFile(directory: data),
                keys: RedisSessionJournal(pool: pool, idleTimeout: idleTimeout), now: now)
            entries += sessions.entries
        } catch {
            errors("waypoint migrate: the store in \(data) cannot be read: \(error)")
            return 1
        }

        output("waypoint migrate: \(data) -> \(redis.redactedURL)\(options.dryRun ? " (dry run)" : "")")
        let report: MigrationReport
        do {
            report = try migration.run(
                entries, groups: RedisMigration.collections + RedisMigration.indexGroups + ["sessions"],
                write: !options.dryRun)
        } catch {
            errors("waypoint migrate: \(error)")
            return 1
        }
        output(report.description)
        if sessions.expired + sessions.unreadable > 0 {
            output("sessions not copied: \(sessions.expired) expired, \(sessions.unreadable) unreadable")
        }
        if report.conflictCount > 0 {
            for conflict in report.conflicts { errors("conflict: " + conflict) }
            if report.conflictCount > report.conflicts.count {
                errors("conflict: … and \(report.conflictCount - report.conflicts.count) more")
            }
            errors("""
                waypoint migrate: refused: Redis already holds different values for \(report.conflictCount) \
                \(report.conflictCount == 1 ? "entry" : "entries") of \(data); nothing was written. If this folder \
                was migrated before, instances have changed those entries since and Redis is the newer copy. \
                Otherwise migrate into an empty Redis (or another database, redis://host/N) before any instance \
                starts on it: the first instance on an empty Redis seeds the demo data.
                """)
            return 1
        }
        if options.dryRun {
            output("dry run: \(report.missing) to copy, \(report.present) already in Redis; nothing was written")
        } else if report.wrote {
            let version = report.version.map { "; instances reload (waypoint:version \($0))" } ?? ""
            output("copied \(report.missing) entries, \(report.present) were already in Redis\(version)")
        } else {
            output("nothing to copy: Redis already holds all \(report.present) entries; nothing was written")
        }
        return 0
    }

    /// The store in `directory`, or nil when there is none (opening would create it). A server
    /// holding it makes this throw `.locked` at once rather than after the usual wait.
    private static func open(_ directory: String) throws -> JournalStore? {
        guard DataFolder.isDirectory(directory) else { return nil }
        return try JournalStore(configuration: .init(directory: directory, lockWait: .milliseconds(200)))
    }

    /// The sessions' lifetime in Redis, as the server sets it.
    static var idleTimeout: Int64 { Application.Options().sessionIdleTimeout.components.seconds }

    enum ParseResult {
        case success(Options?)
        case failure(Problem)
    }

    struct Problem: Error {
        var message: String
    }

    /// nil options: help was asked for.
    static func parse(_ arguments: [String], environment: [String: String]) -> ParseResult {
        var options = Options(
            dataDirectory: environment["WAYPOINT_DATA"] ?? "./data", redisURL: environment["WAYPOINT_REDIS_URL"],
            redisCA: environment["WAYPOINT_REDIS_CA"])
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var value: String?
            index += 1
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                value = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--dry-run":
                guard value == nil else { return .failure(Problem(message: "option '--dry-run' takes no value")) }
                options.dryRun = true
            case "--data", "--redis-url", "--redis-ca":
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty else { return .failure(Problem(message: "option '\(argument)' needs a value")) }
                switch argument {
                case "--data": options.dataDirectory = value
                case "--redis-url": options.redisURL = value
                default: options.redisCA = value
                }
            default:
                return .failure(Problem(message: "unknown argument '\(argument)'"))
            }
        }
        return .success(options)
    }

    public static let helpText = """
        Usage: waypoint migrate --data DIR --redis-url URL [--redis-ca FILE] [--dry-run]

        Copies the embedded store in DIR (accounts, reset tokens, categories, items, users' navigation,
        and the sessions that have not expired) into the Redis at URL, for instances started with
        --redis-url. Stop the server on DIR first: migrate holds the store's lock while it copies.

        Safe to repeat: entries Redis lacks are copied, entries it holds with the same value are left
        alone, and keys that exist only in Redis are kept. If Redis holds a different value for any
        entry (an instance already seeded its own demo data, or changed the data since an earlier
        migration), nothing at all is written: the conflicts are listed and the exit status is 1.
        The copy is one transaction, so it is never half done.

        --data DIR       (WAYPOINT_DATA) the data folder, ./data by default
        --redis-url URL  (WAYPOINT_REDIS_URL) redis://[user:password@]host[:port][/db] or rediss://…
        --redis-ca FILE  (WAYPOINT_REDIS_CA) with rediss://: PEM certificates to trust
        --dry-run        compare and report what would be copied; write nothing

        Prints the count per collection; exits 0 when Redis holds everything afterwards, 1 when the
        migration was refused or failed, 2 for bad usage.
        """
}
