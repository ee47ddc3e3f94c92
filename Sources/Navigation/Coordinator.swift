/// An object that owns one part of the navigation and the children it started.
///
/// Parents hold children strongly and children point back weakly (`weak var parent`), so finishing a
/// child releases it. Children are made on demand (`child(orMake:)`) so an idle parent stays small.
public protocol Coordinator: AnyObject {
    /// Shown in the inspector's tree and the ledger.
    var name: String { get }
    var parent: (any Coordinator)? { get set }
    var children: [any Coordinator] { get set }
    /// Called once, when the coordinator joins its parent.
    func start()
}

extension Coordinator {
    public func start() {}

    /// Adopts `child`, starts it and returns it.
    @discardableResult
    public func addChild<Child: Coordinator>(_ child: Child) -> Child {
        child.parent = self
        children.append(child)
        child.start()
        return child
    }

    /// The existing child of that type, or a new one from `make`: the factory is only called when
    /// the child is first needed.
    public func child<Child: Coordinator>(_ type: Child.Type = Child.self, orMake make: () -> Child) -> Child {
        existingChild(type) ?? addChild(make())
    }

    /// The child of that type if one was started; asking never starts one, so reading state
    /// (the inspector, a snapshot) leaves an idle tree as small as it was.
    public func existingChild<Child: Coordinator>(_ type: Child.Type) -> Child? {
        for child in children {
            if let match = child as? Child { return match }
        }
        return nil
    }

    /// Drops `child` and its link back here, so nothing keeps a finished child alive.
    public func removeChild(_ child: any Coordinator) {
        children.removeAll { $0 === child }
        if child.parent === self { child.parent = nil }
    }

    /// Leaves the parent; the parent's strong reference was the last one.
    public func finish() {
        parent?.removeChild(self)
    }

    /// The subtree rooted here, depth-first, for the inspector.
    public var tree: [CoordinatorTreeLine] {
        var lines = [CoordinatorTreeLine(depth: 0, name: name)]
        for child in children {
            lines += child.tree.map { CoordinatorTreeLine(depth: $0.depth + 1, name: $0.name) }
        }
        return lines
    }
}
