import Glibc

/// Runs `body(index)` on `count` OS threads at once and waits for all: the pool's callers are
/// worker threads, not Swift tasks, so its waits are tested the way they are used.
enum ThreadGroup {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        var threads: [pthread_t] = []
        for index in 0..<count {
            let context = Unmanaged.passRetained(Box { body(index) }).toOpaque()
            var thread = pthread_t()
            let result = pthread_create(&thread, nil, { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
            precondition(result == 0, "pthread_create failed")
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Runs `body` on a new detached thread.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Box { body() }).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        precondition(result == 0, "pthread_create failed")
        pthread_detach(thread)
    }
}
