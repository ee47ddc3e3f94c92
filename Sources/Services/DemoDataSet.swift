/// Which demo content a new data folder is seeded with (`--demo-data`, `WAYPOINT_DEMO_DATA`).
public enum DemoDataSet: String, CaseIterable, Sendable {
    /// A small public library: real and realistic titles, authors and periodicals, one shelf of
    /// thousands of issues, and every kind of text escaping has to get right (`&`, `<`, `"`, `’`,
    /// letters beyond ASCII).
    case library
    /// The data set of the shared benchmark page (`bench/PAGE_SPEC.md`): eight categories of fifty
    /// items titled `Item n <c>`, the same bytes on Waypoint and on its peers.
    case benchmark
}
