extension AppRoute {
    /// Screens with a form POST to their own URL; everything else only answers GET and HEAD.
    /// Web answers 405 to the others before a body is read, and the coordinator refuses them too.
    public var acceptsForms: Bool {
        switch self {
        case .library(.newItem), .library(.addItem), .library(.deleteItem), .library(.settings), .library(.item(_, _, .options)): true
        case .account(.resetLinkSent): false
        case .account: true
        case .root, .library, .flow, .screen, .inspector: false
        }
    }
}
