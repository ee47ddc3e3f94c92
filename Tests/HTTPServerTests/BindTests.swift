import Glibc
import HTTPCore
@testable import HTTPServer
import Log
import Testing
import TestSupport

/// Binding ahead of serving: an application learns of a busy port before it opens its data, and
/// gives the server its responder only once that is ready.
@Suite struct BindTests {
    @Test func aBoundServerServesTheResponderGivenAtStart() throws {
        let server = HTTPServer(configuration: .testing(), logger: Logger(level: .error))
        let port = try server.bind()
        #expect(try server.bind() == port)
        let client = try LoopbackClient(port: port)  // queued by the kernel until the loops start
        #expect(try server.start(responder: ClosureResponder { _, reply in reply.send(.text("late")) }) == port)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "late")
        server.shutdown()
        server.waitUntilStopped()
    }

    @Test func aBusyPortFailsAtBind() throws {
        try withServer { port in
            var configuration = HTTPServer.Configuration.testing()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, logger: Logger(level: .error))
            #expect(throws: SystemError.self) { _ = try second.bind() }
        }
    }

    @Test func shuttingDownABoundServerReleasesItsPort() throws {
        let server = HTTPServer(configuration: .testing(), logger: Logger(level: .error))
        let port = try server.bind()
        server.shutdown()
        server.waitUntilStopped()
        #expect(throws: (any Error).self) { try LoopbackClient(port: port) }
        var configuration = HTTPServer.Configuration.testing()
        configuration.port = port
        let next = HTTPServer(configuration: configuration, responder: echoResponder, logger: Logger(level: .error))
        #expect(try next.start() == port)
        next.shutdown()
        next.waitUntilStopped()
    }

    @Test func startingWithoutAnyResponderIsAnError() throws {
        let server = HTTPServer(configuration: .testing(), logger: Logger(level: .error))
        #expect(throws: HTTPServer.Error.noResponder) { _ = try server.start() }
        server.shutdown()
    }
}
