/// Numbers in the trained models' text files, read straight from their bytes.
enum DecimalBytes {
    /// A decimal number as the trainers write it ("-0.1234", "12", "0.9500"); anything else
    /// (exponents, "nan", "inf") goes through `Double(_:)`. Nil when it is not a number.
    static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        var i = bytes.startIndex
        let negative = i < bytes.endIndex && bytes[i] == 0x2D
        if negative { i += 1 }
        var whole: Int64 = 0, fraction: Int64 = 0, scale: Int64 = 1, digits = 0, fractionDigits = 0
        while i < bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 12 {
            whole = whole * 10 + Int64(bytes[i] - 0x30); i += 1; digits += 1
        }
        if i < bytes.endIndex, bytes[i] == 0x2E {
            i += 1
            while i < bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39, fractionDigits < 8 {
                fraction = fraction * 10 + Int64(bytes[i] - 0x30); scale *= 10; i += 1; fractionDigits += 1
            }
        }
        guard i == bytes.endIndex, digits > 0 else { return Double(String(decoding: bytes, as: UTF8.self)) }
        let value = Double(whole) + Double(fraction) / Double(scale)
        return negative ? -value : value
    }
}
