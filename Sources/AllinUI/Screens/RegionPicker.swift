import AllinCore

/// The country list that `r` opens on the support screen: type part of a name (or a code), move with
/// the arrows, Enter shows that country's lines.
public struct RegionPicker: Equatable, Sendable {
    public var query = TextField("", limit: 40)
    public var cursor = 0

    public init() {}

    /// The rows for what is typed: every matching country, with what support has for it; countries whose
    /// lines allin lists come before the others, and the international directory is always last.
    static func items(_ query: String, _ helplines: HelplineDirectory) -> [ListItem] {
        let listed = Set(helplines.regions.map(\.code))
        var found = helplines.countries.search(query)
        // A code or name typed exactly stays first; then countries whose lines allin lists, then the rest.
        let exact = found.prefix { $0.isNamed(exactly: query) }
        let rest = found.dropFirst(exact.count)
        found = Array(exact) + rest.filter { listed.contains($0.code) } + rest.filter { !listed.contains($0.code) }
        var items = found.map { c in
            let detail = listed.contains(c.code) ? "helplines" : c.emergency.map { "emergency \($0.number)" } ?? "directory"
            return ListItem(id: c.code, label: c.name, detail: detail)
        }
        // When the country table is missing (a catalog without countries.json), the listed regions still show.
        if helplines.countries.countries.isEmpty {
            let table = CountryTable(countries: helplines.regions.map {
                Country(code: $0.code, name: $0.name, aliases: $0.aliases, emergency: nil)
            })
            items = table.search(query).map { ListItem(id: $0.code, label: $0.name, detail: "helplines") }
        }
        items.append(ListItem(id: "", label: "Another country: the international directory"))
        return items
    }

    /// What Enter shows for the highlighted row, for the footer and the help. Read from what support
    /// will show for it, so the promise holds: lines only for a country with lines of its own, else its
    /// emergency number, else the international directory.
    func enterShows(_ helplines: HelplineDirectory) -> (footer: String, help: String) {
        let items = Self.items(query.text, helplines)
        let id = items[min(cursor, items.count - 1)].id
        let resources = helplines.resources(for: id.isEmpty ? nil : id)
        if resources.hasLines { return ("show its lines", "show this country's crisis lines") }
        if resources.emergency != nil {
            return ("show its emergency number", "show its emergency number and a directory of lines")
        }
        return ("show the directory", "show the international directory of crisis lines")
    }
}

/// Keys of the open country list.
enum RegionPickerUpdate {
    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard var s = state.support, var picker = s.picker else { return [] }
        let items = RegionPicker.items(picker.query.text, state.context.catalog.helplines)
        switch action {
        case let .edit(edit):
            _ = picker.query.apply(edit)
            picker.cursor = 0
        case .up: picker.cursor = max(0, picker.cursor - 1)
        case .down: picker.cursor = min(items.count - 1, picker.cursor + 1)
        case .pageUp: picker.cursor = max(0, picker.cursor - 8)
        case .pageDown: picker.cursor = min(items.count - 1, picker.cursor + 8)
        case .choose:
            // Words the crisis check reads as more than a country's name choose no country: the lines
            // shown stay as they were (typed words match no country, which left only the directory).
            // Words that match no country choose nothing either: only the directory was left, and
            // choosing it would take the person's own lines off the screen (found from outside:
            // "really tired of all this" typed on support — its 'r' opened this list — replaced
            // Samaritans and 999 with "Region not set"). The directory is chosen from the full list.
            let matchesNothing = items.count == 1 && !picker.query.text.trimmed.isEmpty
            if matchesNothing {
                if !checkLeaving(&s, picker.query.checkedText, state.context) {
                    state.notice = "No country matches what was typed, so the lines stay as they were."
                }
            } else if !checkLeaving(&s, picker.query.checkedText, state.context) {
                let id = items[min(picker.cursor, items.count - 1)].id
                s.region = id.isEmpty ? nil : id
                s.note = nil
                // Kept for the rest of the run ("" for no country).
                state.chosenRegion = id
            }
            s.scroll = 0
            s.picker = nil
            state.modify(\.support) { $0 = s }
            return []
        case .back:
            checkLeaving(&s, picker.query.checkedText, state.context)
            s.picker = nil
            state.modify(\.support) { $0 = s }
            return []
        default: break
        }
        s.picker = picker
        state.modify(\.support) { $0 = s }
        return []
    }

    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        guard var s = state.support, var picker = s.picker else { return [] }
        let dropped = picker.query.insertReporting(text)
        if dropped > 0 { state.notice = picker.query.refusal(dropped: dropped) }
        picker.cursor = 0
        s.picker = picker
        state.modify(\.support) { $0 = s }
        return []
    }

    /// Leaving the search: its words go through the one crisis check like every text field's. Support
    /// is already open; a more urgent finding puts the emergency number first. True when the check
    /// found anything (a statement, the gentle band or a request for help).
    @discardableResult
    static func checkLeaving(_ s: inout SupportState, _ text: String, _ context: AppContext) -> Bool {
        // Typing here waits for the detectors (`App.worksBeforeDetectors`), so they are loaded.
        guard !text.allSatisfy(\.isWhitespace), let check = context.gates?.check else { return false }
        let verdict = check.check(field: "country search", text: text).verdict
        if case let .handoff(d) = verdict, d.finding.tier > (s.reason.tier ?? .none) { s.reason = .noteTripwire(d.finding) }
        return verdict != .clear
    }
}
