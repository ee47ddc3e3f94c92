import Foundation
import TestSupport
import Testing
@testable import Web

@Suite struct GracefulStopTests {
    @Test func sigtermDrainsAndExitsZeroWithEveryLogLineJSON() throws {
        let folder = TemporaryDirectory(prefix: "waypoint-stop")
        let data = folder.path("data")
        let server = try ServerProcess(dataDirectory: data, arguments: ["--log-format", "json", "--shutdown-grace", "0"])
        let client = WebClient(port: server.port)
        #expect(try client.get("/library/category-1").status == 200)
        #expect(try client.get("/readyz").status == 200)
        #expect(try client.get("/no%22such%0Apage").status == 404)
        client.disconnect()
        server.stop()
        #expect(server.process.terminationStatus == 0)
        let lines = server.logged.split(separator: "\n")
        #expect(lines.count >= 4)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["time"] is String && object?["level"] is String && object?["message"] is String, "\(line)")
        }
        #expect(lines.contains { $0.contains("\"route\":\"/library/{category}\"") && $0.contains("\"request_id\"") })
        #expect(lines.contains { $0.contains("Waypoint stopped") })
    }
}
