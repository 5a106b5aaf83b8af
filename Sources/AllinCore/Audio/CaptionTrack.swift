/// One caption line and when it is spoken, in seconds from the start of the audio.
public struct CaptionCue: Sendable, Equatable {
    /// Position among the spoken lines (0-based).
    public var index: Int
    /// The 1-based line number in the script file.
    public var sourceLine: Int
    public var text: String
    public var start: Double
    public var end: Double

    public init(index: Int, sourceLine: Int, text: String, start: Double, end: Double) {
        self.index = index
        self.sourceLine = sourceLine
        self.text = text
        self.start = start
        self.end = end
    }
}

/// The caption lines of one session with their timings, and the length of the whole audio.
public struct CaptionTrack: Sendable, Equatable {
    public var cues: [CaptionCue]
    public var duration: Double
    /// True when timings were estimated from word counts rather than measured from rendered speech.
    public var estimated: Bool

    public init(cues: [CaptionCue], duration: Double, estimated: Bool) {
        self.cues = cues
        self.duration = duration
        self.estimated = estimated
    }

    /// The caption to show at `time`: the last cue that has started (it stays up through the
    /// silence after it), or nil before the first line.
    public func cueIndex(at time: Double) -> Int? {
        var low = 0, high = cues.count
        while low < high {
            let mid = (low + high) / 2
            if cues[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// True while a line is being spoken at `time` (not in a pause or a gap).
    public func isSpeaking(at time: Double) -> Bool {
        guard let i = cueIndex(at: time) else { return false }
        return time < cues[i].end
    }

    /// The same captions stretched to an audio of `newDuration` seconds (for a user's recording).
    public func scaled(to newDuration: Double) -> CaptionTrack {
        guard duration > 0, newDuration > 0 else { return self }
        let f = newDuration / duration
        return CaptionTrack(cues: cues.map {
            CaptionCue(index: $0.index, sourceLine: $0.sourceLine, text: $0.text, start: $0.start * f, end: $0.end * f)
        }, duration: newDuration, estimated: true)
    }
}
