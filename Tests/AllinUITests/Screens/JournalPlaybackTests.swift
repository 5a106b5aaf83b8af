import AllinCore
import Foundation
import Testing
@testable import AllinUI
import AllinTestSupport

/// The journal's detail says what happened to the session: heard, read along, stopped early, not played.
@Suite("Journal detail: what happened to the session")
struct JournalPlaybackTests {
    @Test("the session line", arguments: [
        (PlaybackRecord(outcome: .finished, audioSeconds: 257, length: 257), "heard 4:17 of 4:17; played to the end"),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 70, readAlongSeconds: 125, length: 257),
         "heard 1:10, then read along 2:05 of 4:17; stopped early"),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 40, length: 257),
         "heard 0:40 of 4:17; stopped early (too little to count among the sessions that raised mood most)"),
        (PlaybackRecord.notPlayed, "not played (skipped, or stopped before it began)"),
        // Moved forward to the end: it was not played to the end.
        (PlaybackRecord(outcome: .finished, readAlongSeconds: 5, length: 260),
         "read along 0:05 of 4:20; reached the end (too little to count among the sessions that raised mood most)"),
        (PlaybackRecord(outcome: .finished, audioSeconds: 250, length: 257), "heard 4:10 of 4:17; played to the end"),
    ])
    func sessionLine(record: PlaybackRecord, expected: String) {
        #expect(CheckInWords.playback(record) == expected)
    }

    @Test func theDetailShowsIt() throws {
        let journal = MemoryJournal()
        let id = JournalFixtures.add(journal, JournalFixtures.today, JournalFixtures.stressed,
                                     JournalFixtures.routed("deadline_pressure_valve"), before: 4, after: 6)
        try journal.recordPlayback(id, PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 70, readAlongSeconds: 125, length: 257))
        let entry = try #require(try journal.entry(id))
        let text = JournalDetailView.lines(entry, TestCatalog.context(), width: 80).map { $0.map(\.text).joined() }
        #expect(text.contains { $0.contains("Played") && $0.contains("heard 1:10, then read along 2:05 of 4:17; stopped early") })
    }
}
