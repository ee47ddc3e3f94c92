import Services
import Sessions
import Storage
import Web

/// `waypoint store verify|repair [--data DIR]`: an operator's check and repair of the store in a
/// data folder. Verify only reads, so it is safe beside a running server; repair takes the store's
/// lock, so it refuses while a server has the folder open.
public enum StoreCommand {
    public enum Action: String, Sendable {
        case verify, repair
    }

    /// Runs the words after `store`, printing results to `output` and problems to `errors`.
    /// Returns the exit status: 0 when the store is intact (verify) or opens again (repair), 1 when
    /// it is damaged or could not be repaired, 2 for bad usage.
    public static func run(
        arguments: [String], environment: [String: String], output: (String) -> Void, errors: (String) -> Void,
        now: Int? = nil
    ) -> Int32 {
        var action: Action?
        var dataDirectory = environment["WAYPOINT_DATA"] ?? "./data"
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--help", "-h":
                output(helpText)
                return 0
            case "--data":
                guard index < arguments.count, !arguments[index].isEmpty else {
                    return usage("option '--data' needs a value", errors)
                }
                dataDirectory = arguments[index]
                index += 1
            case _ where argument.hasPrefix("--data="):
                dataDirectory = String(argument.dropFirst("--data=".count))
                guard !dataDirectory.isEmpty else { return usage("option '--data' needs a value", errors) }
            case _ where action == nil && Action(rawValue: argument) != nil:
                action = Action(rawValue: argument)
            default:
                return usage("unknown argument '\(argument)'", errors)
            }
        }
        guard let action else { return usage("say 'verify' or 'repair'", errors) }
        guard DataFolder.isDirectory(dataDirectory) else {
            errors("waypoint: no data folder at \(dataDirectory)")
            return 1
        }
        var status: Int32 = 0
        for directory in storeDirectories(in: dataDirectory) {
            // A server holds the lock for as long as it runs: no point waiting long for it.
            let store = JournalStore.Configuration(directory: directory, lockWait: .milliseconds(200))
            guard DataFolder.isDirectory(store.directory) else {
                output("\(store.directory): no store yet: nothing to \(action.rawValue)")
                continue
            }
            let result = switch action {
            case .verify: verify(store, dataDirectory: dataDirectory, output: output)
            case .repair: repair(store, dataDirectory: dataDirectory, now: now, output: output, errors: errors)
            }
            status = max(status, result)
        }
        return status
    }

    /// The data folder's journal stores: the data itself, and the sessions.
    static func storeDirectories(in dataDirectory: String) -> [String] {
        [AppServices.storeDirectory(inDataDirectory: dataDirectory), SessionJournal.directory(inDataDirectory: dataDirectory)]
    }

    /// What a repair does with entries whose history crosses the damage, per store: sessions are
    /// ended; accounts must set a new password and reset links are withdrawn; the rest is named.
    static func repairPolicy(for directory: String, in dataDirectory: String) -> RepairPolicy {
        directory == SessionJournal.directory(inDataDirectory: dataDirectory) ? SessionJournal.repairPolicy : AccountService.repairPolicy
    }

    private static func verify(_ store: JournalStore.Configuration, dataDirectory: String, output: (String) -> Void) -> Int32 {
        let verification = JournalStore.verify(store)
        output(verification.description)
        if let warning = DataFolder(path: dataDirectory).permissionWarning() { output("warning: " + warning) }
        if verification.isIntact {
            output("intact: the store opens without losing anything acknowledged")
            return 0
        }
        output("damaged: the server will refuse to start; with it stopped, run 'waypoint store repair --data \(dataDirectory)'")
        return 1
    }

    private static func repair(
        _ store: JournalStore.Configuration, dataDirectory: String, now: Int?, output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        let report: RepairReport
        do {
            let policy = repairPolicy(for: store.directory, in: dataDirectory)
            report = try now.map { try JournalStore.repair(store, now: $0, policy: policy) } ?? JournalStore.repair(store, policy: policy)
        } catch StorageError.locked {
            errors("waypoint: the store in \(dataDirectory) is open in a running server: stop it first")
            return 1
        } catch {
            errors("waypoint: could not repair the store in \(dataDirectory): \(error)")
            return 1
        }
        output(report.description)
        let after = JournalStore.verify(store)
        guard after.isIntact else {
            output(after.description)
            errors("waypoint: the store in \(dataDirectory) is still damaged")
            return 1
        }
        if report.repaired { output("repaired: the store opens again") }
        return 0
    }

    private static func usage(_ problem: String, _ errors: (String) -> Void) -> Int32 {
        errors("waypoint store: \(problem)\nRun 'waypoint store --help' for the usage.")
        return 2
    }

    public static let helpText = """
        Usage: waypoint store verify [--data DIR]
               waypoint store repair [--data DIR]

        --data DIR (or WAYPOINT_DATA) names the data folder, ./data by default; the store is DIR/store.

        verify  Reads the store's snapshot and journal and reports each file: intact, absent,
                recoverable (a torn tail, the end of a write a crash interrupted, which the next start
                cuts) or damaged, with the byte offsets of every damaged stretch. Changes nothing and
                is safe while the server runs. Exits 0 unless something is damaged, then 1.
        repair  With the server stopped: keeps every intact snapshot entry and every intact journal
                record, including those after the damage, and never brings back what a lost write
                undid: a session whose lost records might have ended it is ended, an account among
                the entries whose history crosses the damage must set a new password before signing
                in, and every such entry is named. Copies each replaced file aside as
                <name>.damaged-<UTC time> (nothing is deleted, no name is reused) with the whole
                report beside them; writes a fresh snapshot and journal. An intact store is left
                untouched, and a repaired folder is never seeded again. Exits 0 when the store opens
                afterwards, 1 otherwise. See docs/recovery.md.
        """
}
