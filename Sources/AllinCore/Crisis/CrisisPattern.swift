/// One element of a token pattern from the crisis catalog.
///
/// Syntax (space separated): `word`, `@class`, `(a b | c)` alternatives, `x?` optional,
/// `!x` one token that is not x, `..` up to 3 skipped tokens, `~N` up to N skipped tokens,
/// `*` any one token, `$` end of a clause, `^` start of a clause, `#num` a number, `#num10` a number >= 10.
indirect enum CrisisPatternNode: Equatable, Sendable {
    case word(String)
    case classRef(String)
    case group([[CrisisPatternNode]])
    case optional(CrisisPatternNode)
    case not(CrisisPatternNode)
    case gap(Int)
    case any
    case clauseEnd
    case clauseStart
    case number(min: Int)
}

/// Parses the pattern syntax; errors are plain sentences for `CatalogIssue`.
enum CrisisPatternParser {
    static let maxGap = 8

    static func parse(_ text: String) -> Result<[CrisisPatternNode], PatternError> {
        let lexemes = lex(text)
        guard !lexemes.isEmpty else { return .failure(PatternError("pattern is empty")) }
        var parser = Parser(lexemes: lexemes)
        do {
            let seq = try parser.sequence(topLevel: true)
            guard parser.index == lexemes.count else { throw PatternError("unexpected '\(lexemes[parser.index])'") }
            guard !seq.isEmpty else { throw PatternError("pattern is empty") }
            return .success(seq)
        } catch let error as PatternError {
            return .failure(error)
        } catch {
            return .failure(PatternError("cannot parse pattern"))
        }
    }

    /// Splits on spaces and around the operator characters.
    static func lex(_ text: String) -> [String] {
        // Over the UTF-8 bytes, not characters: every delimiter is ASCII, and no byte of a longer
        // character is. Lexing by character was most of parsing layer A's 300 patterns at each start.
        var out: [String] = []
        let bytes = Array(text.utf8)
        var start = -1
        func flush(_ end: Int) {
            if start >= 0 { out.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
            start = -1
        }
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: // space, tab, line ends
                flush(i)
            case 0x28, 0x29, 0x7C, 0x3F: // ( ) | ?
                flush(i)
                out.append(String(UnicodeScalar(byte)))
            case 0x21 where start < 0: // ! before a word
                out.append("!")
            default:
                if start < 0 { start = i }
            }
        }
        flush(bytes.count)
        return out
    }

    /// A pattern syntax problem.
    struct PatternError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private struct Parser {
        let lexemes: [String]
        var index = 0

        mutating func sequence(topLevel: Bool) throws -> [CrisisPatternNode] {
            var items: [CrisisPatternNode] = []
            while index < lexemes.count {
                let lexeme = lexemes[index]
                if lexeme == ")" || lexeme == "|" {
                    if topLevel { throw PatternError("'\(lexeme)' outside parentheses") }
                    break
                }
                items.append(try item())
            }
            return items
        }

        mutating func item() throws -> CrisisPatternNode {
            var node = try atom()
            if index < lexemes.count, lexemes[index] == "?" {
                index += 1
                if case .gap = node { throw PatternError("a gap cannot be optional") }
                node = .optional(node)
            }
            return node
        }

        mutating func atom() throws -> CrisisPatternNode {
            let lexeme = lexemes[index]
            index += 1
            switch lexeme {
            case "(":
                var alternatives: [[CrisisPatternNode]] = []
                while true {
                    let seq = try sequence(topLevel: false)
                    if seq.isEmpty { throw PatternError("empty alternative in parentheses") }
                    alternatives.append(seq)
                    guard index < lexemes.count else { throw PatternError("missing ')'") }
                    let closer = lexemes[index]
                    index += 1
                    if closer == ")" { break }
                }
                return .group(alternatives)
            case "!":
                guard index < lexemes.count else { throw PatternError("'!' needs a word, class or group") }
                let inner = try atom()
                switch inner {
                case .word, .classRef, .group: return .not(inner)
                default: throw PatternError("'!' needs a word, class or group")
                }
            case "?":
                throw PatternError("'?' must follow a word or group")
            case ")", "|":
                throw PatternError("unexpected '\(lexeme)'")
            case "..":
                return .gap(3)
            case "*":
                return .any
            case "$":
                return .clauseEnd
            case "^":
                return .clauseStart
            default:
                return try simple(lexeme)
            }
        }

        func simple(_ lexeme: String) throws -> CrisisPatternNode {
            if lexeme.hasPrefix("~") {
                guard let n = Int(lexeme.dropFirst()), (1...CrisisPatternParser.maxGap).contains(n) else {
                    throw PatternError("gap '\(lexeme)' must be ~1 to ~\(CrisisPatternParser.maxGap)")
                }
                return .gap(n)
            }
            if lexeme.hasPrefix("#num") {
                let rest = lexeme.dropFirst(4)
                if rest.isEmpty { return .number(min: 0) }
                guard let n = Int(rest), n >= 0 else { throw PatternError("bad number element '\(lexeme)'") }
                return .number(min: n)
            }
            if lexeme.hasPrefix("@") {
                let name = lexeme.dropFirst()
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                    throw PatternError("bad class name '\(lexeme)'")
                }
                return .classRef(String(name))
            }
            guard lexeme.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }) else {
                throw PatternError("word '\(lexeme)' must be lowercase letters or digits")
            }
            return .word(lexeme)
        }
    }
}

extension CrisisPatternNode {
    /// Words mentioned anywhere in the node.
    var words: [String] {
        switch self {
        case .word(let w): return [w]
        case .group(let alts): return alts.flatMap { $0.flatMap(\.words) }
        case .optional(let n), .not(let n): return n.words
        default: return []
        }
    }

    /// Classes referenced anywhere in the node.
    var classRefs: [String] {
        switch self {
        case .classRef(let c): return [c]
        case .group(let alts): return alts.flatMap { $0.flatMap(\.classRefs) }
        case .optional(let n), .not(let n): return n.classRefs
        default: return []
        }
    }
}
