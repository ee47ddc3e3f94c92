import Navigation
import Testing

@Suite struct CoordinatorTests {
    final class Node: Coordinator {
        let name: String
        weak var parent: (any Coordinator)?
        var children: [any Coordinator] = []
        var started = 0
        init(_ name: String) { self.name = name }
        func start() { started += 1 }
    }

    final class Leaf: Coordinator {
        let name = "Leaf"
        weak var parent: (any Coordinator)?
        var children: [any Coordinator] = []
    }

    @Test func childrenAreMadeOnceWhenFirstNeeded() {
        let root = Node("Root")
        var made = 0
        let first = root.child { made += 1; return Leaf() }
        let second = root.child { made += 1; return Leaf() }
        #expect(first === second)
        #expect(made == 1)
        #expect(first.parent === root)
    }

    @Test func lookingUpAnExistingChildNeverMakesOne() {
        let root = Node("Root")
        #expect(root.existingChild(Leaf.self) == nil)
        #expect(root.children.isEmpty)
        let leaf = root.addChild(Leaf())
        #expect(root.existingChild(Leaf.self) === leaf)
        #expect(root.existingChild(Node.self) == nil)
    }

    @Test func addingStartsAChildAndFinishingReleasesIt() {
        let root = Node("Root")
        weak var released: Node?
        do {
            let child = root.addChild(Node("Child"))
            #expect(child.started == 1)
            released = child
            child.finish()
        }
        #expect(root.children.isEmpty)
        #expect(released == nil)
    }

    @Test func theTreeListsEveryDescendantWithItsDepth() {
        let root = Node("Root")
        let middle = root.addChild(Node("Middle"))
        middle.addChild(Node("Bottom"))
        root.addChild(Node("Side"))
        #expect(root.tree == [
            CoordinatorTreeLine(depth: 0, name: "Root"), CoordinatorTreeLine(depth: 1, name: "Middle"),
            CoordinatorTreeLine(depth: 2, name: "Bottom"), CoordinatorTreeLine(depth: 1, name: "Side"),
        ])
    }
}
