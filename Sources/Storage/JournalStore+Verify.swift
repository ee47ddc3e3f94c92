extension JournalStore {
    /// Reads the store's snapshot and journal and reports each one's condition, changing nothing.
    public static func verify(_ configuration: Configuration) -> StoreVerification {
        let inspection = StoreInspection(configuration)
        return StoreVerification(files: [
            snapshotFile(inspection, path: configuration.snapshotPath),
            journalFile(inspection, path: configuration.journalPath),
        ])
    }

    private static func snapshotFile(_ inspection: StoreInspection, path: String) -> StoreVerification.File {
        switch inspection.snapshot {
        case .absent:
            return .init(path: path, condition: .absent, detail: "no snapshot yet")
        case .read(_, let scan):
            guard scan.isIntact else {
                return .init(path: path, condition: .damaged, detail: scan.summary, damage: scan.damage)
            }
            return .init(
                path: path, condition: .intact,
                detail: "generation \(scan.header.generation), \(scan.mutations.count) entries, format version \(scan.header.version)")
        case .unusable(let error, _):
            return .init(path: path, condition: .damaged, detail: "\(error)")
        }
    }

    private static func journalFile(_ inspection: StoreInspection, path: String) -> StoreVerification.File {
        switch inspection.journal {
        case .absent:
            if case .absent = inspection.snapshot {
                return .init(path: path, condition: .absent, detail: "no journal yet")
            }
            return .init(path: path, condition: .damaged, detail: "missing while a snapshot exists")
        case .unreadable(let error):
            return .init(path: path, condition: .damaged, detail: "\(error)")
        case .read(let bytes, let header, let scan):
            let generation: UInt64
            switch header {
            case .success(let found): generation = found.generation
            case .failure(let error): return .init(path: path, condition: .damaged, detail: "\(error)")
            }
            let snapshotGeneration = inspection.snapshotGeneration ?? 0
            if generation < snapshotGeneration {
                return .init(
                    path: path, condition: .recoverable,
                    detail: "generation \(generation) is older than the snapshot's \(snapshotGeneration): replaced at the next start")
            }
            if generation > snapshotGeneration {
                return .init(
                    path: path, condition: .damaged,
                    detail: "generation \(generation) needs a snapshot of that generation, found \(snapshotGeneration)")
            }
            let summary = "generation \(generation), \(scan.records.count) intact records, \(bytes.count) bytes"
            if !scan.damage.isEmpty {
                let tail = scan.damage.count == 1 && scan.damage[0].offset + scan.damage[0].length == bytes.count
                return .init(
                    path: path, condition: .damaged,
                    detail: summary + (tail ? "; the last record is complete but damaged" : "; intact records follow damage"),
                    damage: scan.damage + (scan.tornTail.map { [$0] } ?? []))
            }
            if let tail = scan.tornTail {
                return .init(
                    path: path, condition: .recoverable, detail: summary + "; a torn tail, cut at the next start",
                    damage: [tail])
            }
            return .init(path: path, condition: .intact, detail: summary)
        }
    }
}
