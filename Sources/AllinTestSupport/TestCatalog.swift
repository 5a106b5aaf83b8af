import AllinCore
import AllinUI
import Foundation

/// The real catalog and a fixed context for UI tests.
public enum TestCatalog {
    /// The package root, found by walking up from this file to `Package.swift`.
    public static let root: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            let parent = dir.deletingLastPathComponent()
            precondition(parent.path != dir.path, "Package.swift not found")
            dir = parent
        }
        return dir
    }()

    /// The real catalog, decoded once.
    public static let real: Catalog = {
        let dir = root.appendingPathComponent("catalog")
        var files: [String: Data] = [:]
        for name in Catalog.fileNames {
            if let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) { files[name] = data }
        }
        do { return try Catalog.decode(files: files) } catch { fatalError("the real catalog does not load: \(error)") }
    }()

    /// A context as if run with `LANG=en_GB.UTF-8` (or another locale).
    public static func context(lang: String = "en_GB.UTF-8") -> AppContext {
        AppContext(catalog: real, environment: ["LANG": lang])
    }

    /// A fresh app state at a size.
    public static func state(width: Int = 80, height: Int = 24, lang: String = "en_GB.UTF-8") -> AppState {
        AppState(context: context(lang: lang), size: Size(width: width, height: height))
    }
}
