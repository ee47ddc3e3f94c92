import Foundation
import Navigation
import Testing

@Suite struct NavigationStackTests {
    enum Page: String, Hashable, Codable { case a, b, c, d, sheet }

    @Test func pushPopAndPopToRootWalkTheStack() {
        var stack = NavigationStack(root: Page.a)
        #expect(stack.push(.b) == [.push(.b)])
        stack.push(.c)
        #expect(stack.pages == [.a, .b, .c])
        #expect(stack.pop() == [.pop(.c)])
        stack.push(.d)
        #expect(stack.popToRoot() == [.pop(.d), .pop(.b)])
        #expect(stack.pages == [.a])
        #expect(stack.pop() == [])
    }

    @Test func popToAPageStopsAtItAndIgnoresStrangers() {
        var stack = NavigationStack(root: Page.a, pushed: [.b, .c, .d])
        #expect(stack.pop(to: .sheet) == [])
        #expect(stack.pop(to: .b) == [.pop(.d), .pop(.c)])
        #expect(stack.top == .b)
    }

    @Test func replaceStartsOverFromANewRoot() {
        var stack = NavigationStack(root: Page.a, pushed: [.b])
        #expect(stack.replace(with: .c) == [.pop(.b), .reset(.c)])
        #expect(stack.pages == [.c])
    }

    @Test func oneCallPresentsBothPushesAndSheets() {
        var stack = NavigationStack(root: Page.a)
        #expect(stack.present(.b, as: .push) == [.push(.b)])
        #expect(stack.present(.sheet, as: .sheet) == [.present(.sheet)])
        #expect(stack.visible == .sheet)
        #expect(stack.top == .b)
        #expect(stack.dismiss() == [.dismiss(.sheet)])
        #expect(stack.visible == .b)
    }

    @Test func pushingOrPoppingUnderASheetDismissesItFirst() {
        var stack = NavigationStack(root: Page.a, sheet: .sheet)
        #expect(stack.push(.b) == [.dismiss(.sheet), .push(.b)])
        stack.present(.sheet, as: .sheet)
        #expect(stack.pop() == [.dismiss(.sheet), .pop(.b)])
    }

    @Test func reconcilingKeepsTheCommonPrefixAndRebuildsTheRest() {
        var stack = NavigationStack(root: Page.a, pushed: [.b, .c])
        let target = NavigationStack(root: Page.a, pushed: [.b, .d], sheet: .sheet)
        #expect(stack.reconcile(to: target) == [.pop(.c), .push(.d), .present(.sheet)])
        #expect(stack == target)
        #expect(stack.reconcile(to: target) == [])
        #expect(stack.reconcile(to: NavigationStack(root: .c)) == [.dismiss(.sheet), .pop(.d), .pop(.b), .reset(.c)])
    }

    @Test func aStackSurvivesEncoding() throws {
        let stack = NavigationStack(root: Page.a, pushed: [.b], sheet: .sheet)
        let data = try JSONEncoder().encode(stack)
        #expect(try JSONDecoder().decode(NavigationStack<Page>.self, from: data) == stack)
    }
}
