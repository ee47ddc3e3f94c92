import CSystem

/// SIGTERM and SIGINT received synchronously by a waiting thread, so shutdown runs as ordinary code
/// instead of inside a signal handler.
public enum TerminationSignal {
    /// Call first thing in `main`, before any thread starts, so every thread inherits the mask.
    /// Also ignores SIGPIPE, so a closed log pipe is a failed write rather than a dead server.
    public static func block() {
        _ = wp_block_termination_signals()
        wp_ignore_sigpipe()
    }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives; returns the signal number.
    public static func wait() -> Int32 {
        wp_wait_termination_signal()
    }
}
