import AllinCLI
import AllinCore
import AllinUI

/// Keypress-to-frame time of the terminal front on the in-memory terminal: `update`, `view` and the
/// diff against the previous frame (applied to an in-memory screen), for a scripted session that
/// visits every screen. Routing effects are answered between frames and not timed.
struct FrameBench {
    let catalog: Catalog
    let size: Size

    /// One pass: a check-in in the unblock lane, its trace, support with region switches, and the lab.
    static let script: [Key] = {
        var keys: [Key] = [.char("c")]
        keys += "overw".map { Key.char($0) } + [.down, .down, .up, .backspace, .escape, .down, .enter]
        keys += [.down, .down, .down, .enter] + "my manager moved the deadline again".map { Key.char($0) }
        keys += [.ctrl("w"), .home, .end, .enter]
        keys += [.char("5"), .right, .left, .char(" "), .down, .char(" "), .enter]
        keys += [.char("4"), .char("y"), .down, .enter, .enter, .tab] + "at school".map { Key.char($0) }
        keys += [.enter, .down, .enter]
        keys += [.char("t"), .pageDown, .escape, .char("?"), .escape, .char("h")]
        keys += [.function(2), .char("r"), .char("r"), .down, .escape, .char("n"), .escape, .char("y")]
        keys += [.char("l"), .right, .right, .down] + "i feel stuck".map { Key.char($0) }
        keys += [.down, .down, .char("8"), .pageDown, .escape]
        return keys
    }()

    /// Frame times in nanoseconds for `passes` runs of the script.
    func run(passes: Int) async -> (samples: [Double], frames: Int, fullRedraw: Double) {
        let clock = ContinuousClock()
        let router = Router(catalog: catalog)
        let context = AppContext(catalog: catalog, environment: ["LANG": "en_GB.UTF-8"])
        var samples: [Double] = []
        samples.reserveCapacity(passes * Self.script.count)
        var fullRedraw = 0.0
        for _ in 0..<passes {
            var state = AppState(context: context, size: size)
            var screen = Canvas(size: size)
            var previous = App.view(state, size: size)
            screen.apply(previous.changes(from: nil))
            for key in Self.script {
                let t0 = clock.now
                let effects = App.update(&state, .keyPressed(key))
                let frame = App.view(state, size: size)
                screen.apply(frame.changes(from: previous))
                let elapsed = clock.now - t0
                samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
                previous = frame
                for effect in effects {
                    switch effect {
                    case let .routeCheckIn(checkIn, _):
                        _ = App.update(&state, .checkInRouted(await router.route(checkIn)))
                    case let .routeLab(checkIn, revision):
                        _ = App.update(&state, .labRouted(revision: revision, await router.route(checkIn)))
                    default: break
                    }
                }
            }
            let t0 = clock.now
            let frame = App.view(state, size: size)
            screen.apply(frame.changes(from: nil))
            let elapsed = clock.now - t0
            fullRedraw = max(fullRedraw, Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        }
        return (samples, samples.count, fullRedraw)
    }
}
