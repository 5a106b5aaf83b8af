import AllinCore

/// The tables of the session screens: the mood sliders, the player, the note and the end.
extension Bindings {
    static func mood(before: Bool) -> [KeyBinding] {
        var table: [KeyBinding] = [
            // No letters move the scale: a word typed here is words (found from outside: the 'h' of
            // "hurting myself" set the mood after to 5, and the journal kept it).
            KeyBinding([.left], "←→", "mood", help: "lower", action: .lower),
            KeyBinding([.right], "→", "higher", help: "higher", action: .higher, footer: false),
            KeyBinding((0...9).map { Key.char(Character(String($0))) }, "1-9,0", "set", help: "set 1 to 9; 0 is 10",
                       action: .setMood, footer: false),
            KeyBinding([.enter], "Enter", before ? "start" : "next",
                       help: before ? "start the session with this mood" : "go on to the note", action: .next),
            KeyBinding([.char("s")], "s", "skip", help: "skip this question (nothing is stored for it)", action: .skip),
        ]
        if before {
            table.append(KeyBinding([.escape], "Esc", "back", help: "back to the recommendation", action: .back))
            table.append(KeyBinding([.char("q")], "q", "quit", help: "quit (asks first mid check-in)", action: .quit,
                                    footer: false))
        }
        return table
    }

    static func player(_ p: PlayerState) -> [KeyBinding] {
        if p.interrupted {
            return [
                KeyBinding([.char(" "), .enter], "Space", "play again", help: "start it again, from where it stopped when the player can",
                           action: .togglePause),
                KeyBinding([.char("x"), .char("q")], "x", "reflect", help: "end the session and reflect",
                           action: .stopSession),
                KeyBinding([.char("t")], "t", "trace", help: "show each step of the decision in plain words",
                           action: .showTrace),
            ]
        }
        if p.resumeOffer != nil {
            return [
                KeyBinding([.enter, .char(" ")], "Enter", "resume", help: "resume where you stopped earlier today",
                           action: .resumeHere),
                KeyBinding([.char("r")], "r", "restart", help: "start the session again from the beginning", action: .startOver),
                KeyBinding([.char("x"), .char("q")], "x", "reflect", help: "skip the session and go on to reflect",
                           action: .stopSession),
                KeyBinding([.char("t")], "t", "trace", help: "show each step of the decision in plain words",
                           action: .showTrace, footer: false),
            ]
        }
        if p.confirmingStop {
            return [
                KeyBinding([.char("y")], "y", "stop", help: "yes, stop the session and go on to reflect", action: .confirmStop,
                           names: Bindings.yes),
                KeyBinding([.char("n"), .escape, .char(" ")], "n", "keep going", help: "no, keep going",
                           action: .keepPlaying, names: Bindings.no),
            ]
        }
        // Stopping is x (or q), never s: s skips the mood question just before, and one key must not
        // both skip a question and stop a session.
        var table = [
            KeyBinding([.char(" ")], "Space", p.playback.isPausedPhase ? "play" : "pause", help: "pause or resume",
                       action: .togglePause),
            KeyBinding([.char("x"), .char("q")], "x", "stop",
                       help: "stop and go on to reflect (asks first unless it is nearly over)", action: .stopSession),
        ]
        // A player that can't seek is not offered ←→ (the keys still say why they do nothing).
        if p.started?.canSeek != false {
            table += [
                KeyBinding([.left], "←→", "15 s", help: "back 15 seconds", action: .seekBack),
                KeyBinding([.right], "→", "forward", help: "forward 15 seconds", action: .seekForward, footer: false),
            ]
        } else {
            table += [
                KeyBinding([.left], "←", "", help: "this player can't seek", action: .seekBack, footer: false),
                KeyBinding([.right], "→", "", help: "this player can't seek", action: .seekForward, footer: false),
            ]
        }
        // In read-along the words are the session, so they can't be turned off.
        if !p.isReadAlong {
            table.append(KeyBinding([.char("c")], "c", "captions", help: "captions on or off", action: .toggleCaptions))
        }
        table.append(KeyBinding([.char("t")], "t", "trace", help: "show each step of the decision in plain words",
                                action: .showTrace, footer: false))
        return table
    }

    static let note: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "finish", help: "finish (an empty note is fine)", action: .next),
        KeyBinding([.escape], "Esc", "back", help: "back to the mood question", action: .back),
    ] + editing

    static let journalKey = KeyBinding([.char("J")], "J", "journal", help: "open your journal", action: .openJournal)

    /// Scrolling the end screen when it is longer than the window (▼ says so).
    static let doneScrolling: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑/k", "scroll", help: "scroll up", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↓/j", "scroll", help: "scroll down", action: .down, footer: false),
        KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
        KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
    ]

    static let done: [KeyBinding] = [
        KeyBinding([.enter, .char("h")], "Enter", "home", help: "back to the start", action: .goHome),
        journalKey,
        KeyBinding([.char("q")], "q", "quit", action: .quit),
    ] + doneScrolling

    /// The end of a plan step: home, or back to the plan.
    static let donePlanStep: [KeyBinding] = [
        KeyBinding([.enter, .char("h")], "Enter", "home", help: "back to the start", action: .goHome),
        KeyBinding([.char("b")], "b", "your plan", help: "back to your plan", action: .pickByKey),
        KeyBinding([.char("q")], "q", "quit", action: .quit),
    ] + doneScrolling

    /// The end after a session that left the person feeling worse: support and another session first.
    static let doneWorse: [KeyBinding] = [
        KeyBinding([.char("s")], "s", "talk to someone", help: "crisis support: people to call or text now",
                   action: .openSupport),
        KeyBinding([.char("n")], "n", "another session", help: "start a new check-in for another session",
                   action: .newCheckIn),
        KeyBinding([.enter, .char("h")], "Enter", "home", help: "back to the start", action: .goHome),
        KeyBinding([.char("J")], "J", "journal", help: "open your journal", action: .openJournal, footer: false),
        KeyBinding([.char("q")], "q", "quit", action: .quit),
    ] + doneScrolling
}

extension PlaybackPhase {
    var isPausedPhase: Bool { if case .paused = self { return true } else { return false } }
}
