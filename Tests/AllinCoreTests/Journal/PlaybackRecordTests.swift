import Foundation
import Testing
@testable import AllinCore

/// The listened rule: 60% of a session's length heard or read along.
@Suite("Playback record: the listened rule")
struct PlaybackRecordTests {
    @Test("listened when audio and read-along together reach 60% of the length", arguments: [
        (PlaybackRecord(outcome: .finished, audioSeconds: 300, length: 300), true),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 180, length: 300), true),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 179.9, length: 300), false),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 100, readAlongSeconds: 80, length: 300), true),
        (PlaybackRecord(outcome: .finished, audioSeconds: 20, length: 300), false),   // resumed near the end
        (PlaybackRecord(outcome: .finished, audioSeconds: 20), true),                 // length unknown: it ended
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 500), false),
        (PlaybackRecord(outcome: .notPlayed, length: 300), false),
        (PlaybackRecord(outcome: .notPlayed, audioSeconds: 300, length: 300), false),
    ])
    func listened(record: PlaybackRecord, expected: Bool) {
        #expect(record.listened == expected)
    }

    @Test func modeNamesHowItRan() {
        #expect(PlaybackRecord(outcome: .finished, audioSeconds: 1).mode == "audio")
        #expect(PlaybackRecord(outcome: .finished, readAlongSeconds: 1).mode == "read_along")
        #expect(PlaybackRecord(outcome: .finished, audioSeconds: 1, readAlongSeconds: 1).mode == "audio_then_read_along")
        #expect(PlaybackRecord.notPlayed.mode == "none")
        #expect(PlaybackRecord(outcome: .finished, audioSeconds: -3).audioSeconds == 0)
    }

    @Test func onlyListenedSessionsRankAndOlderCheckInsStillCount() {
        let day = LocalDay(iso: "2024-05-01")!
        func point(_ slug: String, _ before: Int, _ after: Int, listened: Bool?) -> JournalPoint {
            JournalPoint(day: day, completed: true, moodBefore: before, moodAfter: after, sessionSlug: slug, listened: listened)
        }
        let points = [point("walk", 3, 5, listened: true), point("brief", 1, 10, listened: false),
                      point("old", 4, 7, listened: nil)]
        #expect(SessionImpact.rank(points).map(\.slug) == ["old", "walk"])
    }

    /// "Last played" leaves out a session that never began; one stopped early was still played.
    @Test func aSessionNeverBegunIsNotLastPlayed() {
        let may1 = LocalDay(iso: "2024-05-01")!, may2 = LocalDay(iso: "2024-05-02")!
        let points = [
            JournalPoint(day: may1, completed: true, sessionSlug: "walk", played: true),
            JournalPoint(day: may2, completed: true, sessionSlug: "walk", played: false),
            JournalPoint(day: may2, completed: true, sessionSlug: "brief", listened: false, played: true),
            JournalPoint(day: may1, completed: true, sessionSlug: "old"),
        ]
        #expect(JournalPoint.lastPlayed(points, plans: [], timeZone: .gmt) == ["walk": may1, "brief": may2, "old": may1])
        #expect(CheckInWords.playedShort(.notPlayed) == "not played")
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 5, length: 300)) == "stopped early")
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .finished, audioSeconds: 300, length: 300)) == nil)
        // Reaching the end with too little taken in: "part read" when only read along, never "heard".
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .finished, readAlongSeconds: 20, length: 275)) == "part read")
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .finished, audioSeconds: 20, length: 275)) == "part heard")
        // Skipped (or resumed) to its end with too little heard or read: it reached the end, but does not count.
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .finished, readAlongSeconds: 4, length: 248)) == "part read")
        // Stopped at two thirds: it counts as listened to, and the list still says it was stopped.
        #expect(CheckInWords.playedShort(PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 200, length: 300)) == "stopped early")
    }

    @Test func theJournalExportSaysWhatHappened() throws {
        let r = PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 12.34, readAlongSeconds: 100, length: 150)
        let json = JournalEntry.playbackJSON(r)
        #expect(json["outcome"] == .string("stopped_early") && json["mode"] == .string("audio_then_read_along"))
        #expect(json["audioSeconds"] == .number(12.3) && json["listened"] == .bool(true))
        let memory = MemoryJournal()
        #expect(throws: JournalError.self) { try memory.recordPlayback(1, r) }
    }
}
