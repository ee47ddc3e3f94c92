import TestSupport

/// Where a store opened on the folder keeps its files.
extension TemporaryDirectory {
    var journal: String { path + "/journal" }
    var snapshot: String { path + "/snapshot" }
}
