#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalStore {
    /// Rebuilds a store that refuses to open, and never brings back what a lost write undid.
    ///
    /// Keeps every intact snapshot entry and every intact journal record (those after damage
    /// too). Names the entries whose history crosses the damage (a lost record may have changed
    /// or deleted them after their last intact write; see `RepairHistory`) and lets `policy`
    /// settle them inside the repair (the app ends such sessions, for one). Copies each replaced
    /// file aside as `<name>.damaged-<UTC time>` (never deleting, never reusing a name), writes
    /// the whole report beside them, and installs a fresh snapshot with an empty journal. Takes
    /// the store's lock, so it refuses while a server has it open. A store that verifies intact is
    /// left untouched.
    ///
    /// `now` (seconds since 1970) names the copies.
    public static func repair(
        _ configuration: Configuration, now: Int = Int(time(nil)), policy: RepairPolicy = RepairPolicy()
    ) throws -> RepairReport {
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
        report.unnamedCollections = policy.unnamedCollections
        var contents = StoreContents()
        var history = RepairHistory()
        var generation: UInt64 = 0
        let suffix = ".damaged-" + timestamp(now)
        var snapshotLost: [EntryKey] = []

        switch inspection.snapshot {
        case .absent:
            break
        case .read(let bytes, let scan):
            contents.apply(scan.mutations)
            history.wrote(scan.mutations, at: RepairHistory.snapshotPosition)
            generation = scan.header.generation
            report.snapshotEntriesKept = scan.mutations.count
            if !scan.isIntact {
                report.snapshotDamage = scan.summary
                snapshotLost = scan.lost
                report.unnamedLosses += scan.unnamedStretches
                // One checksum over everything: any kept entry may be the damaged one.
                if scan.unverified { history.lostUnknown(at: 0) }
                report.setAside.append(try SystemFile.createUnique(configuration.snapshotPath + suffix, with: bytes))
            }
        case .unusable(let error, let bytes):
            // A newer format is not damage: rewriting it would destroy it.
            if case .unsupportedVersion = error { throw error }
            report.snapshotDropped = "\(error)"
            report.unnamedLosses += 1
            if let bytes {
                report.setAside.append(try SystemFile.createUnique(configuration.snapshotPath + suffix, with: bytes))
            }
        }

        switch inspection.journal {
        case .absent:
            if case .absent = inspection.snapshot {} else {
                report.notes.append("the journal was missing: writes made since the snapshot are lost")
                history.lostUnknown(at: Int.max)
            }
        case .unreadable(let error):
            throw error
        case .read(let bytes, let header, let scan):
            if case .failure(let error) = header, case .unsupportedVersion = error { throw error }
            let journalGeneration = (try? header.get())?.generation
            if let journalGeneration, journalGeneration < generation {
                report.notes.append("the journal (generation \(journalGeneration)) was older than the snapshot, which holds all of it")
            } else {
                if let journalGeneration, journalGeneration > generation, inspection.snapshotGeneration != nil {
                    report.notes.append(
                        "the journal (generation \(journalGeneration)) builds on a missing snapshot: "
                            + "its records were applied over the older snapshot (generation \(generation))")
                    // The missing snapshot held writes made after the older one.
                    history.lostUnknown(at: 0)
                }
                if case .failure(let error) = header {
                    report.notes.append("the journal's header was unusable (\(error)); its records were read anyway")
                }
                for record in scan.records {
                    contents.apply(record.mutations)
                    history.wrote(record.mutations, at: record.offset)
                }
                for stretch in scan.damage {
                    if let keys = JournalScan.namedKeys(in: bytes, stretch: stretch, layout: scan.layout) {
                        history.lost(keys, at: stretch.offset)
                    } else {
                        history.lostUnknown(at: stretch.offset)
                        report.unnamedLosses += 1
                    }
                }
                report.recordsKept = scan.records.count
                report.dropped = scan.damage + (scan.tornTail.map { [$0] } ?? [])
                generation = max(generation, journalGeneration ?? 0)
            }
            report.setAside.append(try SystemFile.createUnique(configuration.journalPath + suffix, with: bytes))
        }
        try SystemFile.syncDirectory(configuration.directory)

        // Only keys no journal record wrote again are really lost from the snapshot.
        report.lost = snapshotLost.filter { history.lastWrite[$0] == nil }
        report.suspects = history.suspects { contents.get($0.collection, key: $0.key) != nil }
        report.absentSuspects = Set(report.suspects.filter { contents.get($0.collection, key: $0.key) == nil })
        let settlement = policy.settle(report.suspects.map {
            RepairPolicy.Suspect(entry: $0, value: contents.get($0.collection, key: $0.key))
        })
        contents.apply(settlement.mutations)
        report.notes += settlement.notes

        // The new snapshot goes in first: a crash before the fresh journal follows leaves an
        // older journal beside it, which the next start discards as stale.
        let next = generation + 1
        let entries = contents.asMutations
        try SystemFile.replace(
            configuration.snapshotPath, in: configuration.directory,
            with: SnapshotFormat.encode(entries, generation: next))
        try startJournal(configuration, generation: next).close()
        try writeMarker(configuration)
        report.generation = next
        report.entries = entries.count
        let reportPath = try SystemFile.createUnique(
            configuration.directory + "/repair-\(timestamp(now)).txt",
            with: Array((report.description(namesPerCollection: nil) + "\n").utf8))
        report.notes.append("the whole report is in \(reportPath)")
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
