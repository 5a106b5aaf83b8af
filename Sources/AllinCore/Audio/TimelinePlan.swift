/// How silence is laid around speech: a lead-in, a gap between lines, a tail after the last line.
public struct TimelineLayout: Sendable, Equatable {
    public var leadIn: Double
    public var gap: Double
    public var tail: Double

    public init(leadIn: Double = 3, gap: Double = 0.9, tail: Double = 6) {
        self.leadIn = leadIn
        self.gap = gap
        self.tail = tail
    }

    public static let standard = TimelineLayout()
}

/// One piece of the audio, in order: silence, or spoken line `index` of the script.
public enum TimelineSegment: Sendable, Equatable {
    case silence(Double)
    case speech(line: Int)
}

/// The order of speech and silence for a script, and the captions it produces. A `[pause N]`
/// between two lines replaces the usual gap; pauses in a row add up; pauses before the first line
/// follow the lead-in, and pauses after the last line come before the tail.
public struct TimelinePlan: Sendable, Equatable {
    public var segments: [TimelineSegment]
    public var track: CaptionTrack

    /// Lays out `script` with the measured (or estimated) length of each spoken line.
    public init(script: SessionScript, lineDurations: [Double], layout: TimelineLayout = .standard,
                estimated: Bool = false) {
        var segments: [TimelineSegment] = []
        var cues: [CaptionCue] = []
        var clock = 0.0
        var pending = layout.leadIn
        var pausedSinceLastLine = false
        var spoken = 0
        func addSilence(_ seconds: Double) {
            guard seconds > 0 else { return }
            if case let .silence(previous)? = segments.last {
                segments[segments.count - 1] = .silence(previous + seconds)
            } else {
                segments.append(.silence(seconds))
            }
            clock += seconds
        }
        for item in script.items {
            switch item {
            case let .pause(seconds, _):
                if spoken > 0, !pausedSinceLastLine { pending = 0 }
                pending += seconds
                pausedSinceLastLine = true
            case let .line(text, sourceLine):
                addSilence(pending)
                let length = max(0, spoken < lineDurations.count ? lineDurations[spoken] : 0)
                segments.append(.speech(line: spoken))
                cues.append(CaptionCue(index: spoken, sourceLine: sourceLine, text: text, start: clock, end: clock + length))
                clock += length
                spoken += 1
                pending = layout.gap
                pausedSinceLastLine = false
            }
        }
        addSilence(pausedSinceLastLine ? pending + layout.tail : layout.tail)
        self.segments = segments
        self.track = CaptionTrack(cues: cues, duration: clock, estimated: estimated)
    }

    /// How many spoken lines come before segment `index`.
    public func linesBefore(_ index: Int) -> Int {
        segments[..<min(index, segments.count)].reduce(0) { n, s in if case .speech = s { n + 1 } else { n } }
    }

    /// Read-along timing when no audio was rendered: each line lasts as long as espeak-ng takes to
    /// say it at `wordsPerMinute`. Fitted to the 1,050 catalog lines rendered at 130 wpm: 0.356 s a
    /// word (espeak-ng's words come 1.3 times faster than its rate says) plus 1.1 s a line for the
    /// pauses at its punctuation; every session's estimate is then within 10% of its render.
    public static func estimated(script: SessionScript, wordsPerMinute: Double,
                                 layout: TimelineLayout = .standard) -> TimelinePlan {
        TimelinePlan(script: script, lineDurations: estimatedDurations(script: script, wordsPerMinute: wordsPerMinute),
                     layout: layout, estimated: true)
    }

    /// The estimated length of each spoken line (see `estimated`).
    public static func estimatedDurations(script: SessionScript, wordsPerMinute: Double) -> [Double] {
        let rate = max(40, wordsPerMinute) * 1.3
        return script.lines.map { Double(max(1, SessionScript.words(in: $0))) * 60 / rate + 1.1 }
    }
}
