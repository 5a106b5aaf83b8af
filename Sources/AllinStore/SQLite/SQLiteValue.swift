import Foundation

/// A value bound into, or read out of, an SQL statement.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public static func int(_ v: Int?) -> SQLiteValue { v.map { .integer(Int64($0)) } ?? .null }
    public static func int64(_ v: Int64?) -> SQLiteValue { v.map { .integer($0) } ?? .null }
    public static func string(_ v: String?) -> SQLiteValue { v.map { .text($0) } ?? .null }
    public static func bool(_ v: Bool?) -> SQLiteValue { v.map { .integer($0 ? 1 : 0) } ?? .null }
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}
