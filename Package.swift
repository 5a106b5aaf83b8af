// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "allin",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "allin", targets: ["allin"]),
    ],
    targets: [
        // Pure: domain, catalog model and validation, step machine, detectors, router.
        .target(name: "AllinCore", path: "Sources/AllinCore"),
        // The system SQLite (libsqlite3-dev) as a module.
        .systemLibrary(name: "CSQLite3", path: "Sources/CSQLite3", providers: [.apt(["libsqlite3-dev"])]),
        // Adapter: the journal in SQLite (the only module that imports CSQLite3).
        .target(name: "AllinStore", dependencies: ["AllinCore", "CSQLite3"], path: "Sources/AllinStore"),
        // C helpers for child processes: posix_spawn on a keeper thread, reaping, terminal modes.
        .target(name: "CProcessSupport", path: "Sources/CProcessSupport"),
        // Adapter: player discovery and control, rendering of session audio (espeak-ng, sox).
        .target(name: "AllinAudio", dependencies: ["AllinCore", "CProcessSupport"], path: "Sources/AllinAudio"),
        // Commands of the command-line interface; reads files and the environment, writes to stdout.
        .target(name: "AllinCLI", dependencies: ["AllinCore", "AllinStore", "AllinAudio"], path: "Sources/AllinCLI"),
        // The thin executable: wiring only.
        .executableTarget(name: "allin", dependencies: ["AllinCLI"], path: "Sources/allin"),
        .testTarget(name: "AllinCoreTests", dependencies: ["AllinCore"], path: "Tests/AllinCoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinStoreTests", dependencies: ["AllinStore", "AllinCore"], path: "Tests/AllinStoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinAudioTests", dependencies: ["AllinAudio", "AllinCore"], path: "Tests/AllinAudioTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinCLITests", dependencies: ["AllinCLI", "AllinCore", "AllinStore", "allin"], path: "Tests/AllinCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
