/// The outcome of one successful match.
struct CrisisMatch: Sendable, Equatable {
    var entry: Int
    var start: Int
    var end: Int
    /// A negator was skipped by a gap inside the match.
    var negatedInside: Bool
}

/// Per-token facts the matcher needs; built by the normaliser.
struct CrisisToken: Sendable, Equatable {
    static let hardBefore: UInt16 = 1
    static let softBefore: UInt16 = 2
    static let filler: UInt16 = 4
    static let negator: UInt16 = 8
    static let isNumber: UInt16 = 16
    static let clauseWord: UInt16 = 32
    static let capitalized: UInt16 = 64
    static let fuzzy: UInt16 = 128

    /// Vocabulary id, or -1 for a word the lexicon does not know.
    var id: Int32
    /// Lemma id (the id itself when there is no lemma).
    var lemma: Int32
    /// Byte range of the token's text in its view.
    var start: Int32
    var end: Int32
    var flags: UInt16
    /// Value of a number token (capped), else -1.
    var number: Int32

    func has(_ flag: UInt16) -> Bool { flags & flag != 0 }
    var boundaryBefore: Bool { flags & (Self.hardBefore | Self.softBefore) != 0 }
}

/// The matcher's backtrack stack: preallocated, indexed by hand (no per-push uniqueness checks).
struct CrisisStack {
    /// Allocated on the first push: most attempts fail before they ever backtrack.
    var slots: [UInt64] = []

    @inline(__always) static func pack(_ pc: Int32, _ pos: Int32, _ neg: Bool) -> UInt64 {
        UInt64(UInt32(bitPattern: pc)) << 32 | UInt64(UInt32(bitPattern: pos)) << 1 | (neg ? 1 : 0)
    }
}

extension CrisisProgram {
    /// Tries entry `entry` at token `start`; returns the first match in pattern priority order.
    func match(entry index: Int, at start: Int, tokens: UnsafeBufferPointer<CrisisToken>, stack: inout CrisisStack) -> CrisisMatch? {
        code.withUnsafeBufferPointer { code in
            run(code, entry: index, start: start, tokens: tokens, stack: &stack)
        }
    }

    @inline(__always)
    private func run(_ code: UnsafeBufferPointer<Instr>, entry index: Int, start: Int, tokens: UnsafeBufferPointer<CrisisToken>,
                     stack: inout CrisisStack) -> CrisisMatch? {
        let n = tokens.count
        var sp = 0
        var pc = entryPC[index]
        var pos = Int32(start)
        var neg = false
        var budget = 4096

        @inline(__always) func push(_ target: Int32, _ at: Int32, _ negated: Bool, _ stack: inout CrisisStack) {
            if sp == stack.slots.count { stack.slots.append(contentsOf: repeatElement(0, count: Swift.max(sp, 16))) }
            stack.slots[sp] = CrisisStack.pack(target, at, negated)
            sp += 1
        }

        while true {
            budget -= 1
            if budget < 0 { return nil }
            let ins = code[Int(pc)]
            var ok = true
            switch ins.op {
            case .match:
                return CrisisMatch(entry: index, start: start, end: Int(pos), negatedInside: neg)
            case .jump:
                pc = ins.a
                continue
            case .split:
                push(ins.b, pos, neg, &stack)
                pc = ins.a
                continue
            case .clauseEnd:
                let p = Int(pos)
                ok = p >= n || tokens[p].boundaryBefore || tokens[p].has(CrisisToken.clauseWord)
            case .clauseStart:
                let p = Int(pos)
                ok = p == 0 || (p < n && tokens[p].boundaryBefore) || (p > 0 && tokens[p - 1].has(CrisisToken.clauseWord))
            case .dispatch:
                let p = Int(pos)
                let di = Int(ins.a)
                // At the end of input only alternatives that need no word (such as "$") can still match.
                let atEnd = p >= n || (p > start && tokens[p].has(CrisisToken.hardBefore))
                let t = atEnd ? CrisisToken(id: -1, lemma: -1, start: 0, end: 0, flags: 0, number: -1) : tokens[p]
                // Skipping a filler is the last resort, so it goes below the alternatives on the stack.
                if !atEnd && p > start && t.has(CrisisToken.filler) { push(pc, pos + 1, neg, &stack) }
                let base = sp
                if !atEnd && t.lemma != t.id {
                    let r = dispatchLookup(di, t.lemma)
                    var k = r.upperBound
                    while k > r.lowerBound {
                        k -= 1
                        push(dispatchTargets[Int(k)], pos, neg, &stack)
                    }
                }
                let r = dispatchLookup(di, t.id)
                var k = r.upperBound
                while k > r.lowerBound {
                    k -= 1
                    push(dispatchTargets[Int(k)], pos, neg, &stack)
                }
                let info = dispatchInfo[di]
                var a = info.always + info.alwaysCount
                while a > info.always {
                    a -= 1
                    push(dispatchTargets[Int(a)], pos, neg, &stack)
                }
                if sp == base {
                    ok = false
                    break
                }
                sp -= 1
                pc = Int32(truncatingIfNeeded: stack.slots[sp] >> 32)
                continue
            default:
                let p = Int(pos)
                if p >= n || (p > start && tokens[p].has(CrisisToken.hardBefore)) {
                    ok = false
                    break
                }
                let t = tokens[p]
                switch ins.op {
                case .word1:
                    // A single pattern word, inlined in the instruction (most pattern words).
                    ok = t.id == ins.a || t.lemma == ins.a
                    if !ok && p > start && t.has(CrisisToken.filler) { push(pc, pos + 1, neg, &stack) }
                case .word:
                    ok = setContains(ins.a, t.id) || (t.lemma != t.id && setContains(ins.a, t.lemma))
                    if !ok && p > start && t.has(CrisisToken.filler) { push(pc, pos + 1, neg, &stack) }
                case .notWord:
                    ok = t.id < 0 || !(setContains(ins.a, t.id) || (t.lemma != t.id && setContains(ins.a, t.lemma)))
                case .number:
                    ok = t.has(CrisisToken.isNumber) && t.number >= ins.a
                    if !ok && p > start && t.has(CrisisToken.filler) { push(pc, pos + 1, neg, &stack) }
                case .gapToken:
                    if t.has(CrisisToken.negator) { neg = true }
                default:
                    ok = true
                }
                if ok { pos += 1 }
            }
            if ok {
                pc += 1
            } else {
                guard sp > 0 else { return nil }
                sp -= 1
                let s = stack.slots[sp]
                pc = Int32(truncatingIfNeeded: s >> 32)
                pos = Int32(truncatingIfNeeded: (s & 0xFFFF_FFFF) >> 1)
                neg = s & 1 != 0
            }
        }
    }
}
