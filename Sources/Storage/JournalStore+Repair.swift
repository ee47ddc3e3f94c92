#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalStore {
    /// Rebuilds a store that refuses to open: keeps the snapshot if it is intact and every intact
    /// journal record (those after damage too), copies each replaced file aside as
    /// `<name>.damaged-<UTC time>` (never deleting), and installs a fresh snapshot holding all of it
    /// with an empty journal. Takes the store's lock, so it refuses while a server has it open.
    /// A store that verifies intact is left untouched.
    ///
    /// `now` (seconds since 1970) names the copies.
    public static func repair(_ configuration: Configuration, now: Int = Int(time(nil))) throws -> RepairReport {
        guard SystemFile.isDirectory(configuration.directory) else {
            throw StorageError.io(operation: "open store folder", path: configuration.directory, errno: ENOENT)
        }
        let lock = try SystemFile.lock(configuration.lockPath, wait: configuration.lockWait)
        defer { lock.close() }

        let verification = verify(configuration)
        guard verification.files.contains(where: { $0.condition == .damaged || $0.condition == .recoverable }) else {
            return RepairReport()
        }
        let inspection = StoreInspection(configuration)
        var report = RepairReport(repaired: true)
        var contents = StoreContents()
        var generation: UInt64 = 0
        let suffix = ".damaged-" + timestamp(now)

        switch inspection.snapshot {
        case .absent:
            break
        case .loaded(let snapshotGeneration, let mutations):
            contents.apply(mutations)
            generation = snapshotGeneration
            report.snapshotEntriesKept = mutations.count
        case .unusable(let error, let bytes):
            // A newer format is not damage: rewriting it would destroy it.
            if case .unsupportedVersion = error { throw error }
            report.snapshotDropped = "\(error)"
            if let bytes {
                let aside = configuration.snapshotPath + suffix
                try SystemFile.createNew(aside, with: bytes)
                report.setAside.append(aside)
            }
        }

        switch inspection.journal {
        case .absent:
            if case .absent = inspection.snapshot {} else {
                report.notes.append("the journal was missing: writes made since the snapshot are lost")
            }
        case .unreadable(let error):
            throw error
        case .read(let bytes, let header, let scan):
            if case .failure(let error) = header, case .unsupportedVersion = error { throw error }
            let journalGeneration = try? header.get()
            if let journalGeneration, journalGeneration < generation {
                report.notes.append("the journal (generation \(journalGeneration)) was older than the snapshot, which holds all of it")
            } else {
                if let journalGeneration, journalGeneration > generation, inspection.snapshotGeneration != nil {
                    report.notes.append(
                        "the journal (generation \(journalGeneration)) builds on a missing snapshot: "
                            + "its records were applied over the older snapshot (generation \(generation))")
                }
                if case .failure(let error) = header {
                    report.notes.append("the journal's header was unusable (\(error)); its records were read anyway")
                }
                for record in scan.records { contents.apply(record.mutations) }
                report.recordsKept = scan.records.count
                report.dropped = scan.damage + (scan.tornTail.map { [$0] } ?? [])
                generation = max(generation, journalGeneration ?? 0)
            }
            let aside = configuration.journalPath + suffix
            try SystemFile.createNew(aside, with: bytes)
            report.setAside.append(aside)
        }
        try SystemFile.syncDirectory(configuration.directory)

        // The new snapshot goes in first: a crash before the fresh journal follows leaves an
        // older journal beside it, which the next start discards as stale.
        let next = generation + 1
        let mutations = contents.asMutations
        try SystemFile.replace(
            configuration.snapshotPath, in: configuration.directory,
            with: FileFormat.snapshot(MutationCodec.encode(mutations), generation: next))
        try startJournal(configuration, generation: next).close()
        report.generation = next
        report.entries = mutations.count
        return report
    }

    /// `20240131T235959Z`: sorts in time order and is safe in a file name.
    static func timestamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
