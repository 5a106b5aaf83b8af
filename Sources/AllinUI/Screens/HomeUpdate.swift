import AllinCore

/// One entry of the home menu.
struct HomeItem: Equatable {
    enum Choice: Equatable { case continueCheckIn, newCheckIn, journal, plan, beliefs, library, demo, lab, support, help, quit }
    var key: Character
    var title: String
    var choice: Choice

    static func items(_ state: AppState) -> [HomeItem] {
        var list: [HomeItem] = []
        if state.checkIn != nil {
            list.append(HomeItem(key: "c", title: "Continue your check-in", choice: .continueCheckIn))
            list.append(HomeItem(key: "n", title: "Start a new check-in", choice: .newCheckIn))
        } else {
            list.append(HomeItem(key: "c", title: "Start a check-in", choice: .newCheckIn))
        }
        list.append(HomeItem(key: "J", title: "Your journal", choice: .journal))
        list.append(HomeItem(key: "p", title: "Your safety plan", choice: .plan))
        list.append(HomeItem(key: "b", title: "A 10-step plan", choice: .beliefs))
        if state.context.demo, !state.context.demoScenarios.isEmpty {
            list.append(HomeItem(key: "d", title: "Scripted check-ins", choice: .demo))
        }
        list.append(HomeItem(key: "l", title: "Routing lab", choice: .lab))
        list.append(HomeItem(key: "s", title: "Crisis support", choice: .support))
        list.append(HomeItem(key: "?", title: "Keys and help", choice: .help))
        list.append(HomeItem(key: "q", title: "Quit", choice: .quit))
        // Always listed: a window too short for the whole menu scrolls it (HomeView), with a mark for
        // what is below (found from outside: at 40x12 the demo's menu left the library out unseen).
        if let at = list.firstIndex(where: { $0.choice == .beliefs }) {
            list.insert(HomeItem(key: "a", title: "Audio library", choice: .library), at: at + 1)
        }
        return list
    }
}

/// The home menu's actions.
enum HomeUpdate {
    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        let items = HomeItem.items(state)
        switch action {
        case .up: state.home.cursor = max(0, state.home.cursor - 1)
        case .down: state.home.cursor = min(items.count - 1, state.home.cursor + 1)
        case .choose, .pickByKey:
            if let picked = choice(state, action, key: key) { return choose(&state, picked) }
        default: break
        }
        return []
    }

    /// The menu entry `action` would choose (Enter on the highlighted one, or its key); nil for a move.
    static func choice(_ state: AppState, _ action: Action, key: Key) -> HomeItem.Choice? {
        let items = HomeItem.items(state)
        switch action {
        case .choose: return items[min(state.home.cursor, items.count - 1)].choice
        case .pickByKey:
            guard let c = key.character else { return nil }
            if c == "n" { return .newCheckIn }
            if c == "a" { return .library }
            return items.first(where: { $0.key == c })?.choice
        default: return nil
        }
    }

    static func choose(_ state: inout AppState, _ choice: HomeItem.Choice) -> [Effect] {
        switch choice {
        case .continueCheckIn:
            if var c = state.checkIn {
                CheckInUpdate.enterStep(&c, state.context)
                state.model.openCheckIn(c)
            }
            return []
        case .newCheckIn:
            var c = CheckInState()
            CheckInUpdate.enterStep(&c, state.context)
            state.model.openCheckIn(c)
            return []
        case .journal:
            return JournalUpdate.open(&state)
        case .plan:
            return PlanUpdate.open(&state)
        case .beliefs:
            return BeliefsUpdate.open(&state)
        case .library:
            return LibraryUpdate.open(&state)
        case .demo:
            state.current = .demo
            return []
        case .lab:
            state.current = .lab
            state.lab.editor = TextField(LabUpdate.text(state.lab.field, state.lab.answers) ?? "", limit: AppContext.textLimit)
            return state.lab.result == nil ? LabUpdate.changed(&state) : []
        case .support:
            App.openSupport(&state, reason: .asked)
            return []
        case .help:
            state.overlay = .help(over: nil)
            state.helpScroll = 0
            return []
        case .quit: return [.quit]
        }
    }
}
