import HTTPServer

extension Session {
    /// Jobs waiting for the one running now; requests of one session never overlap.
    struct SerialState {
        struct Job {
            var onWorker: Bool
            var body: @Sendable () -> Void
        }

        var running = false
        var pending: [Job] = []
    }

    /// Runs `job` after the session's earlier jobs: right here if the session is idle and
    /// `onWorker` is false (a GET on the event loop), else on `pool`. A busy session queues the
    /// job instead of blocking the caller, so an event loop never waits for a password hash.
    func perform(onWorker: Bool, pool: WorkerPool, _ job: @escaping @Sendable () -> Void) {
        let start = serial.withLock { state -> Bool in
            if state.running {
                state.pending.append(SerialState.Job(onWorker: onWorker, body: job))
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        if onWorker {
            pool.submit { self.drain(first: job, onWorker: true, pool: pool) }
        } else {
            drain(first: job, onWorker: false, pool: pool)
        }
    }

    private func drain(first: @escaping @Sendable () -> Void, onWorker: Bool, pool: WorkerPool) {
        var job = first
        while true {
            job()
            let next = serial.withLock { state -> SerialState.Job? in
                guard !state.pending.isEmpty else {
                    state.running = false
                    return nil
                }
                return state.pending.removeFirst()
            }
            guard let next else { return }
            if next.onWorker && !onWorker {
                return pool.submit { self.drain(first: next.body, onWorker: true, pool: pool) }
            }
            job = next.body
        }
    }
}
