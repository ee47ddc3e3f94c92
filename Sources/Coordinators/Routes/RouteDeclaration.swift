import Models
import ViewModels

/// One URL of the contract, declared once: its pattern (fixed text and the values it holds),
/// whether it takes a form (and from visitors without a session), what it is called, what its
/// form's failure is called, whether the form hashes passwords or showing it reads the store, and
/// how to make the route from the values. Everything
/// else is derived from it, as swift-url-routing derives parsing and printing from one router: the
/// parser matches the pattern's segments, the printer writes its pieces, the metrics label is the
/// pattern itself (`/library/{category}/items/{id}`), and the form kept in sessions is the printed URL.
///
/// Each route enum declares its URLs beside its cases (`LibraryRoute.URLs`…) and says in one switch
/// (`declare(to:)`) which declaration a route is, with its values; `make` is the way back. The hot
/// printer is written by hand beside each enum's declarations, and tested against them.
public struct RoutePattern: Sendable {
    // The pieces, in printing order: held inline, not in an array, so that a printer compiled
    // from a declaration writes constant text, as hand-written code would.
    @usableFromInline let p0: RoutePiece
    @usableFromInline let p1: RoutePiece?
    @usableFromInline let p2: RoutePiece?
    @usableFromInline let p3: RoutePiece?
    @usableFromInline let p4: RoutePiece?
    @usableFromInline let p5: RoutePiece?
    /// Screens with a form POST to their own URL; Web answers 405 to the others before a body is
    /// read, and the coordinator refuses them too.
    public let acceptsForms: Bool
    /// A visitor without a server session may send this form (Web's visitor form cookie holds its
    /// token): the account forms, since signing in must never depend on the visitor budget of the
    /// address one shares. Implies `acceptsForms`.
    public let acceptsVisitorForms: Bool
    /// What links and the document title call the screen, when that does not depend on the data.
    public let title: String?
    /// The template that renders the screen, when the route decides it (the account pages); the
    /// tabs' builders pick their own.
    public let template: ScreenTemplate?
    /// What the form's error summary says when nothing was done ("Item not added"); nil: the
    /// generic "Form not sent".
    public let failure: String?
    /// Its form may hash a password (sign-in, registration, a new password): Web runs it on the
    /// hashing lane, apart from other work, so a burst of sign-ins delays neither pages nor forms.
    public let hashesPasswords: Bool
    /// Showing it asks the store itself rather than what the instance holds in memory (a reset
    /// link's token is looked up). With Redis, Web makes that read first, parked on the request's
    /// event loop, and the screen is built from the answer (`ReadAhead`); when the loop cannot
    /// send it (its connection is being made), such a GET is served on a worker, blocking.
    public let readsStoreWhenShown: Bool
    /// The route, from the values the parser read; nil when they name none.
    @usableFromInline let make: @Sendable (RouteValues) -> AppRoute?

    @inlinable
    init(
        _ p0: RoutePiece, _ p1: RoutePiece? = nil, _ p2: RoutePiece? = nil, _ p3: RoutePiece? = nil,
        _ p4: RoutePiece? = nil, _ p5: RoutePiece? = nil, forms: Bool = false, visitorForms: Bool = false,
        title: String? = nil, template: ScreenTemplate? = nil, failure: String? = nil, hashesPasswords: Bool = false, readsStoreWhenShown: Bool = false,
        make: @escaping @Sendable (RouteValues) -> AppRoute?
    ) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
        self.p4 = p4
        self.p5 = p5
        acceptsForms = forms || visitorForms
        acceptsVisitorForms = visitorForms
        self.title = title
        self.template = template
        self.failure = failure
        self.hashesPasswords = hashesPasswords
        self.readsStoreWhenShown = readsStoreWhenShown
        self.make = make
    }

    /// The pieces, in order.
    public var pieces: [RoutePiece] { [p0] + [p1, p2, p3, p4, p5].compactMap { $0 } }

    /// The pattern (`/reset-password/{token}`): a bounded set of labels for metrics and logs,
    /// whatever values the path held.
    public var label: String {
        pieces.map { piece in
            switch piece {
            case .text(let text), .reserved(let text): text.description
            default: piece.placeholder
            }
        }.joined()
    }

    /// Whether the path holds a secret that logs must not show (a reset token).
    public var hidesPath: Bool { pieces.contains(.token) }
}

/// A pattern as the parser uses it: its path segments and the query it reads, worked out once.
final class RouteDeclaration: Sendable {
    let pattern: RoutePattern
    /// `pattern.label`, made once: every request is counted under it.
    let label: String
    let segments: [RouteSegment]
    /// `.page` or `.next` when the page's query is read.
    let query: RoutePiece?
    /// `pattern.hidesPath`, worked out once.
    let hidesPath: Bool
    /// The fixed words among `segments`, as the parser compares them first.
    let fixedWords: [FixedWord]

    /// A fixed word at a segment's position, with its fingerprint for a quick refusal.
    struct FixedWord {
        let index: Int
        let word: String
        let fingerprint: UInt64
        /// Matched only as written (`settings`), not in any percent-spelling.
        let isReserved: Bool
    }

    init(_ pattern: RoutePattern) {
        self.pattern = pattern
        label = pattern.label
        var segments: [RouteSegment] = []
        var word = ""
        var query: RoutePiece?
        var afterSlash = true
        func endWord() {
            if !word.isEmpty { segments.append(.word(word)) }
            word = ""
        }
        for piece in pattern.pieces {
            switch piece {
            case .text(let text):
                for character in text.description {
                    if character == "/" { endWord() } else { word.append(character) }
                    afterSlash = character == "/"
                }
            case .reserved(let text):
                precondition(word.isEmpty && afterSlash, "a reserved word is a whole segment")
                segments.append(.reserved(text.description))
                afterSlash = false
            case .category, .item, .token:
                precondition(word.isEmpty && afterSlash, "a value is a whole segment")
                segments.append(piece == .category ? .category : piece == .item ? .item : .token)
                afterSlash = false
            case .page, .next:
                query = piece
            }
        }
        endWord()
        self.segments = segments
        self.query = query
        hidesPath = pattern.hidesPath
        fixedWords = segments.enumerated().compactMap { index, segment in
            switch segment {
            case .word(let word):
                FixedWord(index: index, word: word, fingerprint: PathSegments.fingerprint(of: word.utf8), isReserved: false)
            case .reserved(let word):
                FixedWord(index: index, word: word, fingerprint: PathSegments.fingerprint(of: word.utf8), isReserved: true)
            case .category, .item, .token: nil
            }
        }
    }
}

/// One URL's declaration, as a type in its route enum's `URLs`.
protocol RouteURL {
    static var pattern: RoutePattern { get }
}

/// What a route's declaration is shown to: the printer, or a capture of the declaration itself.
protocol RouteVisitor: ~Copyable {
    mutating func visit<URL: RouteURL>(_ url: URL.Type, _ values: RouteValues)
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

/// The values a route's URL holds; a pattern reads and prints only those it names. Kept as plain
/// strings and numbers, which the printer reads directly.
public struct RouteValues: Sendable {
    /// `{category}`: the slug.
    public var slug: String
    /// `{id}`: the item's number.
    public var number: Int
    public var page: Int
    public var next: AppRoute?
    public var token: String

    @inlinable @inline(__always)
    public init(slug: String = "", number: Int = 0, page: Int = 1, next: AppRoute? = nil, token: String = "") {
        self.slug = slug
        self.number = number
        self.page = page
        self.next = next
        self.token = token
    }

    @inlinable @inline(__always)
    init(category: CategoryID, item: ItemID? = nil, page: Int = 1) {
        self.init(slug: category.rawValue, number: item?.rawValue ?? 0, page: page)
    }

    public var category: CategoryID { CategoryID(slug) }
    public var item: ItemID { ItemID(number) }
}

/// A route as its declaration and the values its URL holds: what `declared` answers.
public struct DeclaredRoute: Sendable {
    public let pattern: RoutePattern
    public let values: RouteValues
}

/// Keeps the declaration a route shows.
struct DeclarationCapture: RouteVisitor {
    var declared: DeclaredRoute?

    mutating func visit<URL: RouteURL>(_ url: URL.Type, _ values: RouteValues) {
        declared = DeclaredRoute(pattern: URL.pattern, values: values)
    }
}

/// Keeps only the title a route's declaration gives, for titles asked several times a page
/// without copying the whole declaration out.
struct DeclaredTitleCapture: RouteVisitor {
    var title: String?

    mutating func visit<URL: RouteURL>(_ url: URL.Type, _ values: RouteValues) {
        title = URL.pattern.title
    }
}

/// Keeps only what a route's declaration calls its form's failure, for each form a page shows.
struct DeclaredFailureCapture: RouteVisitor {
    var failure: String?

    mutating func visit<URL: RouteURL>(_ url: URL.Type, _ values: RouteValues) {
        failure = URL.pattern.failure
    }
}
