extension StringProtocol {
    /// The text without white space (newlines included) at either end. Native Swift: Foundation's
    /// `trimmingCharacters(in:)` goes through NSString, and where every entry of a catalog file is
    /// read it was a tenth to a quarter of a light command's whole run.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
