import Storage

/// Why Waypoint would not start, each on one line an operator can act on (no Foundation dumps).
public enum StartupError: Error, Sendable, CustomStringConvertible {
    /// `--data` names something that exists but is not a folder.
    case dataNotAFolder(path: String)
    /// The data folder (or the folder it would be created in) cannot be written by this user.
    case dataNotWritable(path: String, reason: String)
    /// `--public` names nothing, or not a folder.
    case publicFolderMissing(path: String)
    /// The store refused to open (damage other than a torn tail, a deleted journal, …); nothing
    /// was changed on disk.
    case storeRefused(StorageError, dataDirectory: String)

    public var description: String {
        switch self {
        case .dataNotAFolder(let path):
            "the data folder \(path) is not a folder (--data must name a folder, or a path to create one at)"
        case .dataNotWritable(let path, let reason):
            "the data folder \(path) cannot be used: \(reason)"
        case .publicFolderMissing(let path):
            "the public folder \(path) does not exist or is not a folder (see --public)"
        case .storeRefused(let error, let data):
            "the store in \(data) cannot be opened: \(error). Nothing was changed; "
                + "'waypoint store verify --data \(data)' shows the damage, "
                + "'waypoint store repair --data \(data)' keeps every intact record and sets the damaged files aside"
        }
    }
}
