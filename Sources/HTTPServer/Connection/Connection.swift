/// One accepted socket on an event loop: the protocol state machine plus what the shell needs to drive it.
///
/// Its state is touched by its loop's thread alone, one step at a time (the loop asserts its
/// thread): the properties read or changed on every request skip the runtime exclusivity check,
/// a tracked access each, a dozen per request.
final class Connection {
    let id: UInt64
    let fd: Int32
    let transport: any ConnectionTransport
    let info: ConnectionInfo
    @exclusivity(unchecked) var machine: ConnectionStateMachine
    /// The epoll interest currently registered, so the loop only calls epoll_ctl on changes.
    @exclusivity(unchecked) var registeredEvents: UInt32
    /// Set when the state machine produced output during this turn; the loop writes once at the end.
    @exclusivity(unchecked) var needsFlush = false
    /// Nesting depth of work on this connection. A reply given while it is above 0 is only filed in
    /// the machine: the loop's `perform` under way takes it from there (see `EventLoop.complete`),
    /// so a burst of pipelined requests is answered one after another, never one inside another.
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var isOpen = true
    /// Set once the connection answers with an event stream: the loop writes it, the machine is done.
    @exclusivity(unchecked) var stream: StreamOutput?
    /// Clients a trusted proxy named, by exchange sequence, until their access lines are written.
    /// Empty unless a proxy is in front: the peer is the client otherwise.
    @exclusivity(unchecked) var forwardedClients: [Int: String] = [:]
    /// What the transport's last blocked read or write is waiting for (TLS may cross directions).
    @exclusivity(unchecked) var readWaitsFor = SocketReadiness.readable
    @exclusivity(unchecked) var writeWaitsFor = SocketReadiness.writable
    /// Listed in the loop's `heldInput`: its transport holds input no epoll event will announce.
    @exclusivity(unchecked) var isHoldingInput = false
    /// While a handshake is under way: when the connection is given up on.
    @exclusivity(unchecked) var handshakeDeadline: UInt64?
    /// Membership of the loop's `IdleConnections`, which links connections by `tableIndex`.
    @exclusivity(unchecked) var isListedIdle = false
    /// Its place in the loop's table, which its epoll events name (`token`): an event finds its
    /// connection by index, where a dictionary lookup by id hashed the id each time.
    let tableIndex: Int

    /// Marks a connection's epoll token apart from the loop's other tokens (listener, wake-up,
    /// Redis sources: small numbers).
    static let tokenMark: UInt64 = 1 << 63

    /// The epoll token: the table index, marked.
    var token: UInt64 { Self.tokenMark | UInt64(tableIndex) }

    /// Between requests with nothing in flight, past any handshake: closing it loses no work.
    var isIdle: Bool { handshakeDeadline == nil && machine.isBetweenRequests }

    init(id: UInt64, tableIndex: Int, fd: Int32, transport: any ConnectionTransport, info: ConnectionInfo,
         machine: ConnectionStateMachine, registeredEvents: UInt32, handshakeDeadline: UInt64? = nil) {
        self.id = id
        self.tableIndex = tableIndex
        self.fd = fd
        self.transport = transport
        self.info = info
        self.machine = machine
        self.registeredEvents = registeredEvents
        self.handshakeDeadline = handshakeDeadline
    }
}
