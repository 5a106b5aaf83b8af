import Foundation

extension CaptionTrack {
    /// The captions file saved beside rendered audio: the track plus what it was rendered from.
    public func json(slug: String, cacheKey: String?) -> JSONValue {
        func ms(_ t: Double) -> JSONValue { .number((t * 1000).rounded() / 1000) }
        return .object([
            ("slug", .string(slug)),
            ("cacheKey", .optional(cacheKey)),
            ("duration", ms(duration)),
            ("estimated", .bool(estimated)),
            ("cues", .array(cues.map { cue in
                .object([("index", .int(cue.index)), ("line", .int(cue.sourceLine)), ("start", ms(cue.start)),
                         ("end", ms(cue.end)), ("text", .string(cue.text))])
            })),
        ])
    }

    /// Reads a captions file written by `json(slug:cacheKey:)`; nil when it is not one.
    public static func decode(_ data: Data) -> (track: CaptionTrack, slug: String, cacheKey: String?)? {
        guard let root = try? JSONValue.parse(data),
              case let .string(slug)? = root["slug"],
              case let .number(duration)? = root["duration"],
              case let .array(items)? = root["cues"] else { return nil }
        var cues: [CaptionCue] = []
        for item in items {
            guard case let .number(index)? = item["index"], case let .number(line)? = item["line"],
                  case let .number(start)? = item["start"], case let .number(end)? = item["end"],
                  case let .string(text)? = item["text"], start <= end else { return nil }
            cues.append(CaptionCue(index: Int(index), sourceLine: Int(line), text: text, start: start, end: end))
        }
        guard zip(cues, cues.dropFirst()).allSatisfy({ $0.start <= $1.start }) else { return nil }
        var estimated = false
        if case let .bool(b)? = root["estimated"] { estimated = b }
        var key: String?
        if case let .string(k)? = root["cacheKey"] { key = k }
        return (CaptionTrack(cues: cues, duration: duration, estimated: estimated), slug, key)
    }
}
