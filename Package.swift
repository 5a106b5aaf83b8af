// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "allin",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "allin", targets: ["allin"]),
        .executable(name: "allin-dev", targets: ["allin-dev"]),
    ],
    targets: [
        // Pure: domain, catalog model and validation, step machine, detectors, router.
        .target(name: "AllinCore", path: "Sources/AllinCore", exclude: ["Crisis/README.md"]),
        // The system SQLite (libsqlite3-dev) as a module.
        .systemLibrary(name: "CSQLite3", path: "Sources/CSQLite3", providers: [.apt(["libsqlite3-dev"])]),
        // Adapter: the journal in SQLite (the only module that imports CSQLite3).
        .target(name: "AllinStore", dependencies: ["AllinCore", "CSQLite3"], path: "Sources/AllinStore"),
        // C helpers for child processes: posix_spawn on a keeper thread, reaping, terminal modes.
        .target(name: "CProcessSupport", path: "Sources/CProcessSupport"),
        // Adapter: player discovery and control, rendering of session audio (espeak-ng, sox).
        .target(name: "AllinAudio", dependencies: ["AllinCore", "CProcessSupport"], path: "Sources/AllinAudio"),
        // Commands of the command-line interface; reads files and the environment, writes to stdout.
        .target(name: "AllinCLI", dependencies: ["AllinCore", "AllinStore", "AllinAudio", "AllinUI", "AllinRuntime"],
                path: "Sources/AllinCLI"),
        // Developer tools, apart from the program people use: the crisis model's trainer, the benchmarks.
        .target(name: "AllinDev", dependencies: ["AllinCLI", "AllinCore", "AllinStore", "AllinUI", "AllinRuntime", "AllinAudio"],
                path: "Sources/AllinDev"),
        // Pure terminal front: state, messages, effects, update, view into an in-memory canvas.
        .target(name: "AllinUI", dependencies: ["AllinCore"], path: "Sources/AllinUI"),
        // The loop: terminal events into update, effects run (routing), frames drawn.
        .target(name: "AllinRuntime", dependencies: ["AllinUI", "AllinCore"], path: "Sources/AllinRuntime"),
        // ncursesw through a system library with a small shim header.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        // Plain C: signal flags, crash restore, stderr capture, locale, posix_spawn, wcwidth.
        .target(name: "CTermSupport", path: "Sources/CTermSupport"),
        // The only module that imports CNcursesw: draws canvases, reads keys.
        .target(name: "NcursesTerminal", dependencies: ["CNcursesw", "CTermSupport", "AllinUI"],
                path: "Sources/NcursesTerminal"),
        // In-memory terminal, snapshot helper and the real catalog for tests.
        .target(name: "AllinTestSupport", dependencies: ["AllinUI", "AllinRuntime", "AllinCore"],
                path: "Sources/AllinTestSupport"),
        // The thin executable: wiring only.
        .executableTarget(name: "allin", dependencies: ["AllinCLI", "AllinRuntime", "NcursesTerminal", "AllinUI",
                                                        "AllinAudio", "AllinStore"],
                          path: "Sources/allin"),
        .executableTarget(name: "allin-dev", dependencies: ["AllinDev", "AllinCLI"], path: "Sources/allin-dev"),
        .testTarget(name: "AllinCoreTests", dependencies: ["AllinCore", "AllinDev"], path: "Tests/AllinCoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinStoreTests", dependencies: ["AllinStore", "AllinCore"], path: "Tests/AllinStoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinAudioTests", dependencies: ["AllinAudio", "AllinCore"], path: "Tests/AllinAudioTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinCLITests", dependencies: ["AllinCLI", "AllinCore", "AllinStore", "allin", "allin-dev"], path: "Tests/AllinCLITests"),
        .testTarget(name: "AllinUITests", dependencies: ["AllinUI", "AllinRuntime", "AllinTestSupport", "AllinCore"],
                    path: "Tests/AllinUITests", exclude: ["Snapshots"]),
        .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "AllinUI", "AllinCore", "CTermSupport"],
                    path: "Tests/NcursesTerminalTests"),
        // C helpers for the end-to-end tests only, kept out of every shipping target.
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "AllinE2ETests", dependencies: ["CTestSupport", "allin"], path: "Tests/AllinE2ETests"),
    ],
    swiftLanguageModes: [.v6]
)
