import Testing
@testable import AllinAudio
@testable import AllinCLI

@Suite("allin play names a session by its title and says why it reads along")
struct PlayWordsTests {
    @Test func preparingTheAudioNamesTheSessionByItsTitle() {
        let io = BufferIO()
        let display = PlayDisplay(io: io, live: false, columns: 80, unicode: false, term: nil)
        display.renderProgress(RenderProgress(slug: "at_a_crossroads", fraction: 0.1, step: "speaking line 1 of 9"),
                               title: "At a Crossroads")
        #expect(io.stdout == "Preparing the audio for At a Crossroads: the first play only, it is kept for next time…\n")
    }

    @Test func readAlongSaysTextWasAskedForOnlyWhenItWas() {
        #expect(PlayCommand.noSound(nil, textAsked: true) == "--text")
        #expect(PlayCommand.noSound(nil, textAsked: false) == PlayCommand.noPlayer)
        #expect(!PlayCommand.noPlayer.contains("--"))
    }

    /// Found from outside: `allin --plain` said "no audio (ALLIN_PLAYER is 'none': read-along text)",
    /// a variable's name on a person's screen; the line-based prompts say it plainly, `allin play`
    /// keeps the setting's name.
    @Test func theLineBasedPromptsNameNoSettingForSoundTurnedOff() throws {
        let off = try PlayerDiscovery.discover(option: nil, environment: ["ALLIN_PLAYER": "none", "PATH": ""],
                                               config: AudioConfig())
        #expect(PlayCommand.noSound(off, textAsked: false, plain: true) == "sound is turned off for allin")
        #expect(PlayCommand.noSound(off, textAsked: false) == "ALLIN_PLAYER is 'none': read-along text")
        #expect(PlayCommand.noSound(nil, textAsked: false, plain: true) == PlayCommand.noPlayer)
    }
}
