import Foundation
import Testing

@testable import WeftSteps

/// The zip member reader with records a hostile archive writes: its numbers are the file's own.
@Suite struct ZipMemberTests {
    /// An archive of only its end records, whose ZIP64 record puts the central directory at the largest offset and
    /// size a u64 holds: refused in words, not an overflow when the two are added.
    @Test func aZip64DirectoryAtTheLargestOffsetIsRefused() throws {
        var bytes = [UInt8]()
        func put(_ value: UInt64, _ width: Int) {
            for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
        }
        // ZIP64 end-of-central-directory record (56 bytes), at 0.
        put(0x0606_4B50, 4)
        put(44, 8)
        put(45, 2)
        put(45, 2)
        put(0, 4)
        put(0, 4)
        put(1, 8)
        put(1, 8)
        put(UInt64.max, 8)  // directory size
        put(UInt64.max, 8)  // directory offset
        // ZIP64 locator (20 bytes), pointing at offset 0.
        put(0x0706_4B50, 4)
        put(0, 4)
        put(0, 8)
        put(1, 4)
        // End of central directory (22 bytes), every field saying "see the ZIP64 record".
        put(0x0605_4B50, 4)
        put(0, 2)
        put(0, 2)
        put(0xFFFF, 2)
        put(0xFFFF, 2)
        put(0xFFFF_FFFF, 4)
        put(0xFFFF_FFFF, 4)
        put(0, 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zip64-\(getpid()).zip").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        do {
            _ = try ZipMember(named: "apple_health_export/export.xml", descriptor: descriptor)
            Issue.record("an archive with no members was read")
        } catch {
            #expect(error.reason == "its central directory lies outside the file")
        }
    }
}
