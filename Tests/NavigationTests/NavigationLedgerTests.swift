import Foundation
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

    @Test func aLedgerThatWrappedAroundSurvivesEncodingAndCompares() throws {
        var ledger = NavigationLedger(capacity: 3)
        for time in 0..<5 {
            ledger.record(.init(kind: .push, coordinator: "Tab", page: "\(time)", timestamp: Int64(time)))
        }
        // The decoded ring starts at 0, the original's does not: still equal.
        let decoded = try JSONDecoder().decode(NavigationLedger.self, from: JSONEncoder().encode(ledger))
        #expect(decoded == ledger)
        #expect(decoded.hashValue == ledger.hashValue)
        #expect(decoded.entries.map(\.timestamp) == [2, 3, 4])
        #expect(decoded.totalRecorded == 5)
    }

    @Test func aDecodedLedgerKeepsItsBoundsWhateverTheInputSays() throws {
        let entry = #"{"kind":"push","coordinator":"Tab","page":"/flow","timestamp":"#
        let json = #"{"capacity":0,"totalRecorded":-7,"entries":["# + (1...3).map { entry + "\($0)}" }.joined(separator: ",") + "]}"
        var ledger = try JSONDecoder().decode(NavigationLedger.self, from: Data(json.utf8))
        #expect(ledger.capacity == 1)
        #expect(ledger.entries.map(\.timestamp) == [3])
        #expect(ledger.totalRecorded == 3)
        ledger.record(.init(kind: .pop, coordinator: "Tab", page: "/flow", timestamp: 4))
        #expect(ledger.entries.map(\.timestamp) == [4])
    }
}
