/// What can be played on this machine right now, as the audio adapter found it.
public struct AudioAvailability: Sendable, Equatable {
    /// The player that would be used, or nil when none was found.
    public var player: String?
    /// Why there is no player, in plain words (shown when `player` is nil).
    public var noPlayerReason: String
    /// Sessions that have audio or can get it: a recording, a rendered file, or a script and the tools to render it.
    public var playable: Set<String>
    /// Why a session is not playable (or failed to play this time), by slug.
    public var reasons: [String: String]
    /// Where sessions were left part-way earlier today (seconds, backed up a little), by slug: the
    /// screen asks before resuming there.
    public var resumePoints: [String: Double] = [:]
    /// Where those sessions were stopped (seconds, by slug): the resume point is a little before.
    public var stoppedAt: [String: Double] = [:]

    public init(player: String?, noPlayerReason: String = "no audio player was found", playable: Set<String>,
                reasons: [String: String] = [:]) {
        self.player = player
        self.noPlayerReason = noPlayerReason
        self.playable = playable
        self.reasons = reasons
    }

    /// True when `slug` can be played now.
    public func canPlay(_ slug: String) -> Bool { player != nil && playable.contains(slug) }

    /// Why `slug` cannot be played, or nil when it can.
    public func reason(_ slug: String) -> String? {
        if player == nil { return noPlayerReason }
        if playable.contains(slug) { return nil }
        return reasons[slug] ?? "no audio for it and no way to render it"
    }

    /// The same facts after `slug` failed to play, for deciding again.
    public func markingFailed(_ slug: String, reason: String) -> AudioAvailability {
        var copy = self
        copy.playable.remove(slug)
        copy.reasons[slug] = reason
        return copy
    }
}

/// What the session screen does with a routed session.
public enum PlaybackPlan: Sendable, Equatable {
    /// Play the routed session.
    case play(slug: String)
    /// Play another session the legacy matcher picked, because the routed one cannot play.
    case substitute(slug: String, routed: String, match: LegacyMatch)
    /// Nothing can play: show the routed session's script as timed read-along text.
    case readAlong(slug: String)

    /// The session that will run.
    public var slug: String {
        switch self {
        case let .play(s), let .substitute(s, _, _), let .readAlong(s): return s
        }
    }
}

/// The playability decision and its trace entries (appended to the route's trace).
public struct PlayabilityDecision: Sendable, Equatable {
    public var plan: PlaybackPlan
    public var trace: [TraceEntry]
    /// What the screen says when it does not simply play the routed session; nil when it does.
    public var notice: String?
}

/// Routed session playable → play it; else the legacy matcher's pick; else read-along text.
public enum Playability {
    public static func decide(routed: Session, checkIn: CheckIn, sootheFirst: Bool, catalog: Catalog,
                              audio: AudioAvailability, matcher: LegacyMatcher? = nil) -> PlayabilityDecision {
        var trace: [TraceEntry] = []
        guard let why = audio.reason(routed.slug) else {
            trace.append(TraceEntry(gate: "playability", decision: "play", details: [
                ("slug", .string(routed.slug)), ("player", .optional(audio.player)),
            ]))
            return PlayabilityDecision(plan: .play(slug: routed.slug), trace: trace, notice: nil)
        }
        trace.append(TraceEntry(gate: "playability", decision: "unplayable", details: [
            ("slug", .string(routed.slug)), ("player", .optional(audio.player)), ("reason", .string(why)),
        ]))
        let text = LegacyMatcher.text(of: checkIn, vocabulary: catalog.vocabulary)
        let m = (matcher ?? LegacyMatcher(catalog: catalog)).match(
            text: text, lane: routed.lane, excluding: [routed.slug], sameLaneOnly: sootheFirst,
            isPlayable: audio.canPlay)
        if let m, let chosen = catalog.session(m.slug) {
            trace.append(TraceEntry(gate: "legacyMatcher", decision: "substitute", details: [
                ("slug", .string(m.slug)), ("lane", .string(m.lane.rawValue)), ("sameLane", .bool(m.sameLane)),
                ("score", .int(m.score)), ("matched", .array(m.matched.map(JSONValue.string))),
                ("reason", .string(m.reason)),
            ]))
            let notice = "“\(routed.title)” can’t be played here (\(why)), so playing “\(chosen.title)” instead: \(m.reason)."
            return PlayabilityDecision(plan: .substitute(slug: m.slug, routed: routed.slug, match: m), trace: trace,
                                       notice: notice)
        }
        let none = audio.player == nil ? "no player, so no session can play"
            : sootheFirst ? "no other playable session in lane soothe (soothe first: other lanes not tried)"
            : "no other playable session in lane \(routed.lane.rawValue) or sharing words with the check-in"
        trace.append(TraceEntry(gate: "legacyMatcher", decision: "none", details: [("reason", .string(none))]))
        trace.append(TraceEntry(gate: "readAlong", decision: "text", details: [
            ("slug", .string(routed.slug)), ("reason", .string(why)),
        ]))
        let notice = "“\(routed.title)” can’t be played here (\(why)); it runs as read-along text."
        return PlayabilityDecision(plan: .readAlong(slug: routed.slug), trace: trace, notice: notice)
    }
}
