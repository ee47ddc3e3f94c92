import Navigation
import Testing

@Suite struct NavigationStackReconcileTests {
    /// Replays steps on a copy, to check they describe the change exactly.
    static func replay(_ steps: [NavigationStep<Int>], on start: NavigationStack<Int>) -> NavigationStack<Int> {
        var stack = start
        for step in steps {
            switch step {
            case .push(let page): stack.push(page)
            case .pop: stack.pop()
            case .present(let page): stack.present(page, as: .sheet)
            case .dismiss: stack.dismiss()
            case .reset(let page): stack.replace(with: page)
            }
        }
        return stack
    }

    @Test func reconcilingReachesAnyTargetAndItsStepsReplayToIt() {
        var seed: UInt64 = 0x1234_5678
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        func makeStack() -> NavigationStack<Int> {
            NavigationStack(
                root: next(2), pushed: (0..<next(4)).map { _ in next(3) }, sheet: next(3) == 0 ? 9 : nil)
        }
        for _ in 0..<2_000 {
            let start = makeStack()
            let target = makeStack()
            var stack = start
            let steps = stack.reconcile(to: target)
            #expect(stack == target)
            #expect(Self.replay(steps, on: start) == target)
            #expect(start == target ? steps.isEmpty : !steps.isEmpty)
        }
    }
}
