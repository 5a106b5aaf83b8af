/// A problem with a plan's intake, naming the field (`areas[1].answers[2]`) in the JSON's own terms.
public struct PlanInputError: Error, Sendable, Equatable {
    public var field: String
    public var message: String

    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}

extension PlanIntake {
    /// Reads `{"areas":[{"area":ID,"rating":1-10,"answers":[four strings]}, … three …]}`: exactly three
    /// different areas from the catalog, whole-number ratings 1–10, four non-empty answers each (at most
    /// 2,000 characters, like every answer). The first problem found is thrown, naming its field.
    public static func parse(_ value: JSONValue, plan: PlanCatalog) throws(PlanInputError) -> PlanIntake {
        guard case let .object(pairs) = value else {
            throw PlanInputError(field: "(input)", "expected a JSON object with 'areas', found \(value.typeName)")
        }
        for (key, _) in pairs where key != "areas" {
            throw PlanInputError(field: Visible.text(key, limit: 60), "unknown key; expected 'areas'")
        }
        guard let list = value["areas"], list != .null else { throw PlanInputError(field: "areas", "is required") }
        guard case let .array(items) = list else { throw PlanInputError(field: "areas", "must be a list, found \(list.typeName)") }
        guard items.count == PlanCatalog.areaCount else {
            throw PlanInputError(field: "areas", "needs exactly \(PlanCatalog.areaCount) areas, found \(items.count)")
        }
        var areas: [Area] = []
        for (i, item) in items.enumerated() {
            let at = "areas[\(i)]"
            guard case let .object(fields) = item else { throw PlanInputError(field: at, "must be an object, found \(item.typeName)") }
            for (key, _) in fields where !["area", "rating", "answers"].contains(key) {
                throw PlanInputError(field: "\(at).\(Visible.text(key, limit: 60))", "unknown key; expected area, rating, answers")
            }
            guard case let .string(id)? = item["area"] else { throw PlanInputError(field: "\(at).area", "is required (a life area id)") }
            guard plan.area(id) != nil else {
                throw PlanInputError(field: "\(at).area", "'\(Visible.text(id, limit: 40))' is not a life area; expected one of \(plan.lifeAreas.map(\.id).joined(separator: ", "))")
            }
            if areas.contains(where: { $0.area == id }) {
                throw PlanInputError(field: "\(at).area", "'\(id)' is chosen twice; the three areas must differ")
            }
            guard case let .number(n)? = item["rating"], n == n.rounded(), (1...10).contains(n) else {
                throw PlanInputError(field: "\(at).rating", "must be a whole number from 1 to 10")
            }
            guard case let .array(raw)? = item["answers"] else {
                throw PlanInputError(field: "\(at).answers", "is required (a list of \(PlanCatalog.questionCount) answers)")
            }
            guard raw.count == PlanCatalog.questionCount else {
                throw PlanInputError(field: "\(at).answers", "needs exactly \(PlanCatalog.questionCount) answers, found \(raw.count)")
            }
            var answers: [String] = []
            for (j, v) in raw.enumerated() {
                let field = "\(at).answers[\(j)]"
                guard case let .string(s) = v else { throw PlanInputError(field: field, "must be a string, found \(v.typeName)") }
                if s.allSatisfy(\.isWhitespace) { throw PlanInputError(field: field, "is empty") }
                if s.count > TextLimits.freeText {
                    throw PlanInputError(field: field, "is \(s.count) characters long; the most it takes is \(TextLimits.freeText)")
                }
                answers.append(s)
            }
            areas.append(Area(area: id, rating: Int(n), answers: answers))
        }
        return PlanIntake(areas: areas)
    }

    /// The intake as JSON, the same shape `parse` reads (kept with the plan).
    public var json: JSONValue {
        .object([("areas", .array(areas.map { a in
            .object([("area", .string(a.area)), ("rating", .number(Double(a.rating))),
                     ("answers", .array(a.answers.map(JSONValue.string)))])
        }))])
    }
}
