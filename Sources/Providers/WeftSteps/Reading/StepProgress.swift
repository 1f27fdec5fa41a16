/// How far an import has got through one file.
public struct StepProgress: Sendable {
    /// The file being read.
    public var file: String
    /// Data rows read so far.
    public var rows: Int
    /// Bytes read so far.
    public var bytesRead: Int
    /// The file's size.
    public var totalBytes: Int
}
