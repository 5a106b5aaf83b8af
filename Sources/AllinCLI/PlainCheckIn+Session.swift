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
    mutating func session(_ r: Recommendation, _ session: Session, _ place: PlainSessionContext) async -> Int32 {
        let moodBefore: Int?
        let stopped = supportRecorded ? "Stopped before the session. Your journal keeps only that support opened, not your words.\n"
                                      : "Stopped before the session. Nothing was saved.\n"
        switch askMood("\nBefore you start: how do you feel right now, from 1 to 10? (Enter to skip) ") {
        case .ended:
            io.out(stopped)
            return 0
        case let .mood(m): moodBefore = m
        }
        var start = ""
        while true {
            io.out("Press Enter to start \(Visible.text(session.title)), or type 'skip' to go on without it: ")
            guard let line = io.readInputLine()?.trimmingCharacters(in: .whitespaces) else {
                io.out("\n" + stopped)
                return 0
            }
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 40) + "\n") }
            start = line.lowercased()
            if ["", "skip", "s"].contains(start) { break }
            // Words typed here are read by the crisis rule like any answer; they start nothing.
            if gates.detector.isHelpRequest(line) {
                support(.typedHelp(field: "start"))
                guard afterSupport() else { return 0 }
                continue
            }
            do {
                _ = try screen(line, field: "start", step: .intent, keepable: false)
            } catch {
                return 0
            }
            io.out("Press Enter to start, or type 'skip'.\n")
        }

        // The journal keeps the check-in from here, whatever happens next (marked not played until it plays).
        let journal = openJournal(place)
        let zone = LocalZone.current(environment: place.cli.environment)
        var id: Int64?
        if let journal {
            id = try? journal.begin(flow.answers, recommendation: r.played(session, extra: []), moodBefore: moodBefore,
                                    at: Date(), timeZone: zone)
            if let id { try? journal.recordPlayback(id, PlaybackRecord(outcome: .notPlayed)) }
            // Support opened earlier in this check-in, which went on: its record joins this entry.
            if let id, let row = supportRow {
                try? journal.mergeHandoff(row, into: id)
                supportRow = nil
            }
        }
        var record = PlaybackRecord(outcome: .notPlayed)
        if start != "skip" && start != "s" {
            do {
                let ctx = try AudioContext(cli: place.cli, args: place.args)
                let report = try? ctx.players(option: place.args["--player"])
                io.out("Keys while it plays: Space pauses, q or x stops.\n")
                let played = PlayCommand.play(session, ctx: ctx, report: report, speed: 1, fromStart: false)
                record = played.record
                if played.code >= 128 {
                    // Ended by a signal (SIGTERM, SIGHUP, Ctrl-C): what was heard is kept, and allin ends.
                    if let id { try? journal?.recordPlayback(id, record) }
                    io.out(id == nil ? "Stopped.\n" : "Stopped. Your check-in is kept in your journal, marked as stopped early.\n")
                    return played.code
                }
            } catch {
                io.out("The session can't play here (\(Visible.text(String(describing: error), limit: 120))).\n")
            }
            if let id { try? journal?.recordPlayback(id, record) }
        }

        let moodAfter: Int?
        switch askMood("\nAnd now? How do you feel, from 1 to 10? (Enter to skip) ") {
        case .ended: moodAfter = nil
        case let .mood(m): moodAfter = m
        }
        let note = askNote(entry: id)
        if let id {
            try? journal?.complete(id, moodAfter: moodAfter, note: note, at: Date())
            io.out("\nSaved to your journal on this computer.\n")
        } else {
            io.out("\nNot saved: the journal could not be opened. 'allin where' shows where it lives.\n")
        }
        if MoodDrop.feltWorse(before: moodBefore, after: moodAfter) {
            io.out("You feel worse than before, and that matters. Thank you for saying so honestly.\n")
            io.out("Talk to someone now: 'allin resources' lists people who listen, at any hour. Or try another session: 'allin --plain'.\n")
        } else if let summary = try? journal?.summary(now: Date(), timeZone: zone) {
            io.out(JournalCopy.streak(summary.streak) + "\n")
        }
        return 0
    }

    /// The reflection note, read by the one crisis rule as in the full-screen front (an over-long
    /// one too, before it is refused): nil when skipped, or when support opened from it (then it is
    /// not kept, and the person is told). Support opened here is recorded on the check-in's `entry`.
    mutating func askNote(entry: Int64?) -> String? {
        var note: String?
        while true {
            io.out("A note for your journal (Enter to skip): ")
            guard let line = io.readInputLine() else { break }
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 200) + "\n") }
            // The note is read by the one crisis rule, as in the full-screen front.
            let report = gates.check.check(field: "note", text: line, answered: answered)
            switch report.verdict {
            case .clear:
                if line.count > TextLimits.freeText {
                    io.out("That note has \(line.count) characters; the most it takes is \(TextLimits.freeText). Please shorten it.\n")
                    if io.inputIsTerminal { continue }
                    break
                }
                note = StepModel.nonEmpty(line)
            case let .concern(d):
                // "No" or "not sure" opens support whatever the note's length; a "yes" keeps a note that fits.
                if let reason = askSafe(.embodyNew, otherwise: .notSafe(FlowCrisis(step: .embodyNew, field: "note", finding: d.finding))) {
                    support(reason, entry: entry)
                } else if line.count > TextLimits.freeText {
                    io.out("That note has \(line.count) characters; the most it takes is \(TextLimits.freeText), so it was not kept.\n")
                } else {
                    note = line
                }
            case let .handoff(d):
                support(.noteTripwire(d.finding), entry: entry)
                io.out("Your note was not kept, because support opened from it.\n")
            case .askedForHelp:
                support(.typedHelp(field: "note"), entry: entry)
            }
            break
        }
        return note
    }

    enum MoodAnswer { case mood(Int?), ended }

    /// A mood from 1 to 10. Words typed here are read by the crisis rule like any answer.
    mutating func askMood(_ prompt: String) -> MoodAnswer {
        while true {
            io.out(prompt)
            guard let raw = io.readInputLine() else { return .ended }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 20) + "\n") }
            if line.isEmpty { return .mood(nil) }
            if let n = Int(line), (1...10).contains(n) { return .mood(n) }
            if gates.detector.isHelpRequest(line) {
                support(.typedHelp(field: "mood"))
                guard afterSupport() else { return .ended }
                continue
            }
            do {
                if try screen(line, field: "mood", step: .intent, keepable: false) == .again { continue }
            } catch {
                return .ended
            }
            io.out("Please type a number from 1 to 10, or press Enter to skip.\n")
        }
    }

    func openJournal(_ place: PlainSessionContext) -> JournalStore? {
        guard let paths = try? place.cli.appPaths(place.args) else { return nil }
        return try? JournalStore.open(path: paths.journal)
    }
}
