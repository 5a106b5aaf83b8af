import AllinAudio
import AllinCore
import Foundation

/// Where the compiled forms of slow catalog parts are kept (`CompiledForm`): the trained model, the
/// concept rules and the sentence reading, in `$XDG_CACHE_HOME/allin/compiled` (else
/// `~/.cache/allin/compiled`), directory 0700, files 0600, one file per part, text and program it
/// was made by (`model-<digest>.bin`, `concepts-<digest>.bin`, `sentences-<digest>.bin`). It holds
/// nothing of the person's, only what the catalog's text gives; a form that fails any check is
/// rebuilt from the text and replaced. Every failure to read or write it is silent: the text is
/// always there to decode.
///
/// A form is tied to the program that made it as well as to the text: the digest mixes in the
/// running executable's identity (its inode, size and modification time), so a rebuilt or upgraded
/// allin never uses a layout an older one wrote, even if the format's version was not raised.
struct CompiledCache: Sendable {
    let directory: URL
    /// The identity of the program that reads and writes the forms.
    let program: UInt64

    init(directory: URL, program: UInt64 = CompiledCache.runningProgram) {
        self.directory = directory
        self.program = program
    }

    init(environment: [String: String]) {
        self.init(directory: AudioPaths(environment: environment).cacheDirectory.deletingLastPathComponent()
            .appendingPathComponent("compiled"))
    }

    /// This executable's inode, size and modification time, mixed (0 when it can't be read).
    static let runningProgram: UInt64 = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return 0 }
        let parts = [UInt64(st.st_ino), UInt64(st.st_size), UInt64(st.st_mtim.tv_sec), UInt64(st.st_mtim.tv_nsec)]
        return CompiledForm.digest(parts.withUnsafeBytes { Data($0) })
    }()

    /// What a form made from `text` by this program is filed and checked under.
    func source(of text: Data) -> UInt64 {
        CompiledForm.digest(text) ^ (program &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The file for a part (`model`, `concepts`) made from the text with this digest.
    func file(_ part: String, source: UInt64) -> URL {
        directory.appendingPathComponent(part + "-" + String(source, radix: 16) + ".bin")
    }

    /// The part compiled from `text`, if a sound form of it is stored (`load` checks it).
    func load<T>(_ part: String, for text: Data, _ load: (Data, UInt64) throws -> T) -> T? {
        self.load(part, source: source(of: text), load)
    }

    /// The same, for a text whose digest (`source(of:)`) was already taken.
    func load<T>(_ part: String, source: UInt64, _ load: (Data, UInt64) throws -> T) -> T? {
        // Mapped, not read: the checks and the arrays' copies read it once, with no copy of the whole
        // file first (the model's form is 8 MB; `classify hello` about 5 ms sooner). `store` replaces a
        // form by renaming a new file into place, so a mapped one never changes under its reader.
        guard let data = try? Data(contentsOf: file(part, source: source), options: .alwaysMapped) else { return nil }
        return try? load(data, source)
    }

    /// Stores the compiled form `compile` makes of a part as made from `text`, and removes the part's
    /// forms made from other texts or by other programs.
    func store(_ part: String, for text: Data, _ compile: (UInt64) -> Data) {
        store(part, source: source(of: text), compile)
    }

    /// The same, for a text whose digest (`source(of:)`) was already taken.
    func store(_ part: String, source: UInt64, _ compile: (UInt64) -> Data) {
        let file = file(part, source: source)
        // The directory first: where it can't be made, the form is not compiled at all.
        do {
            try AudioPaths.ensurePrivateDirectory(directory)
            try AudioPaths.writePrivate(compile(source), to: file)
        } catch {
            return
        }
        let others = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in others where name.hasPrefix(part + "-") && name.hasSuffix(".bin") && name != file.lastPathComponent {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
