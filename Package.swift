// swift-tools-version: 6.0
import PackageDescription

// Waypoint: MVVM-C on the server. Dependencies point down only:
// waypoint → WaypointCommand → RedisState → Web → Sessions → {Coordinators → ViewModels → Models, Navigation}, {DemoData → Services → Storage, RedisClient},
// HTTPServer → {HTTPCore, Deflate}, TemplateEngine, Log; HTTPServer and RedisClient → Networking; ByteCoding under all that reads bytes.
let package = Package(
    name: "Waypoint",
    products: [
        .executable(name: "waypoint", targets: ["waypoint"]),
    ],
    targets: [
        // C shims and system libraries
        .target(name: "CSystem"),
        // CRC-32 folded with carry-less multiplication (x86 intrinsics Swift cannot reach).
        .target(name: "CCRC32"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),

        // Infrastructure that knows nothing of the app
        // Bytes as text and checks: hex, percent-decoding, CRC-32 (gzip and the store).
        .target(name: "ByteCoding", dependencies: ["CCRC32"]),
        .target(name: "Log"),
        .target(name: "HTTPCore", dependencies: ["ByteCoding"]),
        .target(name: "Metrics"),
        .target(name: "Deflate", dependencies: ["ByteCoding"]),
        // What the server and the Redis client share: event-loop sources, the loop-thread guard, the
        // monotonic clock, and TLS over a non-blocking socket (the BIO, the session, OpenSSL's errors).
        .target(name: "Networking", dependencies: ["CSystem", "COpenSSL"]),
        .target(name: "HTTPServer", dependencies: ["HTTPCore", "Deflate", "ByteCoding", "CSystem", "COpenSSL", "Metrics", "Log", "Networking"]),
        .target(name: "TemplateEngine"),
        .target(name: "Storage", dependencies: ["ByteCoding", "Networking"]),
        .target(name: "Navigation"),
        .target(name: "RedisClient", dependencies: ["ByteCoding", "CSystem", "COpenSSL", "Networking"]),

        // The app
        .target(name: "Models"),
        .target(name: "Services", dependencies: ["Models", "Storage", "RedisClient", "ByteCoding", "COpenSSL"]),
        // What a new data folder is seeded with: the demo library, the benchmark's data set, long shelves.
        .target(name: "DemoData", dependencies: ["Models", "Storage", "Services"]),
        .target(name: "ViewModels", dependencies: ["Models"]),
        .target(name: "Coordinators", dependencies: ["Models", "ViewModels", "Navigation", "ByteCoding"]),
        // Browser sessions: the store, its journal and its Redis form, visitor admission.
        .target(name: "Sessions", dependencies: [
            "Models", "Coordinators", "Services", "Storage", "RedisClient", "Networking", "ByteCoding", "Log",
        ]),
        // The glue; state shared with other instances only through its `SharedStore` protocols.
        .target(name: "Web", dependencies: [
            "HTTPCore", "HTTPServer", "TemplateEngine", "Storage", "Models", "Services", "DemoData", "ViewModels",
            "Navigation", "Coordinators", "Sessions", "Metrics", "Log", "Networking",
        ]),
        // Redis as the store several instances share, behind Web's `SharedStore`: each request's
        // synchronization, live events across instances, readiness, the data watch.
        .target(name: "RedisState", dependencies: [
            "Web", "Services", "Sessions", "RedisClient", "HTTPServer", "Networking", "Models", "Log",
        ]),
        // The command line: options from flags and the environment, --help, and the subcommands.
        .target(name: "WaypointCommand", dependencies: ["Web", "RedisState", "Sessions", "DemoData", "Services", "Storage", "HTTPCore", "HTTPServer", "RedisClient", "Log"]),
        .executableTarget(name: "waypoint", dependencies: ["WaypointCommand", "Web", "HTTPServer", "Log"]),

        // Tests
        .target(name: "TestSupport", dependencies: ["Models"], path: "Tests/TestSupport"),
        .testTarget(name: "ByteCodingTests", dependencies: ["ByteCoding", "TestSupport"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"]),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPCore", "Deflate", "TestSupport", "Metrics", "Log", "Networking"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics", "TestSupport"]),
        .testTarget(name: "TemplateEngineTests", dependencies: ["TemplateEngine", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "ByteCoding", "TestSupport"]),
        .executableTarget(name: "StorageCrashWriter", dependencies: ["Storage"], path: "Tests/StorageCrashWriter"),
        .testTarget(name: "RedisClientTests", dependencies: ["RedisClient", "TestSupport", "Networking"]),
        .testTarget(name: "ServicesTests", dependencies: ["Services", "DemoData", "Models", "Storage", "RedisClient", "TestSupport"]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "Models", "TestSupport"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation"]),
        .testTarget(name: "CoordinatorsTests", dependencies: ["Coordinators", "ViewModels", "Models", "Navigation", "TestSupport"]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions", "Models", "Storage", "RedisClient", "TestSupport"]),
        .testTarget(name: "WaypointCommandTests", dependencies: ["WaypointCommand", "Web", "RedisState", "DemoData", "Services", "HTTPCore", "HTTPServer", "RedisClient", "Log"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "Storage", "RedisState", "WaypointCommand", "Sessions", "DemoData", "HTTPCore", "HTTPServer", "Deflate", "RedisClient", "TestSupport", "Metrics", "Log", "Networking"]),
    ]
)
