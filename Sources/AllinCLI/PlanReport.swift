import AllinCore
import Foundation

/// How a plan is printed: `plan show` (text and JSON) and `plan explain`.
enum PlanReport {
    static func json(_ plan: StoredPlan, listing: CatalogListing, zone: TimeZone) -> JSONValue {
        .object([
            ("id", .int(Int(plan.id))),
            ("createdAt", .string(JournalEntry.iso8601(plan.createdAt, in: zone))),
            ("active", .bool(plan.active)),
            ("steps", .array(plan.steps.map { s in
                .object([
                    ("index", .int(s.step.index)), ("area", .string(s.step.area)), ("type", .string(s.step.type.rawValue)),
                    ("slug", .string(s.step.slug)),
                    ("title", .string(listing.sessions.first { $0.slug == s.step.slug }?.title ?? s.step.slug)),
                    ("fallback", .optional(s.step.fallback?.rawValue)), ("played", .bool(s.playedAt != nil)),
                    ("moodBefore", s.moodBefore.map { .int($0) } ?? .null), ("moodAfter", s.moodAfter.map { .int($0) } ?? .null),
                ])
            })),
        ])
    }

    static func text(_ plan: StoredPlan, listing: CatalogListing, zone: TimeZone) -> String {
        let day = String(JournalEntry.iso8601(plan.createdAt, in: zone).prefix(10))
        var out = "Your plan (made \(day)): \(plan.playedCount) of \(plan.steps.count) steps played.\n\n"
        let areaWidth = plan.steps.map { label($0.step.area, listing).count }.max() ?? 0
        for s in plan.steps {
            let title = Visible.text(listing.sessions.first { $0.slug == s.step.slug }?.title ?? s.step.slug)
            var line = String(format: "%3d. ", s.step.index) + s.step.type.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                + label(s.step.area, listing).padding(toLength: areaWidth + 2, withPad: " ", startingAt: 0) + title
            if s.playedAt != nil {
                line += "  · played"
                if let b = s.moodBefore, let a = s.moodAfter { line += ", mood \(b) → \(a) (\(a - b >= 0 ? "+" : "")\(a - b))" }
            }
            out += line + "\n"
        }
        if let next = plan.next {
            let title = listing.sessions.first { $0.slug == next.step.slug }?.title ?? next.step.slug
            out += "\nNext: step \(next.step.index), \(Visible.text(title)). Play it with: allin plan next\n"
        } else {
            out += "\nEvery step is played. Make a new plan when you are ready.\n"
        }
        return out
    }

    static func label(_ area: String, _ listing: CatalogListing) -> String { listing.plan.area(area)?.label ?? area }

    /// Each area's words and query with what the search found (rank, bm25 score, kept or not), then each
    /// step with where its session came from.
    static func explain(_ plan: StoredPlan, draft: PlanDraft, catalog: Catalog) -> String {
        var out = "How your plan was chosen (the search runs again on the catalog in use).\n"
        out += "Steps per area come from its rating (1-3: 4 steps, 4-6: 3, 7-10: 2), adjusted to 10; areas take turns.\n"
        for (i, search) in draft.searches.enumerated() {
            let area = plan.intake.areas[i]
            out += "\n\(catalog.plan.area(search.area)?.label ?? search.area) (rated \(area.rating))\n"
            out += "  words: " + (search.words.isEmpty ? "(none left after dropping filler)" : search.words.joined(separator: ", ")) + "\n"
            out += "  query: " + (search.query.isEmpty ? "(none)" : Visible.text(search.query, limit: 400)) + "\n"
            if search.hits.isEmpty { out += "  found: nothing\n" }
            for (rank, hit) in search.hits.enumerated() {
                let kept = search.kept.contains(hit.slug) ? "kept: its theme belongs to this area" : "not this area's theme"
                out += String(format: "  %2d. %@  score %.3f  (%@)\n", rank + 1, hit.slug, hit.score, kept)
            }
        }
        out += "\nSteps:\n"
        for s in plan.steps {
            let why: String
            switch s.step.fallback {
            case nil: why = "a search match from this area's themes"
            case .clusterMapped?: why = "fallback: one of this area's themes the search did not find"
            case .nonSituational?: why = "fallback: a session for any situation (search matches first)"
            case .final?: why = "fallback: the catalog's last fallback"
            }
            out += String(format: "%3d. %@  %@  %@: %@\n", s.step.index, s.step.type.rawValue,
                          catalog.plan.area(s.step.area)?.label ?? s.step.area, s.step.slug, why)
        }
        if draft.steps.map(\.slug) != plan.steps.map(\.step.slug) {
            out += "\nThe catalog has changed since this plan was made: today the search would choose differently.\n"
        }
        return out
    }
}
