import Coordinators
import Models
import TestSupport
import ViewModels
import Testing

/// `print(into:)` is the one printer: it appends exactly the URL the contract spells, after whatever
/// the buffer already holds, and `print()` and `canonicalLocation` say the same as it.
@Suite struct RoutePrintingTests {
    /// Routes whose `next` is itself an account page with a `next`: encoded twice over.
    static let nestedRoutes: [AppRoute] = [
        .account(.login(next: .account(.register(next: .flow(.tertiary))))),
        .account(.register(next: .account(.login(next: .library(.item(CategoryID("a b/ü"), ItemID(-3), .details)))))),
        .account(.forgotPassword(next: .account(.login(next: .account(.resetPassword(token: "..")))))),
        .account(.login(next: .account(.register(next: .library(.category(CategoryID("settings"))))))),
        .account(.login(next: .account(.forgotPassword(next: .account(.login(next: .library(.newItem(CategoryID("%"))))))))),
    ]

    @Test func theGeneratedRoutesPrintIntoBytesExactlyAsTheContractSpellsThem() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        for _ in 0..<5_000 {
            let route = generator.route()
            let expected = Array(ReferencePrinter.print(route).utf8)
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(bytes == expected, "\(route)")
            #expect(Array(route.print().utf8) == expected, "\(route)")
        }
    }

    /// The printer is written by hand for speed; the declarations are what every other spelling
    /// (parsing, labels, saved sessions) comes from. They must agree on every route.
    @Test func everyRoutePrintsAsItsDeclarationSpellsIt() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xDEC1))
        for _ in 0..<5_000 {
            let route = generator.route()
            #expect(route.print() == route.declared.printed(), "\(route)")
        }
        for route in Self.nestedRoutes {
            #expect(route.print() == route.declared.printed(), "\(route)")
        }
    }

    /// Each declaration's label is its pattern, and the parser reads what the declaration prints.
    @Test func labelsAreThePatternsAndEveryDeclarationParsesWhatItPrints() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x1ABE1))
        for _ in 0..<2_000 {
            let route = generator.route()
            let declared = route.declared
            #expect(!declared.pattern.label.isEmpty && declared.pattern.label.hasPrefix("/"), "\(route)")
            #expect(AppRoute.parse(url: declared.printed()) == route, "\(route)")
        }
        #expect(AppRoute.library(.item(CategoryID("c"), ItemID(3), .details)).declared.pattern.label == "/library/{category}/items/{id}/details")
        #expect(AppRoute.account(.resetPassword(token: "t")).declared.pattern.hidesPath)
        #expect(!AppRoute.library(.category(CategoryID("c"))).declared.pattern.hidesPath)
    }

    /// Which forms a visitor without a session may send is declared with the route: the four
    /// account forms, and nothing else (not sign-out, not the Library's forms).
    @Test func onlyTheAccountFormsAreDeclaredToTakeVisitorForms() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x71517))
        for _ in 0..<2_000 {
            let route = generator.route()
            let expected = switch route {
            case .account(.login), .account(.register), .account(.forgotPassword), .account(.resetPassword): true
            default: false
            }
            #expect(route.acceptsVisitorForms == expected, "\(route)")
            #expect(!route.acceptsVisitorForms || route.acceptsForms, "\(route)")
        }
    }

    /// Which forms hash a password (Web's hashing lane) and which screens read the store when shown
    /// (served on a worker with Redis) come from the declarations, as Web asked them before by name.
    @Test func passwordFormsAndStoreReadingScreensAreTheDeclaredOnes() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xF0E5))
        for _ in 0..<2_000 {
            let route = generator.route()
            let hashes = switch route {
            case .account(.login), .account(.register), .account(.resetPassword): true
            default: false
            }
            let readsStore = if case .account(.resetPassword) = route { true } else { false }
            #expect(route.hashesPasswords == hashes, "\(route)")
            #expect(route.readsStoreWhenShown == readsStore, "\(route)")
            #expect(!route.hashesPasswords || route.acceptsForms, "\(route)")
        }
    }

    /// A form's error summary names what failed on its screen, as declared with the route: the
    /// words each form had when they were listed by name.
    @Test func eachFormsFailureTitleIsItsDeclarations() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xFA11))
        for _ in 0..<2_000 {
            let route = generator.route()
            let expected = switch route {
            case .account(.login): "Sign-in failed"
            case .account(.register): "Account not created"
            case .account(.forgotPassword), .account(.resetLinkSent): "Reset link not sent"
            case .account(.resetPassword): "Password not changed"
            case .library(.pane(.settings)): "Settings not saved"
            case .library(.newItem), .library(.addItem): "Item not added"
            case .library(.deleteItem): "Item not deleted"
            case .library(.item(_, _, .options)): "Changes not saved"
            default: "Form not sent"
            }
            #expect(FormContent(action: route, submitLabel: "Send", state: FormState(fields: [])).failureTitle == expected, "\(route)")
        }
    }

    /// Web prints links into a fixed room in the page's data, through the same printer: whatever the
    /// output, a route comes out as the contract spells it, or is refused when it does not fit.
    @Test(arguments: [8, 32, 256])
    func routesPrintedIntoAFixedRoomAreSpelledLikeAnyOther(room: Int) {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        var routes = Self.nestedRoutes
        routes += [CategoryID("settings"), CategoryID("."), CategoryID("a.b"), CategoryID("ü"), CategoryID("x y")]
            .flatMap { [AppRoute.library(.category($0)), .library(.item($0, ItemID(7), .options))] }
        for _ in 0..<5_000 { routes.append(generator.route()) }
        var printed = 0
        for route in routes {
            let expected = Array(ReferencePrinter.print(route).utf8)
            var output = FixedRoomOutput(room: room)
            route.print(into: &output)
            if output.overflowed {
                #expect(expected.count > room, "\(route) fits in \(room) bytes but was refused")
            } else {
                printed += 1
                #expect(output.bytes == expected, "\(route)")
            }
        }
        #expect(printed > 0)
    }

    /// Only text that needs no escaping is handed on whole (an output may copy it as it is), and
    /// what is handed on byte by byte is ASCII: escapes and digits.
    @Test func componentsHandedOnWholeNeedNoEscaping() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xFACE))
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        for _ in 0..<5_000 {
            let route = generator.route()
            var output = PieceLog()
            route.print(into: &output)
            #expect(output.bytes == Array(ReferencePrinter.print(route).utf8), "\(route)")
            for component in output.components {
                #expect(!component.isEmpty && component.allSatisfy(unreserved.contains), "\(route): \(component)")
                #expect(!component.allSatisfy { $0 == UInt8(ascii: ".") }, "\(route): \(component)")
            }
            #expect(output.singleBytes.allSatisfy { $0 < 0x80 }, "\(route)")
        }
    }

    @Test(arguments: [0, 1, 9, 10, 99, 100, 107, 99_999_999, 100_000_000, 100_000_001, 1_234_567_890_123, Int.max, -1, -100_000_000, Int.min])
    func itemIDsPrintInDecimalWithoutLeadingZeros(id: Int) {
        let route = AppRoute.library(.item(CategoryID("c"), ItemID(id), nil))
        #expect(route.print() == "/library/c/items/\(id)")
    }

    @Test func printingAppendsAfterWhatTheBufferHolds() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        var bytes = Array(#"<a href=""#.utf8)
        var expected = bytes
        for _ in 0..<5_000 {
            let route = generator.route()
            route.print(into: &bytes)
            bytes += Array(#"">"#.utf8)
            expected += Array(route.print().utf8) + Array(#"">"#.utf8)
        }
        #expect(bytes == expected)
    }

    @Test(arguments: nestedRoutes)
    func aNextThatHasItsOwnNextIsEncodedOnceMore(_ route: AppRoute) {
        var bytes = Array("x".utf8)
        route.print(into: &bytes)
        #expect(bytes == Array(("x" + ReferencePrinter.print(route)).utf8))
        #expect(route.print() == ReferencePrinter.print(route))
    }

    /// Long routes, with long components in one piece or escaped byte by byte, print whole.
    static let longRoutes: [AppRoute] = [
        .library(.category(CategoryID(String(repeating: "a", count: 63)))),
        .library(.category(CategoryID(String(repeating: "b", count: 64)))),
        .library(.item(CategoryID(String(repeating: "long-slug", count: 30)), ItemID(Int.max), .options)),
        .library(.deleteItem(CategoryID(String(repeating: "ü/", count: 40)), ItemID(Int.min))),
        .account(.resetPassword(token: String(repeating: ".", count: 100))),
        .account(.login(next: .library(.newItem(CategoryID(String(repeating: "x y", count: 50)))))),
    ]

    @Test(arguments: longRoutes)
    func routesLongerThanTheWritersBufferPrintWhole(_ route: AppRoute) {
        let expected = ReferencePrinter.print(route)
        #expect(route.print() == expected)
        var bytes = Array(repeating: UInt8(ascii: "-"), count: 60)
        route.print(into: &bytes)
        #expect(bytes == Array((String(repeating: "-", count: 60) + expected).utf8))
        let path = String(expected.prefix { $0 != "?" })
        #expect(route.canonicalLocation(path: path, query: nil) == nil)
        #expect(route.canonicalLocation(path: path + "x", query: nil) == expected)
    }

    @Test func eachTabsRoutesPrintIntoBytesAsTheirAppRoute() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xB17E))
        for _ in 0..<1_000 {
            let route = generator.library()
            var bytes = Array("|".utf8)
            route.print(into: &bytes)
            #expect(bytes == Array(("|" + ReferencePrinter.print(route)).utf8), "\(route)")
            #expect(route.print() == AppRoute.library(route).print())
        }
        for route in FlowRoute.allCases {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(.flow(route)))
        }
        for route in ScreenTabRoute.allCases {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(.screen(route)))
        }
        for route in [AccountRoute.logout, .resetPassword(token: "a/b"), .login(next: .inspector)] {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(route))
        }
    }

    @Test func canonicalLocationAnswersAsComparingPrintedStringsDid() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xC0DE))
        let routes = (0..<2_000).map { _ in generator.route() } + Self.nestedRoutes
        for route in routes {
            let printed = ReferencePrinter.print(route)
            let path = String(printed.prefix { $0 != "?" })
            let paths = [
                path, path + "x", String(path.dropLast()), path + "/", path.lowercased(), "/", "", "/login",
                path.split(separator: "%2F", omittingEmptySubsequences: false).joined(separator: "%2f"), path + "?",
            ]
            for candidate in paths {
                for query in [nil, "", "a=1", "page=2", "a=1&page=1", "p%61ge=3&b", "page=02"] as [String?] {
                    #expect(
                        route.canonicalLocation(path: candidate, query: query)
                            == ReferencePrinter.canonicalLocation(of: route, path: candidate, query: query),
                        "\(route) at \(candidate)")
                }
            }
        }
    }
}
