import AllinCore
import Foundation
@testable import AllinStore

/// The package root, found by walking up from this file.
let storePackageRoot: URL = {
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
        dir = dir.deletingLastPathComponent()
    }
    return dir
}()

/// The real catalog, loaded once.
let storeCatalog: Catalog = {
    var files: [String: Data] = [:]
    for name in Catalog.fileNames {
        let url = storePackageRoot.appendingPathComponent("catalog").appendingPathComponent(name)
        if let data = FileManager.default.contents(atPath: url.path) { files[name] = data }
    }
    do { return try Catalog.decode(files: files) } catch { fatalError("the real catalog does not load: \(error)") }
}()

let storeRouter = Router(catalog: storeCatalog)

/// A fresh private directory under the system temp dir, removed by `cleanup()`.
struct TempDir {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("allin-store-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    var journal: String { path + "/data/journal.sqlite3" }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

let london = TimeZone(identifier: "Europe/London")!
let t0 = Date(timeIntervalSince1970: 1_715_760_000)   // 2024-05-15 08:00 UTC, 09:00 in London

/// An unblock check-in with every field filled, including text a terminal must never see raw.
let fullCheckIn = CheckIn(
    emotion: "worried", customEmotion: "jittery\u{1B}[31m red", situation: "work", triggerText: "the quarterly review\nat 9",
    intensity: 6, body: ["chest", "shoulders"], intent: "unblock", claritySubTap: "too_many_options",
    confidenceSubTap: nil, embodyNew: "standing tall", consent: true, belief: "not_good_enough",
    customBelief: "I'm a fraud — 詐欺師", pattern: "over-prepare", origin: "school reports\u{0}hidden",
    kinder: "I am learning, not failing 🌱")

/// A check-in that layer A hands off (the stub and the real detector both fire on it).
let crisisCheckIn = CheckIn(customEmotion: "I want to kill myself", triggerText: "a secret only I know", intensity: 9)

func route(_ c: CheckIn) async -> Recommendation { await storeRouter.route(c) }
