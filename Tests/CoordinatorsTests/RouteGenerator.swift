import Coordinators
import Models
import TestSupport
import ViewModels

/// Makes arbitrary routes, with slugs and tokens chosen to stress percent-encoding.
struct RouteGenerator {
    var random: SeededGenerator

    static let oddSlugs = [
        "settings", "items", "new", ".", "..", "...", "a/b", "a b", "ü-ber", "日本", "%", "%41", "+", "a+b", "?x=1",
        "#frag", "&", "=", "~tilde", "-", "_", "😀", "back\\slash", "'quote\"", "<tag>", "semi;colon", "a%2Fb",
    ]

    mutating func slug() -> String {
        if Bool.random(using: &random) { return Self.oddSlugs.randomElement(using: &random) ?? "x" }
        let alphabet = Array("abcXYZ019-._~ /?#%+&=üé😀")
        let length = Int.random(in: 1...12, using: &random)
        return String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" })
    }

    mutating func itemID() -> ItemID {
        ItemID([0, 1, 7, 42, Int.max, -3].randomElement(using: &random) ?? Int.random(in: 0...1_000_000, using: &random))
    }

    /// Mostly the first page (no query), else a later one, up to the largest the parser reads.
    mutating func page() -> Int {
        [1, 1, 1, 2, 3, 40, 1_000_000, 999_999_999_999_999_999].randomElement(using: &random) ?? 1
    }

    mutating func library() -> LibraryRoute {
        let category = CategoryID(slug())
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .home
        case 1: return .category(category, page: page())
        // No `.overview`: the Overview's route is the item's own (`nil`), as the parser makes it.
        case 2: return .item(category, itemID(), [nil, .details, .options].randomElement(using: &random) ?? nil)
        case 3: return .newItem(category)
        case 4: return .deleteItem(category, itemID())
        case 5: return .addItem(category, WizardStep.allCases.randomElement(using: &random) ?? .title)
        default: return .pane(LibraryPane.allCases.randomElement(using: &random) ?? .settings)
        }
    }

    mutating func nonAccount() -> AppRoute {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .root
        case 1: return .flow(FlowRoute.allCases.randomElement(using: &random) ?? .primary)
        case 2: return .screen(ScreenTabRoute.allCases.randomElement(using: &random) ?? .primary)
        case 3: return .inspector
        default: return .library(library())
        }
    }

    mutating func route() -> AppRoute {
        let next: AppRoute? = Bool.random(using: &random) ? nonAccount() : nil
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .account(.login(next: next))
        case 1: return .account(.register(next: next))
        case 2: return .account(.forgotPassword(next: next))
        case 3: return .account(.resetPassword(token: slug()))
        case 4: return .account(.logout)
        case 5: return .account(.resetLinkSent)
        default: return nonAccount()
        }
    }
}
