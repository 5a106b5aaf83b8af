import Foundation
@testable import AllinCore

/// Reads a catalog file by walking up from this source file to the package root (the directory
/// holding `Package.swift`) and then into `catalog/`.
func catalogFileData(_ relativePath: String, filePath: String = #filePath) throws -> Data {
    var dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
        let parent = dir.deletingLastPathComponent()
        guard parent.path != dir.path else { throw CocoaError(.fileNoSuchFile) }
        dir = parent
    }
    return try Data(contentsOf: dir.appendingPathComponent("catalog").appendingPathComponent(relativePath))
}

/// The crisis lexicon files as the catalog ships them.
func crisisCatalogFiles() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in CrisisLexicon.fileNames { files[name] = try catalogFileData(name) }
    return files
}

/// Reads a test fixture next to the crisis tests (`Tests/AllinCoreTests/Fixtures/...`).
func crisisFixture(_ name: String, filePath: String = #filePath) throws -> String {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}

/// One detector for the whole test run: decoding the catalog is the slow part.
let crisisDetectorResult: Result<CrisisDetector, Error> = Result {
    CrisisDetector(lexicon: try CrisisLexicon.decode(files: crisisCatalogFiles()))
}

func crisisDetector() throws -> CrisisDetector {
    try crisisDetectorResult.get()
}

/// The main view's words, for normalisation tests.
func normalizedWords(_ text: String) throws -> [String] {
    try crisisDetector().normalizer.mainView(text).words
}

/// All views' words joined, for tests that only care that some view reads a phrase.
func anyViewReads(_ text: String, _ phrase: String) throws -> Bool {
    try crisisDetector().normalizer.views(text).contains { " \($0.words.joined(separator: " ")) ".contains(" \(phrase) ") }
}

/// True when `s` contains a control or format character.
func hasControlCharacters(_ s: String) -> Bool {
    s.unicodeScalars.contains { [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
}
