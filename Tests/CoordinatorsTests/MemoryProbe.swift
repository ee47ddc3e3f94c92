@testable import Coordinators
import Foundation
import Testing

/// Not a unit test: a measurement, run with `NAV_MEMORY_PROBE=1 swift test --filter MemoryProbe`.
/// Reports resident bytes per session from /proc/self/statm before and after making 100,000.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["NAV_MEMORY_PROBE"] == "1"))
struct MemoryProbe {
    static let sessions = 100_000

    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func bytesPerIdleSession() {
        let fixture = Fixture()
        let before = Self.residentBytes()
        var idle: [AppCoordinator] = []
        idle.reserveCapacity(Self.sessions)
        for _ in 0..<Self.sessions { idle.append(AppCoordinator(dependencies: fixture.dependencies)) }
        let afterIdle = Self.residentBytes()
        print("MemoryProbe: idle sessions: \((afterIdle - before) / Self.sessions) bytes each (\(Self.sessions) sessions)")

        let route = AppRoute.flow(.tertiary)
        for session in idle { _ = session.show(route, viewer: visitor) }
        let afterVisit = Self.residentBytes()
        print("MemoryProbe: after one deep link (3-page flow stack, 2 ledger entries): \((afterVisit - before) / Self.sessions) bytes each")

        var snapshots = 0
        for session in idle { snapshots += session.snapshot().flow?.depth ?? 0 }
        #expect(snapshots == 3 * Self.sessions)
    }
}
