import AllinTestSupport
import Testing
@testable import AllinUI

@Suite("Key tables drive dispatch, footer and help")
struct KeyTableTests {
    @Test func noKeyIsBoundTwiceOnAnyScreen() {
        for s in ScreenStates.allScreens() {
            var seen: [Key: Action] = [:]
            for b in s.bindings where !b.isNote {
                for key in b.keys {
                    #expect(seen[key] == nil, "\(key) bound twice on \(s.screen)")
                    seen[key] = b.action
                }
            }
        }
    }

    @Test func everyFooterComesFromTheTableAndEndsWithHelpAndSupport() {
        for s in ScreenStates.allScreens() {
            let footer = screen(s).line(s.size.height - 1)
            #expect(footer.contains("F2 support"), "\(s.screen)")
            for b in s.bindings where b.footer && footer.contains(b.label + " ") {
                #expect(footer.contains(b.label + " " + b.short))
            }
        }
    }

    @Test func helpListsEachKeyOnce() {
        for s in ScreenStates.allScreens() where s.overlay == nil {
            var seen: Set<String> = []
            for (keys, help) in HelpOverlay.rows(s.keyTable) {
                #expect(!help.contains("(also"), "\(s.screen): \(help)")
                for key in keys.split(separator: " ") {
                    #expect(seen.insert(String(key)).inserted, "\(key) listed twice on \(s.screen)")
                    #expect(!help.contains("(\(key) ") && !help.contains(" \(key))"), "\(s.screen): \(help)")
                }
            }
        }
    }

    @Test func helpOverlayListsEveryBindingOfTheScreen() {
        for var s in ScreenStates.allScreens() where s.overlay == nil {
            let table = s.keyTable
            _ = App.update(&s, .keyPressed(.function(1)))
            #expect(s.overlay == .help(over: nil))
            let big = App.view(s, size: Size(width: 120, height: 60)).text
            for b in table { #expect(big.contains(TextWidth.truncate(b.help, width: 40).dropLast()), "\(b.help)") }
        }
    }
}
