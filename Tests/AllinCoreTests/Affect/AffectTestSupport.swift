import Foundation
@testable import AllinCore

/// The package root: the nearest directory above this file that holds `Package.swift`.
func affectPackageRoot(from file: String = #filePath) throws -> URL {
    var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
        dir = dir.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Package.swift above \(file)"])
}

/// Reads a catalog file by its catalog-relative path, e.g. `lexicon/affect.json`.
func affectCatalogData(_ relativePath: String) throws -> Data {
    try Data(contentsOf: affectPackageRoot().appendingPathComponent("catalog").appendingPathComponent(relativePath))
}

/// Reads a test fixture by its name in `Tests/AllinCoreTests/Fixtures`.
func affectFixtureData(_ name: String) throws -> Data {
    try Data(contentsOf: affectPackageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures").appendingPathComponent(name))
}

/// The shipped lexicon files, keyed as `AffectLexicon.decode` expects.
func affectCatalogFiles() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in AffectLexicon.fileNames { files[name] = try affectCatalogData(name) }
    return files
}

/// The shipped lexicon, decoded once for the whole test run.
enum AffectShipped {
    static let loaded: Result<AffectLexicon, any Error> = Result { try AffectLexicon.decode(files: affectCatalogFiles()) }

    static func lexicon() throws -> AffectLexicon { try loaded.get() }
    static func classifier() throws -> AffectClassifier { AffectClassifier(lexicon: try lexicon()) }
}

/// A copy of the shipped lexicon file with `edit` applied to its parsed JSON, for decode-error tests.
func affectEditedFiles(_ file: String, _ edit: (inout [String: Any]) -> Void) throws -> [String: Data] {
    var files = try affectCatalogFiles()
    var root = try JSONSerialization.jsonObject(with: try affectCatalogData(file)) as? [String: Any] ?? [:]
    edit(&root)
    files[file] = try JSONSerialization.data(withJSONObject: root)
    return files
}
