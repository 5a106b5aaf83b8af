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
        // Commands of the command-line interface; reads files and the environment, writes to stdout.
        .target(name: "AllinCLI", dependencies: ["AllinCore"], path: "Sources/AllinCLI"),
        // The thin executable: wiring only.
        .executableTarget(name: "allin", dependencies: ["AllinCLI"], path: "Sources/allin"),
        .testTarget(name: "AllinCoreTests", dependencies: ["AllinCore"], path: "Tests/AllinCoreTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "AllinCLITests", dependencies: ["AllinCLI", "AllinCore", "allin"], path: "Tests/AllinCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
