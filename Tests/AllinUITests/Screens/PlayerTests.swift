import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// The player screen: fallbacks and their trace, rendering progress, keys as effects, progress from
/// ticks, captions in sync, the end of the audio and a failing player.
@Suite("Player screen: update")
struct PlayerTests {
    func trace(_ s: AppState) -> [String] {
        s.result!.recommendation.trace.map { "\($0.gate) → \($0.decision)" }
    }

    func answerChecked(_ s: inout AppState, _ availability: AudioAvailability) -> [Effect] {
        press(&s, .char("4"), .enter)
        return App.update(&s, .playabilityChecked(availability))
    }

    @Test func anUnplayableRoutedSessionIsReplacedByTheLegacyMatcherInTheSameLane() async {
        var s = await ScreenStates.moodBefore()
        let routed = s.result!.recommendation.session!
        var available = ScreenStates.allPlayable
        available.playable.remove(routed.slug)
        available.reasons[routed.slug] = "no audio for it and no way to render it"
        let effects = answerChecked(&s, available)
        guard case let .substitute(slug, from, match)? = s.session?.player.plan else { Issue.record("no substitute"); return }
        #expect(effects == [.startPlayback(.substitute(slug: slug, routed: from, match: match))])
        #expect(from == routed.slug && slug != routed.slug && match.sameLane)
        #expect(s.session?.player.session.slug == slug)
        #expect(s.session?.player.session.lane == routed.lane)
        #expect(trace(s).suffix(2) == ["playability → unplayable", "legacyMatcher → substitute"])
        let fallback = try! #require(s.session?.player.fallback)
        #expect(fallback.contains("can’t be played here"))
        let text = screen(s).text
        #expect(text.contains(s.session!.player.session.title))
        #expect(text.contains("can’t be played here"))
        // The journal gets the session that ran, with the whole trace.
        let begun = App.update(&s, .playbackStarted(ScreenStates.start(s.session!.player.plan!)))
        guard case let .beginJournal(_, r, _)? = begun.first else { Issue.record("not stored"); return }
        #expect(r.session?.slug == slug)
        #expect(r.trace.contains { $0.gate == "legacyMatcher" })
    }

    @Test func withNoPlayerTheSessionRunsAsReadAlongText() async {
        var s = await ScreenStates.moodBefore()
        let routed = s.result!.recommendation.session!
        let none = AudioAvailability(player: nil, noPlayerReason: "no audio player found", playable: [])
        #expect(answerChecked(&s, none) == [.startPlayback(.readAlong(slug: routed.slug))])
        #expect(trace(s).suffix(3) == ["playability → unplayable", "legacyMatcher → none", "readAlong → text"])
        _ = App.update(&s, .playbackStarted(ScreenStates.start(.readAlong(slug: routed.slug))))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 8, phase: .playing)))
        let text = screen(s).text
        #expect(text.contains("Session (read along)"))
        #expect(text.contains("read along: no sound"))
        #expect(text.contains("can’t be played here (no audio player found)"))
        #expect(text.contains("› Breathe in for four."))
        #expect(text.contains("And out, slowly, for six."))
        // The same controls: pause and seek.
        #expect(press(&s, .char(" ")) == [.pausePlayback])
        #expect(press(&s, .right) == [.seekPlayback(by: 15)])
        #expect(s.session?.player.playback == .paused(position: 23))
    }

    @Test func thePlayersTraceIsShownByTheTraceKeyAndClosesBackToThePlayer() async {
        var s = await ScreenStates.playing()
        command(&s, "t")
        #expect(s.screen == .trace)
        press(&s, .pageDown, .pageDown, .pageDown, .pageDown)
        #expect(screen(s).contains("It can play here, so it plays."))
        press(&s, .escape)
        #expect(s.screen == .player)
        command(&s, "t"); press(&s, .function(2))
        #expect(s.covered == .player)
    }

    @Test func renderingShowsProgressThenStartsWhenReady() async {
        var s = await ScreenStates.moodBefore()
        _ = answerChecked(&s, ScreenStates.allPlayable)
        let plan = s.session!.player.plan!
        #expect(App.update(&s, .preparationProgressed(slug: "someone_else", fraction: 0.9, step: "x")) == [])
        #expect(App.update(&s, .preparationProgressed(slug: plan.slug, fraction: 0.45, step: "speaking line 4 of 9")) == [])
        #expect(s.session?.player.playback == .preparing(fraction: 0.45, step: "speaking line 4 of 9"))
        let text = screen(s).text
        #expect(text.contains("Preparing the audio: the first play only"))
        #expect(text.contains("45%"))
        #expect(text.contains("speaking line 4 of 9"))
        #expect(App.update(&s, .audioPrepared(slug: plan.slug)) == [.startPlayback(plan)])
    }

    @Test func aStartNobodyWaitsForIsStoppedAgain() async {
        var s = await ScreenStates.moodBefore()
        _ = answerChecked(&s, ScreenStates.allPlayable)
        let plan = s.session!.player.plan!
        command(&s, "x", "y")
        #expect(App.update(&s, .playbackStarted(ScreenStates.start(plan))) == [.stopPlayback])
        #expect(App.update(&s, .audioPrepared(slug: plan.slug)) == [])
        #expect(s.screen == .moodAfter)
    }

    @Test func keysBecomeEffectsAndTicksMoveTheProgress() async {
        var s = await ScreenStates.playing()
        #expect(press(&s, .char(" ")) == [.pausePlayback])
        #expect(s.session?.player.playback == .paused(position: 0))
        #expect(screen(s).contains("‖ Paused"))
        #expect(press(&s, .char(" ")) == [.resumePlayback])
        #expect(press(&s, .left) == [.seekPlayback(by: -15)])
        #expect(s.session?.player.playback == .playing(position: 0))
        #expect(press(&s, .right, .right) == [.seekPlayback(by: 15), .seekPlayback(by: 15)])
        #expect(s.session?.player.playback == .playing(position: 30))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 119.5, phase: .playing)))
        press(&s, .right)
        #expect(s.session?.player.playback == .playing(position: 119), "a seek stops short of the end")
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 61, phase: .playing)))
        let text = screen(s).text
        #expect(text.contains("▶ Playing  1:01"))
        #expect(text.contains("2:00"))
        #expect(text.contains("█"))
        command(&s, "c")
        #expect(s.session?.player.captionsOn == false)
        #expect(screen(s).contains("Captions are off"))
    }

    @Test("the current caption is the last one started", arguments: [(0.0, nil), (4.0, "Let your shoulders drop."),
                                                                      (12.0, "Breathe in for four."), (15.0, "And out, slowly, for six.")])
    func captionInSync(position: Double, line: String?) async {
        let s = await ScreenStates.playing(position: position)
        let text = screen(s).text
        if let line {
            #expect(text.contains("› " + line))
        } else {
            #expect(!text.contains("› "))
            #expect(text.contains("Let your shoulders drop."), "the first line is shown before it starts")
        }
    }

    @Test func aPlayerThatCannotSeekSaysSo() async {
        var s = await ScreenStates.playing(canSeek: false)
        let footer = screen(s).line(s.size.height - 1)
        #expect(!footer.contains("←→") && !footer.contains("15 s"), "a player that can't seek is not offered ←→: \(footer)")
        #expect(press(&s, .right) == [])
        #expect(s.notice == "mpv can't seek; Space pauses, x then Enter stops.")
        let seekable = await ScreenStates.playing()
        #expect(screen(seekable).line(seekable.size.height - 1).contains("←→ 15 s"))
    }

    @Test func theEndOfTheAudioLeadsToTheReflection() async {
        var s = await ScreenStates.playing(position: 100)
        for t in stride(from: 101.0, through: 119.0, by: 1) {
            _ = App.update(&s, .playerTicked(PlayerStatus(position: t, phase: .playing)))
        }
        let effects = App.update(&s, .playerTicked(PlayerStatus(position: 120, phase: .finished)))
        // 20 s heard of 120 (it resumed at 100): finished, but not listened to for the journal's ranking.
        #expect(effects == [.recordPlayback(id: 7, PlaybackRecord(outcome: .finished, audioSeconds: 20, length: 120))])
        #expect(effects.first.map { if case let .recordPlayback(_, r) = $0 { return r.listened } else { return true } } == false)
        #expect(s.screen == .moodAfter)
        #expect(s.notice?.hasPrefix("The session has finished.") == true)
        // Resumed near the end: it reached the end, and the line says how much was heard this time.
        let line = screen(s).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(line.contains("Reached the end: Deadline Pressure Valve. Heard 0:20 of it."), "\(line)")
    }

    @Test func aPlayerFailingAtStartFallsBackToReadAlongAndSaysWhy() async {
        var s = await ScreenStates.moodBefore()
        _ = answerChecked(&s, ScreenStates.allPlayable)
        let routed = s.session!.player.routed
        let failure = PlaybackFailure(slug: routed.slug, reason: "the player 'mpv' stopped as soon as it started", scope: .player)
        #expect(App.update(&s, .playbackFailed(failure)) == [.startPlayback(.readAlong(slug: routed.slug))])
        #expect(trace(s).contains("player → failed"))
        #expect(trace(s).last == "readAlong → text")
        #expect(s.session?.player.fallback?.contains("stopped as soon as it started") == true)
    }

    @Test func aSessionThatCannotRenderIsReplaced() async {
        var s = await ScreenStates.moodBefore()
        _ = answerChecked(&s, ScreenStates.allPlayable)
        let routed = s.session!.player.routed
        let effects = App.update(&s, .playbackFailed(PlaybackFailure(slug: routed.slug, reason: "sox failed", scope: .session)))
        guard case let .startPlayback(.substitute(slug, from, _))? = effects.first else { Issue.record("\(effects)"); return }
        #expect(from == routed.slug && slug != routed.slug)
        #expect(s.session?.player.availability?.reasons[routed.slug] == "sox failed")
    }

    @Test func failuresAreBoundedSoTheFallbackAlwaysEnds() async {
        var s = await ScreenStates.moodBefore()
        _ = answerChecked(&s, ScreenStates.allPlayable)
        var plans: [PlaybackPlan] = []
        for _ in 0..<PlayerUpdate.maxFailures {
            let slug = s.session!.player.plan!.slug
            for case let .startPlayback(plan) in App.update(&s, .playbackFailed(PlaybackFailure(slug: slug, reason: "bad", scope: .session))) {
                plans.append(plan)
            }
        }
        guard case .readAlong? = plans.last else { Issue.record("\(plans)"); return }
        #expect(plans.count == PlayerUpdate.maxFailures)
    }

    @Test func aPlayerFailingPartWayGoesOnAsReadAlongFromTheSameLine() async {
        var s = await ScreenStates.playing(position: 7)
        let slug = s.session!.player.session.slug
        let reason = "mpv couldn't open an audio device (details in ~/.local/state/allin/player.log)"
        let effects = App.update(&s, .playerTicked(PlayerStatus(position: 8, phase: .failed(reason: reason, atStart: false))))
        // 8 s is inside the second caption line (7-10 s): the words go on from that line.
        #expect(effects == [.continueReadAlong(slug: slug, from: ReadAlongPlace(cue: 1, position: 8))])
        #expect(s.screen == .player)
        let line = "The sound stopped: \(reason). Showing the words from here."
        #expect(s.session?.player.soundProblem == line)
        #expect(s.session?.player.plan == .readAlong(slug: slug))
        #expect(s.result?.recommendation.trace.last?.gate == "player")
        let start = PlaybackStart(slug: slug, mode: .readAlong, duration: 200, captions: FakeSessionPlayer().captions,
                                  position: 7, canSeek: true)
        #expect(App.update(&s, .playbackStarted(start)) == [])
        #expect(s.session?.player.playback == .playing(position: 7) && s.session?.player.audible == true)
        #expect(s.notice == nil, "not a same-day resume")
        let text = screen(s).text
        #expect(text.contains("The sound stopped: mpv couldn't open an audio device"))
        #expect(text.contains("› Breathe in for four."))
        #expect(!text.contains("Resuming"))
    }

    @Test func aPlayerFailingAtOnceGoesOnAsReadAlongFromTheStart() async {
        var s = await ScreenStates.playing()
        let slug = s.session!.player.session.slug
        let effects = App.update(&s, .playerTicked(PlayerStatus(position: 0, phase: .failed(reason: "no device", atStart: true),
                                                                audible: false)))
        #expect(effects == [.continueReadAlong(slug: slug, from: ReadAlongPlace(cue: nil, position: 0))])
        #expect(s.session?.player.soundProblem == "No sound output: no device. Showing the words instead.")
    }

    @Test func theScreenSaysStartingUntilSoundIsKnownToComeOut() async {
        var s = await ScreenStates.playing()
        s.modify(\.session) { $0.player.audible = false }
        #expect(screen(s).text.contains("… Starting"))
        #expect(!screen(s).text.contains("▶ Playing"))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 0.2, phase: .playing, audible: false)))
        #expect(screen(s).text.contains("… Starting"))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 0.4, phase: .playing, audible: true)))
        #expect(screen(s).text.contains("▶ Playing"))
        // Only time with sound counts as heard.
        #expect(abs((s.session?.player.audioSeconds ?? 0) - 0.2) < 1e-9)
    }

    @Test func stoppingNearTheEndDoesNotAsk() async {
        var s = await ScreenStates.playing(position: 110)   // the fake session is 120 s long
        let effects = command(&s, "x")
        #expect(effects.first == .stopPlayback)
        #expect(s.screen == .moodAfter)
    }

    /// Moved forward near the end and stopped: where it stopped and how long it ran are both said,
    /// each for what it is (not "after 0:01" for a stop at 1:50).
    @Test func aStopAfterSeekingSaysWhereItStoppedAndHowLongItRan() async {
        var s = await ScreenStates.playing(position: 0)   // the fake session is 120 s long
        s.modify(\.session) { $0.player.audible = true }
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 1, phase: .playing)))
        for _ in 0..<8 { press(&s, .right) }
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 110, phase: .playing)))
        command(&s, "x")
        #expect(s.screen == .moodAfter)
        let text = screen(s).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("Stopped early, at 1:50 of 2:00: Deadline Pressure Valve. Heard 0:01 of it."), "\(text)")
        // Stopped where it ran to without moving: one fact, said once.
        var plain = await ScreenStates.playing(position: 0)
        plain.modify(\.session) { $0.player.audible = true }
        for t in stride(from: 1.0, through: 30, by: 1) {
            _ = App.update(&plain, .playerTicked(PlayerStatus(position: t, phase: .playing)))
        }
        command(&plain, "x", "y")
        #expect(screen(plain).text.contains("Stopped early, at 0:30 of 2:00:") && !screen(plain).text.contains("of it"))
    }

    @Test func captionsCannotHideReadAlongText() async {
        var s = await ScreenStates.playing()
        s.modify(\.session) { $0.player.started?.mode = .readAlong }
        #expect(s.bindings.binding(for: .char("c")) == nil)
        command(&s, "c")
        #expect(s.session?.player.captionsOn == true)
        s.modify(\.session) { $0.player.captionsOn = false }
        #expect(screen(s).text.contains("Let your shoulders drop."), "the words still show")
    }

    /// At the smallest size the words being read are on screen, whole, even after long earlier lines
    /// and a notice (found from outside at 40x12: a stale half line of the first caption stayed).
    @Test func readAlongAtTheSmallestSizeShowsTheCurrentWords() async {
        var s = await ScreenStates.playing(position: 0)
        let texts = ["For the next few minutes, your only job is to notice how you are breathing, without changing it.",
                     "Let your hands land wherever they are comfortable, on your lap or by your sides, and rest.",
                     "Here is the square: breathe in for four, hold for four, out for four, hold for four."]
        let cues = texts.enumerated().map { CaptionCue(index: $0, sourceLine: $0 + 1, text: $1, start: Double($0) * 20, end: Double($0) * 20 + 18) }
        s.modify(\.session) {
            $0.player.started?.mode = .readAlong
            $0.player.started?.captions = CaptionTrack(cues: cues, duration: 60, estimated: true)
            $0.player.soundProblem = "No sound output: mpv couldn't open an audio device. Showing the words instead. Details are in the log."
        }
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 45, phase: .playing)))
        for size in [Size(width: 40, height: 12), Size(width: 60, height: 16), Size(width: 80, height: 24)] {
            var sized = s
            sized.size = size
            let text = screen(sized).text.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            #expect(text.contains("› Here is the square: breathe in"), "\(size): \(text)")
            #expect(text.contains("hold for four."), "\(size): the current words whole: \(text)")
        }
    }

    @Test func heardTimeCountsTicksNotSeeks() async {
        var s = await ScreenStates.playing(position: 0)
        s.modify(\.session) { $0.player.audible = true }
        for t in stride(from: 0.2, through: 2.0, by: 0.2) {
            _ = App.update(&s, .playerTicked(PlayerStatus(position: t, phase: .playing)))
        }
        press(&s, .right)
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 17.2, phase: .playing)))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 30, phase: .playing)))   // a jump, not listening
        let heard = s.session?.player.audioSeconds ?? 0
        #expect(abs(heard - 2.2) < 1e-6, "heard \(heard)")
    }

    @Test func theKeyTableMatchesTheState() async {
        var s = await ScreenStates.playing()
        #expect(s.bindings.binding(for: .char(" "))?.short == "pause")
        press(&s, .char(" "))
        #expect(s.bindings.binding(for: .char(" "))?.short == "play")
        #expect(s.bindings.binding(for: .char("q"))?.action == .stopSession)
        press(&s, .char("?"))
        #expect(s.overlay == .help(over: nil))
        #expect(screen(s).contains("back 15 seconds"))
    }

    /// Without where it stopped (an older player), the offer doesn't claim the resume point is it.
    @Test func theResumeQuestionNamesOnlyWhatItKnows() {
        #expect(PlayerView.resumeQuestion(at: 19, stoppedAt: 22.7)
            == "You stopped this session at 0:22 earlier today. Resume from 0:19, a little before, to hear that sentence again? (Enter resumes, r then Enter restarts)")
        #expect(PlayerView.resumeQuestion(at: 19, stoppedAt: nil)
            == "You stopped this session part-way earlier today. Resume from 0:19? (Enter resumes, r then Enter restarts)")
    }

    /// One session, one length: what the player says the session runs here (its audio's length once
    /// rendered, else its read-along pace) shows on the recommendation, in its reasons, on the mood
    /// question and in the library; once it starts, its running track's length, as the clock shows.
    @Test func oneSessionShowsOneLength() async throws {
        var s = checkInState()
        type(&s, "overw")
        press(&s, .enter, .enter)
        type(&s, "three deadlines this week")
        press(&s, .enter)
        press(&s, .char("5"), .enter)
        let effects = press(&s, .char("1"))
        guard case let .routeCheckIn(checkIn, answered)? = effects.first(where: { if case .routeCheckIn = $0 { true } else { false } }) else {
            Issue.record("no routing asked for")
            return
        }
        let r = await Router(catalog: s.context.gates!.catalog).route(checkIn, answered: answered)
        // The recommendation asks the player once how long sessions run here.
        #expect(App.update(&s, .checkInRouted(r)) == [.measureLengths])
        let session = try #require(r.session)
        #expect(session.durationSeconds != 333)
        let everySession = s.context.catalog.sessions.map(\.slug)
        _ = App.update(&s, .lengthsMeasured(Dictionary(uniqueKeysWithValues: everySession.map { ($0, 333.9) })))
        #expect(screen(s).text.contains("5 min 33 s · to"))
        #expect(screen(s).text.contains("It takes about 6 minutes."))
        press(&s, .enter)
        #expect(screen(s).text.contains("· 5 min 33 s"), "the mood question names the same length")
        var library = s
        library.current = .home
        #expect(command(&library, "a") == [.loadLibrary], "measured once")
        #expect(screen(library).text.contains("5:33") && !screen(library).text.contains("4:24"))
        // Started, the running track's length (here 2:00) is the session's length everywhere.
        press(&s, .char("4"), .enter)
        for effect in App.update(&s, .playabilityChecked(ScreenStates.allPlayable)) {
            if case let .startPlayback(plan) = effect { _ = App.update(&s, .playbackStarted(ScreenStates.start(plan))) }
        }
        #expect(s.length(of: session) == 120)
        #expect(screen(s).text.contains("2:00") && !screen(s).text.contains("5:33"))
    }

    @Test func aSessionLeftPartWayEarlierTodayAsksBeforeResuming() async {
        var s = await ScreenStates.moodBefore()
        press(&s, .char("4"), .enter)
        let routed = s.result!.recommendation.session!
        var available = ScreenStates.allPlayable
        available.resumePoints = [routed.slug: 192]
        available.stoppedAt = [routed.slug: 195.6]
        // Nothing starts until the person answers.
        #expect(App.update(&s, .playabilityChecked(available)) == [])
        #expect(s.session?.player.resumeOffer == 192)
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24)] {
            var sized = s
            sized.size = size
            let text = screen(sized).text.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            // Where they stopped, and where it resumes: a little before it.
            #expect(text.contains("You stopped this session at 3:15 earlier today. Resume from 3:12, a little before"), "\(text)")
            #expect(text.contains("resumes, r then Enter restarts)"))
        }
        // r starts over: the saved place is forgotten first, then the session starts.
        var restart = s
        let plan = PlaybackPlan.play(slug: routed.slug)
        #expect(command(&restart, "r") == [.forgetResume(slug: routed.slug), .startPlayback(plan)])
        #expect(restart.session?.player.resumeOffer == nil)
        // Enter resumes, and the start says where.
        #expect(press(&s, .enter) == [.startPlayback(plan)])
        _ = App.update(&s, .playbackStarted(ScreenStates.start(plan, at: 192)))
        #expect(s.notice == "Resumed at 3:12, a little before where you stopped earlier today.")
        // A failure later decides again without asking a second time.
        let again = App.update(&s, .playbackFailed(PlaybackFailure(slug: routed.slug, reason: "gone", scope: .player)))
        #expect(again == [.startPlayback(.readAlong(slug: routed.slug))])
    }

    @Test func xAtTheResumeQuestionGoesOnToReflectWithNothingPlayed() async {
        var s = await ScreenStates.moodBefore()
        press(&s, .char("4"), .enter)
        var available = ScreenStates.allPlayable
        available.resumePoints = [s.result!.recommendation.session!.slug: 60]
        _ = App.update(&s, .playabilityChecked(available))
        let effects = command(&s, "x")
        #expect(s.screen == .moodAfter)
        #expect(effects.contains { if case .beginJournal = $0 { return true } else { return false } })
        #expect(s.session?.player.ended == .notPlayed)
    }

    /// Read-along after support says "Reading again", never "Playing" (found from outside).
    @Test func readAlongAfterSupportSaysReadingAgain() {
        let start = ScreenStates.start(.readAlong(slug: "x"), at: 11)
        #expect(PlayerUpdate.startWords(start, afterSupport: 11) == "Reading again from 0:11, where it stopped when support opened.")
        let audio = ScreenStates.start(.play(slug: "x"), at: 11)
        #expect(PlayerUpdate.startWords(audio, afterSupport: 11)?.hasPrefix("Playing again from 0:11") == true)
    }
}
