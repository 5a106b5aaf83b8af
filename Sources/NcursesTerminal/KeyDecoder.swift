import AllinUI
import CNcursesw

/// Turns what `wget_wch` returned into a key: pure, so every mapping is unit-tested.
public enum KeyDecoder {
    /// `wget_wch` status values.
    public static let ok = OK
    public static let keyCodeYes = KEY_CODE_YES
    /// Key codes the tests use.
    public static let codes: [String: UInt32] = [
        "up": UInt32(KEY_UP), "down": UInt32(KEY_DOWN), "left": UInt32(KEY_LEFT), "right": UInt32(KEY_RIGHT),
        "home": UInt32(KEY_HOME), "end": UInt32(KEY_END), "pageUp": UInt32(KEY_PPAGE), "pageDown": UInt32(KEY_NPAGE),
        "backspace": UInt32(KEY_BACKSPACE), "delete": UInt32(KEY_DC), "backTab": UInt32(KEY_BTAB),
        "enter": UInt32(KEY_ENTER), "f1": UInt32(KEY_F0 + 1), "f2": UInt32(KEY_F0 + 2), "f12": UInt32(KEY_F0 + 12),
        "resize": UInt32(KEY_RESIZE),
    ]

    /// Codes given to the bracketed-paste markers with `define_key`.
    public static var pasteStart: UInt32 { UInt32(allin_key_max() + 1) }
    public static var pasteEnd: UInt32 { UInt32(allin_key_max() + 2) }

    /// The key for a status and value, or nil for input the app ignores (NUL, unknown codes).
    public static func decode(status: Int32, value: UInt32) -> Key? {
        if status == KEY_CODE_YES { return code(Int32(bitPattern: value)) }
        guard status == OK else { return nil }
        switch value {
        case 13, 10: return .enter
        case 9: return .tab
        case 27: return .escape
        case 127, 8: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        case 0..<32: return nil
        case 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// One character decoded from its first byte and the bytes after it: `next` gives the next byte
    /// (nil when none comes), and a byte that does not continue the character goes back through
    /// `putBack`. What is not UTF-8 (a Latin-1 "é", a stray continuation byte, a cut or overlong
    /// sequence) is U+FFFD, and nothing after it is lost.
    public static func utf8(lead: UInt8, next: () -> UInt8?, putBack: (UInt8) -> Void) -> UInt32 {
        let need: Int, least: UInt32
        var value: UInt32
        switch lead {
        case 0x00..<0x80: return UInt32(lead)
        case 0xC2...0xDF: (need, least, value) = (1, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (need, least, value) = (2, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (need, least, value) = (3, 0x10000, UInt32(lead & 0x07))
        default: return 0xFFFD
        }
        for _ in 0..<need {
            guard let b = next() else { return 0xFFFD }
            guard b & 0xC0 == 0x80 else {
                putBack(b)
                return 0xFFFD
            }
            value = value << 6 | UInt32(b & 0x3F)
        }
        if value < least || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return 0xFFFD }
        return value
    }

    static func code(_ c: Int32) -> Key? {
        switch c {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .function(Int(c - KEY_F0))
        default: return nil
        }
    }
}
