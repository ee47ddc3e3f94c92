/// A root page, the pages pushed over it and at most one sheet presented on top.
///
/// A value type so a tab's whole state can be compared, diffed against the state a URL names,
/// and saved with the session. Every mutation returns the steps it took, for the ledger.
public struct NavigationStack<Page: Hashable>: Hashable {
    public private(set) var root: Page
    public private(set) var pushed: [Page]
    public private(set) var sheet: Page?

    public init(root: Page, pushed: [Page] = [], sheet: Page? = nil) {
        self.root = root
        self.pushed = pushed
        self.sheet = sheet
    }

    /// Root first, top last (the sheet is not part of it).
    public var pages: [Page] { [root] + pushed }

    /// The page under any sheet.
    public var top: Page { pushed.last ?? root }

    /// What the user sees: the sheet if one is open, else the top page.
    public var visible: Page { sheet ?? top }

    public var depth: Int { pushed.count + 1 }

    /// The single entry point for both presentations.
    @discardableResult
    public mutating func present(_ page: Page, as presentation: Presentation) -> [NavigationStep<Page>] {
        switch presentation {
        case .push:
            return push(page)
        case .sheet:
            var steps = dismiss()
            sheet = page
            steps.append(.present(page))
            return steps
        }
    }

    /// Closes the sheet, if any.
    @discardableResult
    public mutating func dismiss() -> [NavigationStep<Page>] {
        guard let open = sheet else { return [] }
        sheet = nil
        return [.dismiss(open)]
    }

    /// Pushing from under a sheet closes the sheet first, as a modal would.
    @discardableResult
    public mutating func push(_ page: Page) -> [NavigationStep<Page>] {
        var steps = dismiss()
        pushed.append(page)
        steps.append(.push(page))
        return steps
    }

    /// Pops the top page; at the root only a sheet is dismissed.
    @discardableResult
    public mutating func pop() -> [NavigationStep<Page>] {
        var steps = dismiss()
        if let page = pushed.popLast() { steps.append(.pop(page)) }
        return steps
    }

    /// Back to the root page, closing any sheet: what following the active tab's link does.
    @discardableResult
    public mutating func popToRoot() -> [NavigationStep<Page>] {
        popTo(depth: 1)
    }

    /// Pops down to the topmost occurrence of `page`; nothing happens if it is not on the stack.
    @discardableResult
    public mutating func pop(to page: Page) -> [NavigationStep<Page>] {
        guard let index = pages.lastIndex(of: page) else { return [] }
        return popTo(depth: index + 1)
    }

    /// Starts over from a new root.
    @discardableResult
    public mutating func replace(with root: Page) -> [NavigationStep<Page>] {
        var steps = popToRoot()
        if root != self.root {
            self.root = root
            steps.append(.reset(root))
        }
        return steps
    }

    /// Becomes `target`, returning the smallest sequence of steps that gets there: pages above the
    /// common prefix are popped, the target's are pushed. That is how a deep link rebuilds a stack.
    @discardableResult
    public mutating func reconcile(to target: NavigationStack<Page>) -> [NavigationStep<Page>] {
        var steps: [NavigationStep<Page>] = []
        if sheet != nil && (sheet != target.sheet || pages != target.pages) { steps += dismiss() }
        if root != target.root {
            steps += replace(with: target.root)
        }
        var common = 0
        while common < pushed.count, common < target.pushed.count, pushed[common] == target.pushed[common] {
            common += 1
        }
        steps += popTo(depth: common + 1, keepingSheet: true)
        for page in target.pushed[common...] {
            pushed.append(page)
            steps.append(.push(page))
        }
        if let page = target.sheet, sheet != page {
            sheet = page
            steps.append(.present(page))
        }
        return steps
    }

    /// Rewrites pages in place (for data that moved) without logging pushes: the screens are the same.
    public mutating func mapPages(_ transform: (Page) -> Page) {
        root = transform(root)
        pushed = pushed.map(transform)
        sheet = sheet.map(transform)
    }

    private mutating func popTo(depth: Int, keepingSheet: Bool = false) -> [NavigationStep<Page>] {
        var steps = keepingSheet ? [] : dismiss()
        while pushed.count + 1 > max(depth, 1), let page = pushed.popLast() {
            steps.append(.pop(page))
        }
        return steps
    }
}

extension NavigationStack: Sendable where Page: Sendable {}
extension NavigationStack: Codable where Page: Codable {}
