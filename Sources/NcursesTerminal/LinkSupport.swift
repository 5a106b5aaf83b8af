/// Whether the terminal shows OSC 8 hyperlinks, judged from the environment. `ALLIN_LINKS=1` or `0`
/// decides outright; inside tmux and screen they are off (tmux 3.3 drops them).
public enum LinkSupport {
    public static func detect(_ env: [String: String]) -> Bool {
        if let forced = env["ALLIN_LINKS"] { return forced == "1" || forced.lowercased() == "yes" }
        if env["TMUX"] != nil || env["STY"] != nil { return false }
        let term = env["TERM"] ?? ""
        if term.hasPrefix("screen") || term.hasPrefix("tmux") || term == "linux" { return false }
        let programs: Set<String> = ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio"]
        if let program = env["TERM_PROGRAM"], programs.contains(program) { return true }
        if let vte = env["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        if env["KITTY_WINDOW_ID"] != nil || env["WT_SESSION"] != nil || env["KONSOLE_VERSION"] != nil { return true }
        return ["kitty", "foot", "wezterm", "alacritty", "contour"].contains { term.contains($0) }
    }
}
