/// The version of weft, shown by `weft --version` and sent in the User-Agent.
public enum WeftVersion {
    /// The release version.
    public static let current = "0.1.0"
}
