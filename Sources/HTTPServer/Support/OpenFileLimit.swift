import Glibc

/// The process's open-file limit, which bounds how many connections can be held at once.
public enum OpenFileLimit {
    /// Raises the soft limit to the hard limit (capped at `ceiling`) and returns the limit now in force.
    @discardableResult
    public static func raise(ceiling: Int = 65_536) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, rlim_t(ceiling))
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 { getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        }
        return Int(limit.rlim_cur)
    }
}
