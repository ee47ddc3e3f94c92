/// Where a printed route's bytes go: appended to a page's buffer, or compared with a request's path.
/// The printer is written once against this, so every spelling of a route comes from one place.
protocol RouteOutput {
    /// Takes the next bytes of the route; `RouteWriter` gathers them first, so this is called
    /// about once per route.
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: RouteOutput where Element == UInt8 {}
