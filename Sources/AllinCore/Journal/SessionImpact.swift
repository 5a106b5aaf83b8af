/// How much one session raised mood on average, over the check-ins that rated mood before and after.
public struct SessionImpact: Sendable, Equatable {
    public var slug: String
    public var title: String?
    public var averageChange: Double
    public var count: Int

    /// Sessions ranked by average change (highest first), then by how often they were rated, then slug.
    /// Only sessions with at least `minimumCount` rated check-ins take part, and only check-ins whose
    /// session was listened to (`PlaybackRecord.listened`; older check-ins without a record count).
    public static func rank(_ points: [JournalPoint], minimumCount: Int = 1, limit: Int = 5) -> [SessionImpact] {
        var sums: [String: (total: Int, count: Int, title: String?)] = [:]
        for p in points where p.completed && p.kind == .audio && p.listened != false {
            guard let slug = p.sessionSlug, let change = p.moodChange else { continue }
            let old = sums[slug] ?? (0, 0, nil)
            sums[slug] = (old.total + change, old.count + 1, p.sessionTitle ?? old.title)
        }
        let ranked = sums.filter { $0.value.count >= max(1, minimumCount) }.map { slug, v in
            SessionImpact(slug: slug, title: v.title, averageChange: Double(v.total) / Double(v.count), count: v.count)
        }.sorted { a, b in
            if a.averageChange != b.averageChange { return a.averageChange > b.averageChange }
            if a.count != b.count { return a.count > b.count }
            return a.slug < b.slug
        }
        return Array(ranked.prefix(max(0, limit)))
    }
}
