@testable import HTTPServer
import Synchronization
import Testing

/// The loop's thread, recorded at start, against which loop-only state is checked.
@Suite struct LoopThreadTests {
    @Test func onlyTheClaimingThreadIsTheLoopsAndOnlyUntilRelease() {
        let thread = LoopThread()
        #expect(!thread.isCurrent)
        thread.claim()
        #expect(thread.isCurrent)
        let seenElsewhere = Mutex<Bool?>(nil)
        if let other = PosixThread.start({ seenElsewhere.withLock { $0 = thread.isCurrent } }) {
            PosixThread.join(other)
        }
        #expect(seenElsewhere.withLock { $0 } == false)
        thread.release()
        #expect(!thread.isCurrent)
    }

    /// A precondition, not an assert: release builds (as CI runs the suite) trap too.
    @Test func touchingLoopOnlyStateOffTheLoopsThreadTrapsInEveryBuild() async {
        await #expect(processExitsWith: .failure) {
            LoopThread().assertCurrent()
        }
    }
}
