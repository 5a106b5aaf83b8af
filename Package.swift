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
        // Commands of the command-line interface; reads files and the environment, writes to stdout.
        .target(name: "AllinCLI", dependencies: ["AllinCore", "AllinUI"], path: "Sources/AllinCLI"),
        // The thin executable: wiring only.
        .executableTarget(name: "allin", dependencies: ["AllinCLI", "AllinRuntime", "NcursesTerminal", "AllinUI"],
                          path: "Sources/allin"),
        .testTarget(name: "AllinCoreTests", dependencies: ["AllinCore"], path: "Tests/AllinCoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinCLITests", dependencies: ["AllinCLI", "AllinCore", "allin"], path: "Tests/AllinCLITests"),
        .testTarget(name: "AllinUITests", dependencies: ["AllinUI", "AllinRuntime", "AllinTestSupport", "AllinCore"],
                    path: "Tests/AllinUITests", exclude: ["Snapshots"]),
        .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "AllinUI", "CTermSupport"],
                    path: "Tests/NcursesTerminalTests"),
        .testTarget(name: "AllinE2ETests", dependencies: ["CTermSupport", "allin"], path: "Tests/AllinE2ETests"),
    ],
    swiftLanguageModes: [.v6]
)
