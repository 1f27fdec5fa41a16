import Foundation
import WeftPrimitives

/// Lines for the person at the terminal, on stderr: every weft program's one way to say something outside its output.
public enum Stderr {
    /// Writes `text` and a newline at once, through the one sanitizer (``TerminalText``): a line may quote a file, a
    /// server's answer or a command's output, and must not move the cursor or set a title.
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.sanitized(text + "\n").utf8))
    }
}
