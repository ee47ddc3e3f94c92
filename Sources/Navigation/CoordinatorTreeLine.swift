/// One coordinator in a flattened tree: indentation depth and name.
public struct CoordinatorTreeLine: Hashable, Sendable, Codable {
    public var depth: Int
    public var name: String

    public init(depth: Int, name: String) {
        self.depth = depth
        self.name = name
    }
}
