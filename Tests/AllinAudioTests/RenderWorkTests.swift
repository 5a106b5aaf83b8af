import Foundation
import Testing
@testable import AllinAudio

/// Render work folders: a stale one (its allin is gone) is swept, a live one is left, and those of
/// renders still running are removed on the way out.
@Suite("Render work folders")
struct RenderWorkTests {
    let tmp = TempDir()

    func folder(_ name: String) -> URL {
        let url = tmp.path(name)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.appendingPathComponent("line-0.wav").path, contents: Data("x".utf8))
        return url
    }

    @Test func staleFoldersAreSweptAndLiveOnesKept() {
        // A pid above any pid_max can't run; the parent of this process does.
        let stale = folder(".work-box-breath_reset-2147483600-abcd1234")
        let live = folder(".work-box_breath_reset-\(getppid())-abcd1234")
        let own = folder(".work-box_breath_reset-\(getpid())-abcd1234")
        let other = folder("box_breath_reset-0123456789abcdef.ogg.d")
        #expect(RenderWork.sweepStale(in: tmp.url) == 1)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        for kept in [live, own, other] { #expect(FileManager.default.fileExists(atPath: kept.path)) }
    }

    @Test func foldersOfRunningRendersGoOnTheWayOut() throws {
        let work = try RenderWork.begin(slug: "box_breath_reset", in: tmp.url)
        #expect(FileManager.default.fileExists(atPath: work.path))
        #expect(work.lastPathComponent.hasPrefix(".work-box_breath_reset-\(getpid())-"))
        // Only this test's folder: renders of other tests run in this process at the same time.
        RenderWork.removeAll(under: tmp.url)
        #expect(!FileManager.default.fileExists(atPath: work.path))
    }
}
