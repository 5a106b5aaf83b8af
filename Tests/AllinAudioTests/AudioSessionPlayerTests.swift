import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// The full-screen front's player adapter with the fake player: availability, start, pause, the
/// end of the audio, a player that fails at once, stop and reap, and resuming read-along text.
@Suite("The session player adapter (fake player)")
struct AudioSessionPlayerTests {
    let tmp = TempDir()
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("catalog")

    func session(_ slug: String) -> Session {
        Session(slug: slug, title: "Test", lane: .soothe, description: "Breathe slowly.", tags: [], families: [], needs: [],
                cluster: nil, durationSeconds: 60, situational: false)
    }

    /// A player with a user "recording" for `slug` (so nothing renders) and the fake player chosen.
    /// `wavSeconds`: the recording is a silent WAV of that length (so its length is known), else a
    /// one-byte .ogg of unknown length.
    func player(mode: String = "play", seconds: Int = 30, recording slug: String = "box_breath_reset",
                wavSeconds: Int? = nil, extra: [String: String] = [:]) -> (AudioSessionPlayer, URL) {
        let log = tmp.path("fake.log")
        let data = tmp.path("data")
        try? FileManager.default.createDirectory(at: data.appendingPathComponent("audio"), withIntermediateDirectories: true)
        if let wavSeconds {
            let bytes = wavSeconds * 8000 * 2
            let wav = PCM16.header(sampleRate: 8000, dataBytes: bytes) + [UInt8](repeating: 0, count: bytes)
            _ = FileManager.default.createFile(atPath: data.appendingPathComponent("audio/\(slug).wav").path, contents: Data(wav))
        } else {
            _ = FileManager.default.createFile(atPath: data.appendingPathComponent("audio/\(slug).ogg").path, contents: Data("x".utf8))
        }
        let env = childEnvironment(["ALLIN_PLAYER": Fixtures.fakePlayer.path, "FAKE_PLAYER_LOG": log.path,
                                    "FAKE_PLAYER_MODE": mode, "FAKE_PLAYER_SECONDS": String(seconds),
                                    "XDG_CACHE_HOME": tmp.path("cache").path, "XDG_CONFIG_HOME": tmp.path("config").path,
                                    "XDG_RUNTIME_DIR": tmp.path("run").path, "XDG_STATE_HOME": tmp.path("state").path,
                                    "HOME": tmp.url.path].merging(extra) { $1 })
        return (AudioSessionPlayer(catalogDirectory: Self.catalog, environment: env, dataDirectory: data.path), log)
    }

    @Test func aRecordingNeedsNoRenderAndPlaysPausesAndStops() throws {
        let (p, log) = player()
        #expect(p.playerName == "fake-player")
        #expect(p.availability(of: [session("box_breath_reset")]).canPlay("box_breath_reset"))
        #expect(!p.needsPreparation("box_breath_reset"))
        let start = try p.start("box_breath_reset")
        #expect(start.mode == .audio(player: "fake-player", origin: "your recording \(tmp.path("data").path)/audio/box_breath_reset.ogg"))
        #expect(start.position == 0 && !start.canSeek)
        #expect(start.captions?.cues.isEmpty == false, "captions are estimated from the script")
        #expect(eventually { logLines(log).contains { $0.hasPrefix("start ") } })
        let pid = try #require(logLines(log).last { $0.hasPrefix("start ") }.flatMap { pid_t($0.dropFirst(6)) })
        #expect(p.poll().phase == .playing)
        p.pause()
        #expect(p.poll().phase == .paused)
        #expect(eventually { groupIsStopped(pid) })
        p.resume()
        #expect(p.poll().phase == .playing)
        p.stop()
        #expect(processState(pid) == nil, "stopped and reaped")
        #expect(logLines(log).contains("TERM"))
        #expect(!p.seek(by: 15))
        p.stop()
    }

    /// One length per session, the one every screen shows: a recording's (a WAV's) own length; a
    /// session not rendered yet, its read-along text's; once rendered, the render's, and read-along
    /// text then follows the render's timings, so its clock ends where the audio would.
    @Test(.enabled(if: renderToolsAvailable, "espeak-ng or sox is not installed"))
    func eachSessionHasOneLengthAndReadAlongFollowsTheRender() throws {
        let (p, _) = player(recording: "box_breath_reset", wavSeconds: 42)
        let slug = "five_senses_anchor"
        let before = p.lengths(of: [session("box_breath_reset"), session(slug)])
        #expect(before["box_breath_reset"] == 42)
        let estimated = p.startReadAlong(session(slug), from: nil)
        p.stop()
        #expect(before[slug] == estimated.duration && estimated.captions?.estimated == true)

        let env = childEnvironment(["XDG_CACHE_HOME": tmp.path("cache").path, "HOME": tmp.url.path])
        let renderer = Renderer(tools: try RenderTools.find(environment: env), cacheDirectory: AudioPaths(environment: env).cacheDirectory,
                                settings: RenderSettings(), environment: env)
        let script = try ScriptParser.parse(try Data(contentsOf: Self.catalog.appendingPathComponent("scripts/\(slug).txt")),
                                            file: "scripts/\(slug).txt")
        _ = try renderer.render(slug: slug, script: script)
        // As the cache keeps it (its captions file rounds to milliseconds).
        let rendered = try #require(renderer.cached(slug: slug, script: script)).captions.duration
        #expect(p.lengths(of: [session(slug)])[slug] == rendered)
        let reading = p.startReadAlong(session(slug), from: nil)
        p.stop()
        #expect(reading.duration == rendered && reading.captions?.estimated == false)
    }

    @Test func aPlayerEndingAtOnceIsAFailedStartAndIsReapedOnce() throws {
        let (p, _) = player(mode: "finish")
        _ = try p.start("box_breath_reset")
        // Ending at once (the file is not ten seconds of silence) is a failed start, which the
        // front answers with read-along text.
        #expect(eventually {
            if case .failed(_, true) = p.poll().phase { return true }
            return false
        })
        #expect(p.poll().phase == .finished, "nothing runs any more")
    }

    @Test func aPlayerThatCrashesAtOnceIsAFailedStartInPlainWords() throws {
        let (p, _) = player(mode: "crash")
        _ = try p.start("box_breath_reset")
        var reason = ""
        #expect(eventually {
            if case let .failed(r, true) = p.poll().phase { reason = r; return true }
            return false
        })
        #expect(reason.hasPrefix("fake-player couldn't open an audio device (details in "))
        #expect(reason.hasSuffix("state/allin/player.log)"))
        #expect(!reason.contains("cannot open the audio device"), "the player's raw words stay in its log")
    }

    @Test func aMissingScriptIsTheSessionsProblemNotThePlayers() {
        let (p, _) = player()
        #expect(throws: PlaybackFailure.self) { try p.start("no_such_session") }
        do {
            _ = try p.start("no_such_session")
        } catch {
            #expect(error.scope == .session)
            #expect(error.reason.contains("has no script"))
        }
    }

    /// Audio support stopped in its first 10 s starts again there when asked (the saved places keep
    /// only stops of 10 s or more, so a plain start is at 0:00).
    @Test(.enabled(if: mpvAvailable, "mpv is not installed"))
    func audioStartsWhereItIsAskedToWithMpv() throws {
        let (p, _) = player(wavSeconds: 30, extra: ["ALLIN_PLAYER": "mpv --ao=null"])
        let first = try p.start("box_breath_reset", from: 5)
        #expect(first.position == 5 && first.resumed)
        #expect(eventually { p.poll().position >= 5 }, "mpv starts where it was asked to")
        p.stop()
        #expect(try p.start("box_breath_reset").position == 0, "a stop under 10 s keeps no place for later")
        p.stop()
    }

    @Test func readAlongResumesTheSameDayAFewSecondsBack() throws {
        let (p, _) = player()
        let s = session("box_breath_reset")
        let first = p.startReadAlong(s)
        #expect(first.mode == .readAlong && first.position == 0 && first.canSeek)
        #expect(p.seek(by: 30))
        #expect(abs(p.poll().position - 30) < 0.5)
        p.stop()
        // The offer names where it stopped and the point a little before it that it resumes from.
        let offer = p.availability(of: [s])
        #expect(abs((offer.stoppedAt[s.slug] ?? 0) - 30) < 0.5)
        #expect(abs((offer.resumePoints[s.slug] ?? 0) - (30 - ResumePolicy.rewind)) < 0.5)
        let again = p.startReadAlong(s)
        #expect(abs(again.position - (30 - ResumePolicy.rewind)) < 0.5)
        #expect(again.resumed)
        p.stop()
    }

    @Test func aPlayerDyingOfSIGFPEHasNoSoundDeviceAndItsWordsStayInTheLog() throws {
        let (p, _) = player(mode: "fpe")
        _ = try p.start("box_breath_reset")
        var status = PlayerStatus(position: 0, phase: .playing)
        #expect(eventually { status = p.poll(); return status.phase != .playing })
        #expect(status.phase == .failed(reason: "fake-player couldn't open an audio device (details in ~/state/allin/player.log)",
                                        atStart: true))
        #expect(!status.audible)
        let log = tmp.path("state/allin/player.log")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("Unknown PCM default"), "the raw words are kept for whoever reads the log")
        #expect(try mode(of: log) == 0o600)
        #expect(try mode(of: tmp.path("state/allin")) == 0o700)
    }

    @Test func aPlayerFailingAfterAFewSecondsFailsWhilePlayingAfterSoundWasConfirmed() throws {
        let (p, _) = player(mode: "fail-after", extra: ["FAKE_PLAYER_FAIL_AFTER": "3"])
        _ = try p.start("box_breath_reset")
        #expect(!p.poll().audible, "not confirmed in its first moments")
        #expect(eventually(timeout: 3) { p.poll().audible }, "alive past the early window: sound is believed")
        var status = PlayerStatus(position: 0, phase: .playing)
        #expect(eventually(timeout: 6) { status = p.poll(); return status.phase != .playing })
        guard case let .failed(reason, atStart) = status.phase else { Issue.record("\(status)"); return }
        #expect(!atStart)
        #expect(reason == "fake-player lost the audio device (details in ~/state/allin/player.log)")
        #expect(status.position >= 2.5, "the place where the sound stopped: \(status.position)")
    }

    @Test func aPlayerEndingWithStatusZeroWellBeforeTheEndIsAFailureNotAFinish() throws {
        // The player lives past the early window and exits 0 at 2 s of a 60 s recording: the screen
        // hears of a failure part-way (the words take over there), never of a finished session.
        let (p, _) = player(mode: "play", seconds: 2, wavSeconds: 60)
        let start = try p.start("box_breath_reset")
        #expect(start.duration == 60)
        var status = PlayerStatus(position: 0, phase: .playing)
        #expect(eventually(timeout: 8) { status = p.poll(); return status.phase != .playing })
        guard case let .failed(reason, atStart) = status.phase else { Issue.record("\(status)"); return }
        #expect(!atStart)
        #expect(reason.hasPrefix("fake-player stopped at 0:0") && reason.contains(" of 1:00, before the end"), "\(reason)")
        #expect(status.position >= 1.5 && status.position < 10, "\(status.position)")
    }

    @Test func readAlongTakesOverFromTheLineThatWasPlaying() {
        let (p, _) = player()
        let s = session("box_breath_reset")
        let plain = p.startReadAlong(s)
        let track = try! #require(plain.captions)
        #expect(track.cues.count > 3)
        p.stop()
        let taken = p.startReadAlong(s, from: ReadAlongPlace(cue: 3, position: 999))
        #expect(taken.position == track.cues[3].start)
        p.stop()
        let bySeconds = p.startReadAlong(s, from: ReadAlongPlace(cue: nil, position: 12))
        #expect(bySeconds.position == 12)
        p.stop()
    }

    func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }
}
