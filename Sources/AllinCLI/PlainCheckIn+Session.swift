import AllinAudio
import AllinCore
import AllinStore
import AllinUI
import Foundation

/// What `allin --plain` needs after the recommendation: the command line (for the player, the
/// catalog's audio and the journal's place).
struct PlainSessionContext {
    let cli: CLI
    let args: Arguments
}

/// After the recommendation, `allin --plain` is the rest of the loop: mood before, the session (a
/// player, or the words read along), mood after, a note read by the crisis rule, and the journal.
extension PlainCheckIn {
    mutating func session(_ r: Recommendation, _ session: Session, _ place: PlainSessionContext,
                          completion: FlowCompletion) async -> Int32 {
        // From here the check-in is kept however it ends, its session marked not played until it plays
        // (`allin journal --help`; the full-screen front keeps it on close the same way).
        let taken = flow.answersTaken(expressSoothe: completion.expressSoothe, in: catalog.vocabulary)
        var pending = PlainJournal.Pending(answers: taken, recommendation: r.played(session, extra: []),
                                           moodBefore: nil, at: Date())
        journal.expect(pending)
        var start = StartAnswer.start
        let resumeAt = PlayCommand.resumePosition(session.slug, cli: place.cli, args: place.args)
        do {
            while true {
                pending.moodBefore = try askMood("\nBefore you start: how do you feel right now, from 1 to 10? (Enter to skip) ")
                journal.expect(pending)
                do {
                    start = try askStart(session, resumeAt: resumeAt)
                    break
                } catch .back {
                    continue   // to the mood before
                }
            }
        } catch {
            // Stopped from support: only that support opened is kept (the privacy rule).
            if case .stopped = error { return 0 }
            journal.keep()
            io.out("\nStopped before the session. \(PlainJournal.sentence(journal.kept()))\n")
            return 0
        }

        journal.keep()
        if start != .other {
            let lines = playLines()
            do {
                let ctx = try AudioContext(cli: place.cli, args: place.args, leavingOutBadSettings: true)
                let report = try? ctx.players(option: place.args["--player"])
                io.out(PlayLines.hint(inputIsTerminal: io.inputIsTerminal) + "\n")
                // The play loop answers signals while it plays: it stops the session and says where.
                journal.playLoopAnswersSignals(true)
                let played = PlayCommand.play(session, ctx: ctx, report: report, speed: 1, fromStart: start == .restart, plain: true,
                                              lines: lines, signalsForwarded: journal.catchSignals())
                journal.recordPlayback(played.record)
                journal.playLoopAnswersSignals(false)
                if played.code >= 128 {
                    // Ended by a signal (SIGTERM, SIGHUP, Ctrl-C): what was heard is kept, and allin ends.
                    io.out("Stopped. \(PlainJournal.sentence(journal.kept()))\n")
                    return played.code
                }
                if played.record.outcome == .stoppedEarly, lines.heard == nil {
                    io.out(PlainJournal.sentence(journal.kept()) + "\n")
                }
            } catch {
                io.out("The session can't play here: \(Visible.text(AudioContext.plainWords(error), limit: 200))\n")
            }
            if let heard = lines.heard {
                do { try readHeard(heard) } catch { return 0 }
            }
        }

        var moodAfter: Int?
        var note: String?
        do {
            while true {
                moodAfter = try askMood("\nAnd now? How do you feel, from 1 to 10? (Enter to skip) ")
                // Kept at once: a check-in closed at the note keeps both moods, completed without a note.
                journal.complete(moodAfter: moodAfter, note: nil)
                do {
                    note = try askNote()
                    break
                } catch .back {
                    continue   // to the mood after
                }
            }
        } catch {
            switch error {
            case .ended: break
            case .stopped: return 0
            default:
                io.out("Stopped. \(PlainJournal.sentence(journal.kept()))\n")
                return 0
            }
        }
        let problem = journal.complete(moodAfter: moodAfter, note: note)
        // Said only of what is read back from the journal file.
        let saved: Bool
        var noteKept = false
        switch journal.kept() {
        case let .entry(e) where e.isComplete:
            saved = true
            noteKept = e.note != nil
            if demo {
                io.out("\nKept for this demo only: forgotten when it closes.\n")
            } else if note == nil || e.note != nil {
                io.out("\nSaved to your journal on this computer.\n")
            } else {
                io.out("\nSaved to your journal on this computer, but not your note."
                       + (problem.map { " " + Visible.text($0.message) } ?? "") + "\n")
            }
        default:
            saved = false
            io.out(journal.problem == nil
                   ? "\nNot saved: the journal file no longer has this check-in (was its folder moved or deleted?). 'allin where' shows where it lives.\n"
                   : "\nNot saved: the journal could not be opened. 'allin where' shows where it lives.\n")
        }
        // A note the journal could not keep is not lost: it is printed back for the person to keep.
        if let note, !noteKept { io.out(Self.noteBack(note)) }
        if MoodDrop.feltWorse(before: pending.moodBefore, after: moodAfter) {
            io.out(SupportPrint.afterFeelingWorse(before: pending.moodBefore, after: moodAfter,
                                                  catalog.helplines.resources(for: region), again: "'allin --plain'"))
        } else if saved, let summary = journal.summary() {
            io.out(JournalCopy.streak(summary.streak) + "\n")
        }
        if let noteRefused {
            io.err("allin --plain: \(noteRefused)\n")
            return 2
        }
        return 0
    }

    /// What is typed while the session plays, read by the one crisis rule as it comes: a line it does
    /// not clear (or a request for help) stops the session and opens support at once (`readHeard`).
    func playLines() -> PlayLines {
        let check = gates.check, answered = answered
        return PlayLines(io: io) { check.check(field: "session", text: $0, answered: answered).verdict != .clear }
    }

    /// A line typed while the session played that stopped it: support as at every prompt (the gentle
    /// question for the middle band). Throws `.stopped` when the person stops from support.
    mutating func readHeard(_ line: String) throws(Interrupt) {
        if !io.inputIsTerminal { io.out("> \(Visible.text(line, limit: 200))\n") }
        if gates.detector.isHelpRequest(line) {
            support(.typedHelp(field: "session"))
            guard afterSupport() else { throw .stopped }
            return
        }
        _ = try screen(line, field: "session", step: .intent, keepable: false)
    }

    /// The other answer "Press Enter to start" takes: `allin --plain` goes on without the session
    /// ('skip'), `allin plan next` leaves the step for another time ('later').
    enum StartOther {
        case skip, later

        var word: String { self == .skip ? "skip" : "later" }
        var words: Set<String> { self == .skip ? ["skip", "s"] : ["later", "skip"] }
        var meaning: String { self == .skip ? "to go on without it" : "to leave this step for another time" }
    }

    /// The answer to "Press Enter to start".
    enum StartAnswer { case start, restart, other }

    /// "Press Enter to start": Enter starts (where the session was stopped earlier today, when it
    /// was: `resumeAt`, said in the prompt), 'restart' starts from the beginning, `other` ('skip' or
    /// 'later') leaves it. Other words are read by the crisis rule like any answer and start nothing;
    /// 'back' returns to the mood before.
    mutating func askStart(_ session: Session, other: StartOther = .skip, resumeAt: Double? = nil) throws(Interrupt) -> StartAnswer {
        let resume = resumeAt.map { " (it goes on from \(Clock.text($0)), a little before where you stopped earlier today; type 'restart' to begin again)" } ?? ""
        while true {
            io.out("Press Enter to start \(Visible.text(session.title))\(resume), or type '\(other.word)' \(other.meaning): ")
            guard let line = io.readInputLine()?.trimmingCharacters(in: .whitespaces) else { throw .ended }
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 40) + "\n") }
            if try command(line) { continue }
            if line.isEmpty { return .start }
            if ["restart", "from the start", "start again"].contains(line.lowercased()) { return .restart }
            if other.words.contains(line.lowercased()) { return .other }
            if gates.detector.isHelpRequest(line) {
                support(.typedHelp(field: "start"))
                guard afterSupport() else { throw .stopped }
                continue
            }
            _ = try screen(line, field: "start", step: .intent, keepable: false)
            io.out("Press Enter to start, or type '\(other.word)'.\n")
        }
    }

    /// The reflection note, read by the one crisis rule as in the full-screen front (an over-long
    /// one too, before it is refused): nil when skipped, or when support opened from it (then it is
    /// not kept, and the person is told). Support opened here is recorded on the check-in's `entry`.
    mutating func askNote() throws(Interrupt) -> String? {
        var note: String?
        while true {
            io.out("A note for your journal (Enter to skip, 'back' to change your mood, 'quit' to stop): ")
            guard let line = io.readInputLine() else { break }
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 200) + "\n") }
            // 'back' and 'quit' do here what they do at every prompt; they are never kept as the note.
            if try command(line.trimmingCharacters(in: .whitespaces)) { continue }
            // The note is read by the one crisis rule, as in the full-screen front.
            let report = gates.check.check(field: "note", text: line, answered: answered)
            switch report.verdict {
            case .clear:
                if line.count > TextLimits.freeText {
                    let says = "That note has \(line.count) characters; the most it takes is \(TextLimits.freeText)"
                    if io.inputIsTerminal {
                        io.out(says + ". Please shorten it.\n")
                        continue
                    }
                    io.out(says + ", so it was not kept.\n")
                    noteRefused = says + "."
                    break
                }
                note = StepModel.nonEmpty(line)
            case let .concern(d):
                // "No" or "not sure" opens support whatever the note's length; a "yes" keeps a note that fits.
                if let reason = askSafe(.embodyNew, otherwise: .notSafe(FlowCrisis(step: .embodyNew, field: "note", finding: d.finding))) {
                    support(reason)
                    io.out(Self.noteNotKept)
                } else if line.count > TextLimits.freeText {
                    io.out("That note has \(line.count) characters; the most it takes is \(TextLimits.freeText), so it was not kept.\n")
                    if !io.inputIsTerminal { noteRefused = "That note has \(line.count) characters; the most it takes is \(TextLimits.freeText)." }
                } else {
                    note = line
                }
            case let .handoff(d):
                support(.noteTripwire(d.finding))
                io.out(Self.noteNotKept)
            case .askedForHelp:
                support(.typedHelp(field: "note"))
                io.out(Self.noteNotKept)
            }
            break
        }
        return note
    }

    /// A note the journal could not keep, printed back (escaped like all typed text) so the person
    /// can keep it somewhere else.
    static func noteBack(_ note: String) -> String {
        "Here is your note, to keep somewhere else:\n  \(Visible.text(note))\n"
    }

    /// Said whenever support opened from the note: it is never kept then.
    static let noteNotKept = "Your note was not kept, because support opened from it.\n"

    /// A mood from 1 to 10 (nil: skipped). 'quit', 'back' and the end of the input interrupt it, as
    /// at every prompt; words typed here are read by the crisis rule like any answer.
    mutating func askMood(_ prompt: String) throws(Interrupt) -> Int? {
        while true {
            io.out(prompt)
            guard let raw = io.readInputLine() else { throw .ended }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 20) + "\n") }
            do {
                if try command(line) { continue }
            } catch .back {
                io.out("There is no step to go back to from here: answer, or type 'quit' to stop.\n")
                continue
            }
            if line.isEmpty { return nil }
            if let n = Int(line), (1...10).contains(n) { return n }
            if gates.detector.isHelpRequest(line) {
                support(.typedHelp(field: "mood"))
                guard afterSupport() else { throw .stopped }
                continue
            }
            if try screen(line, field: "mood", step: .intent, keepable: false) == .again { continue }
            io.out("Please type a number from 1 to 10, or press Enter to skip.\n")
        }
    }
}
