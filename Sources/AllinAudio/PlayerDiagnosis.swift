import Foundation

/// Why a player ended, in a few plain words for the screen. The player's own messages (ALSA's
/// "Unknown PCM default", mpv's "audio output initialization failed") stay in its log file; they
/// are only read here to tell a missing sound device from other failures.
enum PlayerDiagnosis {
    static let noDevice = "couldn't open an audio device"
    /// The same messages once sound was known to be coming out: the device was open, then lost.
    static let lostDevice = "lost the audio device"
    static let endedAtOnce = "ended at once without playing"

    /// Words in a player's messages that mean it found no sound device (ALSA, PulseAudio, SDL, mpv).
    static let deviceMarks = [
        "audio output initialization failed", "could not open/initialize audio device", "failed to initialize audio driver",
        "unknown pcm", "cannot find card", "no soundcards", "audio open error", "audio device",
        "connection refused", "pa_context_connect", "no such device",
    ]

    /// The cause: no audio device (its messages say so, or it died of SIGFPE, which sox's `play`
    /// does when ALSA has no default device), a crash, an error status, or an end before any sound.
    /// `afterSound`: sound was known to be coming out first (found from outside: a player that played
    /// 8 s and then lost its device was said to have "couldn't open an audio device").
    static func cause(_ status: ExitStatus, log: String, afterSound: Bool = false) -> String {
        let text = log.lowercased()
        if deviceMarks.contains(where: text.contains) || status == .signaled(SIGFPE) { return afterSound ? lostDevice : noDevice }
        switch status {
        case .exited(0): return endedAtOnce
        case .exited: return "stopped with \(status.plain)"
        case let .signaled(sig):
            // A signal's name is no cause a person can use: stopped from outside, or a crash.
            return [SIGTERM, SIGKILL, SIGINT, SIGHUP].contains(sig) ? "was stopped by another program" : "crashed"
        }
    }
}
