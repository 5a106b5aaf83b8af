import AllinAudio
import AllinCore
import Foundation

/// Where the compiled forms of slow catalog parts are kept (`CompiledForm`): the trained model, in
/// `$XDG_CACHE_HOME/allin/compiled` (else `~/.cache/allin/compiled`), directory 0700, files 0600,
/// one file per text it was made from (`model-<digest>.bin`). It holds nothing of the person's, only
/// what the catalog's text gives; a form that fails any check is rebuilt from the text and replaced.
/// Every failure to read or write it is silent: the text is always there to decode.
struct CompiledCache: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    init(environment: [String: String]) {
        directory = AudioPaths(environment: environment).cacheDirectory.deletingLastPathComponent()
            .appendingPathComponent("compiled")
    }

    func modelFile(for source: UInt64) -> URL {
        directory.appendingPathComponent("model-" + String(source, radix: 16) + ".bin")
    }

    /// The model compiled from `text`, if a sound form of it is stored.
    func model(for text: Data) -> CrisisModel? {
        let source = CompiledForm.digest(text)
        guard let data = FileManager.default.contents(atPath: modelFile(for: source).path) else { return nil }
        return try? CrisisModel.load(compiled: data, source: source)
    }

    /// Stores `model`'s compiled form as made from `text`, and removes forms made from other texts.
    func store(_ model: CrisisModel, for text: Data) {
        let source = CompiledForm.digest(text)
        let file = modelFile(for: source)
        // The directory first: where it can't be made, the form is not compiled at all.
        do {
            try AudioPaths.ensurePrivateDirectory(directory)
            try AudioPaths.writePrivate(model.compiled(source: source), to: file)
        } catch {
            return
        }
        let others = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in others where name.hasPrefix("model-") && name.hasSuffix(".bin") && name != file.lastPathComponent {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
