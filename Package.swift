// swift-tools-version: 6.0
import PackageDescription

// Waypoint: MVVM-C on the server. Dependencies point down only:
// waypoint → Web → Sessions → {Coordinators → ViewModels → Models, Navigation}, {Services → Storage}, HTTPServer → {HTTPCore, Deflate}, TemplateEngine, Log.
let package = Package(
    name: "Waypoint",
    products: [
        .executable(name: "waypoint", targets: ["waypoint"]),
    ],
    targets: [
        // C shims and system libraries
        .target(name: "CSystem"),
        .target(name: "CDeflate"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),

        // Infrastructure that knows nothing of the app
        .target(name: "ByteCoding"),
        .target(name: "Log"),
        .target(name: "HTTPCore", dependencies: ["ByteCoding"]),
        .target(name: "Metrics"),
        .target(name: "Deflate", dependencies: ["CDeflate"]),
        // What the server and the Redis client share: event-loop sources and the loop-thread guard.
        .target(name: "Networking", dependencies: ["CSystem"]),
        .target(name: "HTTPServer", dependencies: ["HTTPCore", "Deflate", "ByteCoding", "CSystem", "COpenSSL", "Metrics", "Log", "Networking"]),
        .target(name: "TemplateEngine"),
        .target(name: "Storage"),
        .target(name: "Navigation"),
        .target(name: "RedisClient", dependencies: ["CSystem", "COpenSSL", "Networking"]),

        // The app
        .target(name: "Models"),
        .target(name: "Services", dependencies: ["Models", "Storage", "RedisClient", "ByteCoding", "COpenSSL"]),
        .target(name: "ViewModels", dependencies: ["Models"]),
        .target(name: "Coordinators", dependencies: ["Models", "ViewModels", "Navigation", "ByteCoding"]),
        // Browser sessions: the store, its journal and its Redis form, visitor admission.
        .target(name: "Sessions", dependencies: [
            "Models", "Coordinators", "Services", "Storage", "RedisClient", "Networking", "ByteCoding", "Log",
        ]),
        .target(name: "Web", dependencies: [
            "HTTPCore", "HTTPServer", "TemplateEngine", "Storage", "RedisClient", "Models", "Services", "ViewModels",
            "Navigation", "Coordinators", "Sessions", "Metrics", "Log", "Networking",
        ]),
        .executableTarget(name: "waypoint", dependencies: ["Web", "HTTPServer", "Log"]),

        // Tests
        .target(name: "TestSupport", dependencies: ["Models"], path: "Tests/TestSupport"),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"]),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPCore", "Deflate", "TestSupport", "Metrics", "Log"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics", "TestSupport"]),
        .testTarget(name: "TemplateEngineTests", dependencies: ["TemplateEngine", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"]),
        .executableTarget(name: "StorageCrashWriter", dependencies: ["Storage"], path: "Tests/StorageCrashWriter"),
        .testTarget(name: "RedisClientTests", dependencies: ["RedisClient", "TestSupport", "Networking"]),
        .testTarget(name: "ServicesTests", dependencies: ["Services", "Models", "Storage", "RedisClient", "TestSupport"]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "Models", "TestSupport"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation"]),
        .testTarget(name: "CoordinatorsTests", dependencies: ["Coordinators", "ViewModels", "Models", "Navigation", "TestSupport"]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions", "Models", "Storage", "RedisClient", "TestSupport"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "Sessions", "HTTPCore", "HTTPServer", "Deflate", "RedisClient", "TestSupport", "Metrics", "Log"]),
    ]
)
