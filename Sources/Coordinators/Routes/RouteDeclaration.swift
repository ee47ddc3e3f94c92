import Models
import ViewModels

/// One URL of the contract, declared once: its pattern (fixed text and the values it holds),
/// whether it takes a form, and what it is called. Everything else is derived from it, as
/// swift-url-routing derives parsing and printing from one router: the parser matches the
/// pattern's segments, the printer walks its pieces, the metrics label is the pattern itself
/// (`/library/{category}/items/{id}`), and the form kept in sessions is the printed URL.
///
/// Each route enum declares its URLs beside its cases (`LibraryRoute.URLs`…) and says in one switch
/// (`declared`) which declaration a route is, with its values; `make` is the way back.
public final class RouteDeclaration: Sendable {
    /// What the printer writes, in order.
    @usableFromInline let pieces: [RoutePiece]
    /// The path's segments as the parser matches them, derived from `pieces`.
    let segments: [RouteSegment]
    /// Whether the page's query is read: a list's `page`, an account page's `next`.
    let query: RoutePiece?
    /// Screens with a form POST to their own URL; Web answers 405 to the others before a body is
    /// read, and the coordinator refuses them too.
    public let acceptsForms: Bool
    /// What links and the document title call the screen, when that does not depend on the data.
    public let title: String?
    /// The pattern (`/reset-password/{token}`): a bounded set of labels for metrics and logs,
    /// whatever values the path held.
    public let label: String
    /// Whether the path holds a secret that logs must not show (a reset token).
    public let hidesPath: Bool
    /// The route, from the values the parser read; nil when they name none.
    let make: @Sendable (RouteValues) -> AppRoute?

    init(
        _ pieces: RoutePiece..., forms: Bool = false, title: String? = nil,
        make: @escaping @Sendable (RouteValues) -> AppRoute?
    ) {
        self.pieces = pieces
        acceptsForms = forms
        self.title = title
        self.make = make
        var segments: [RouteSegment] = []
        var label = ""
        var word = ""
        var query: RoutePiece?
        func endWord() {
            if !word.isEmpty { segments.append(.word(word)) }
            word = ""
        }
        for piece in pieces {
            switch piece {
            case .text(let text):
                label += text.description
                for character in text.description {
                    if character == "/" { endWord() } else { word.append(character) }
                }
            case .reserved(let text):
                precondition(word.isEmpty, "a reserved word is a whole segment")
                label += text.description
                segments.append(.reserved(text.description))
            case .category, .item, .token:
                precondition(word.isEmpty && label.hasSuffix("/"), "a value is a whole segment")
                label += piece.placeholder
                segments.append(piece == .category ? .category : piece == .item ? .item : .token)
            case .page, .next:
                query = piece
            }
        }
        endWord()
        self.segments = segments
        self.query = query
        self.label = label
        hidesPath = segments.contains(.token)
    }
}

/// A piece of a route's pattern, in printing order.
public enum RoutePiece: Hashable, Sendable, ExpressibleByStringLiteral {
    /// Fixed text, slashes included (`/library/`, `/items/new`); its words match in any
    /// percent-spelling (`%6Fptions`), so Web can redirect them to the printed one.
    case text(StaticString)
    /// A fixed word that a category slug could spell too (`settings`): it matches only as written,
    /// so `/library/%73ettings` is the category "settings", not the Settings screen.
    case reserved(StaticString)
    /// `{category}`: a slug, decoded as a name.
    case category
    /// `{id}`: an item number, in the digits the printer makes.
    case item
    /// `{token}`: a reset token, decoded.
    case token
    /// `?page=N` for a list's later pages; absent for the first.
    case page
    /// `?next=` with the route to go to afterwards, when there is one.
    case next

    public init(stringLiteral text: StaticString) {
        self = .text(text)
    }

    var placeholder: String {
        switch self {
        case .category: "{category}"
        case .item: "{id}"
        case .token: "{token}"
        case .text, .reserved, .page, .next: ""
        }
    }

    public static func == (lhs: RoutePiece, rhs: RoutePiece) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)), (.reserved(let a), .reserved(let b)): a.description == b.description
        case (.category, .category), (.item, .item), (.token, .token), (.page, .page), (.next, .next): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(placeholder)
        if case .text(let text) = self { hasher.combine(text.description) }
        if case .reserved(let text) = self { hasher.combine(text.description) }
    }
}

/// One path segment of a pattern, as the parser matches it.
enum RouteSegment: Hashable, Sendable {
    case word(String)
    case reserved(String)
    case category
    case item
    case token
}

/// The values a route's URL holds; a pattern reads and prints only those it names.
public struct RouteValues: Sendable {
    public var category = CategoryID("")
    public var item = ItemID(0)
    public var page = 1
    public var next: AppRoute?
    public var token = ""

    @inlinable
    public init(category: CategoryID = CategoryID(""), item: ItemID = ItemID(0), page: Int = 1, next: AppRoute? = nil, token: String = "") {
        self.category = category
        self.item = item
        self.page = page
        self.next = next
        self.token = token
    }
}

/// A route as its declaration and the values it holds: what `declared` answers.
public struct DeclaredRoute: Sendable {
    public let declaration: RouteDeclaration
    public let values: RouteValues

    @usableFromInline
    init(_ declaration: RouteDeclaration, _ values: RouteValues = RouteValues()) {
        self.declaration = declaration
        self.values = values
    }
}
