/// A submitted form as name → value pairs (the first value wins). A plain dictionary keeps view
/// models free of HTTP: the web layer decodes the body, the coordinator hands the pairs over.
public typealias FormInput = [String: String]
