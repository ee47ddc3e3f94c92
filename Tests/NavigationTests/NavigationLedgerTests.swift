import Navigation
import Testing

@Suite struct NavigationLedgerTests {
    @Test func recordsEachStepWithItsKindPageAndTime() {
        var ledger = NavigationLedger()
        var stack = NavigationStack(root: "root")
        ledger.record(stack.present("detail", as: .push), coordinator: "Tab", at: 10) { $0 }
        ledger.record(stack.present("sheet", as: .sheet), coordinator: "Tab", at: 11) { $0 }
        ledger.record(stack.dismiss(), coordinator: "Tab", at: 12) { $0 }
        ledger.record(stack.pop(), coordinator: "Tab", at: 13) { $0 }
        #expect(ledger.entries.map(\.kind) == [.push, .present, .dismiss, .pop])
        #expect(ledger.entries.map(\.page) == ["detail", "sheet", "sheet", "detail"])
        #expect(ledger.entries.map(\.timestamp) == [10, 11, 12, 13])
    }

    @Test func keepsOnlyTheNewestEntries() {
        var ledger = NavigationLedger(capacity: 50)
        for time in 0..<175 {
            ledger.record(.init(kind: .push, coordinator: "Tab", page: "\(time)", timestamp: Int64(time)))
        }
        #expect(ledger.count == 50)
        #expect(ledger.totalRecorded == 175)
        #expect(ledger.entries.map(\.timestamp) == (125..<175).map(Int64.init))
    }
}
