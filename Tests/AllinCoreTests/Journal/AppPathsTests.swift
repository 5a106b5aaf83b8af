import Testing
@testable import AllinCore

@Suite("AppPaths: XDG data, cache and config directories")
struct AppPathsTests {
    @Test func defaultsUnderHome() throws {
        let p = try AppPaths.resolve(environment: ["HOME": "/home/ann"], dataDirOption: nil, workingDirectory: "/w")
        #expect(p.data == "/home/ann/.local/share/allin" && p.dataSource == "HOME")
        #expect(p.journal == "/home/ann/.local/share/allin/journal.sqlite3")
        #expect(p.cache == "/home/ann/.cache/allin" && p.config == "/home/ann/.config/allin")
    }

    @Test func precedenceOptionThenAllinThenXDG() throws {
        let env = ["HOME": "/h", "XDG_DATA_HOME": "/xdg/data", "ALLIN_DATA_DIR": "/allin", "XDG_CACHE_HOME": "/xdg/cache"]
        #expect(try AppPaths.resolve(environment: env, dataDirOption: "/opt", workingDirectory: "/w").data == "/opt")
        #expect(try AppPaths.resolve(environment: env, dataDirOption: nil, workingDirectory: "/w").dataSource == "ALLIN_DATA_DIR")
        var noAllin = env
        noAllin["ALLIN_DATA_DIR"] = nil
        let p = try AppPaths.resolve(environment: noAllin, dataDirOption: nil, workingDirectory: "/w")
        #expect(p.data == "/xdg/data/allin" && p.cache == "/xdg/cache/allin" && p.config == "/h/.config/allin")
    }

    @Test func relativePaths() throws {
        #expect(try AppPaths.resolve(environment: [:], dataDirOption: "j/../data/.", workingDirectory: "/w").data == "/w/data")
        // A relative XDG path is ignored, as the specification says.
        let p = try AppPaths.resolve(environment: ["HOME": "/h", "XDG_DATA_HOME": "rel"], dataDirOption: nil, workingDirectory: "/w")
        #expect(p.data == "/h/.local/share/allin")
    }

    @Test func noHomeAndNoOptionNamesTheField() throws {
        #expect(throws: JournalError.self) { try AppPaths.resolve(environment: [:], dataDirOption: nil, workingDirectory: "/") }
        #expect(throws: JournalError.invalid(field: "--data-dir", message: "must not be empty")) {
            try AppPaths.resolve(environment: ["HOME": "/h"], dataDirOption: "", workingDirectory: "/")
        }
        #expect(try AppPaths.resolve(environment: [:], dataDirOption: "/d", workingDirectory: "/").cache == nil)
    }
}
