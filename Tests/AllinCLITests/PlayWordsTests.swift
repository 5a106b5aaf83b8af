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
}
