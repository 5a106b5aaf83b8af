import AllinCore

/// A scripted check-in for `allin demo`: what it shows, and the answers the real flow starts from.
public struct DemoScenario: Equatable, Sendable {
    public var id: String
    public var title: String
    /// What the scenario demonstrates, in a phrase.
    public var shows: String
    /// What the router must answer: "audio:LANE", "question" or "handoff".
    public var expect: String
    public var checkIn: CheckIn
    /// Words typed into the situation list's filter instead of an answer: the scenario starts there, so
    /// Enter shows that words typed into a list are checked like any others.
    public var filter: String?

    public init(id: String, title: String, shows: String, expect: String, checkIn: CheckIn, filter: String? = nil) {
        self.id = id
        self.title = title
        self.shows = shows
        self.expect = expect
        self.checkIn = checkIn
        self.filter = filter
    }
}
