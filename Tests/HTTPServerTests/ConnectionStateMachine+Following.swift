@testable import HTTPServer

extension ConnectionStateMachine {
    /// What the shell performs for one event: the event's own action, then each `next(now:)`
    /// until `.nothing` (not listed) or `.close` (listed, and last).
    mutating func following(at now: Now, _ event: (inout ConnectionStateMachine, Now) -> Action) -> [Action] {
        var actions: [Action] = []
        var action = event(&self, now)
        while action != .nothing {
            actions.append(action)
            if action == .close { break }
            action = next(now: now)
        }
        return actions
    }
}
