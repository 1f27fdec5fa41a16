import CZlibInflate
import Dispatch
import Foundation
import Synchronization

/// One member of a zip archive, read straight from the file: the one reader of a zip member's bytes.
///
/// The archive is listed (and its damage named) by ZIPFoundation; this finds the member's data through the central
/// directory and inflates it with zlib on a thread of its own, a few chunks ahead of the reader, checking its CRC-32
/// as it goes. ZIPFoundation's own extraction copied every chunk into new `Data` and summed the CRC a byte at a time,
/// which cost more than parsing the XML.
struct ZipMember {
    /// How the member is stored.
    enum Method: UInt16 {
        case stored = 0
        case deflated = 8
    }

    /// Why a member cannot be read, in words.
    enum Problem: Error, CustomStringConvertible {
        /// The archive's records are not where they say, or not what they should be.
        case damaged(String)
        /// More bytes inflate than the budget allows.
        case tooLarge

        /// The problem in words.
        var reason: String {
            switch self {
            case .damaged(let reason): reason
            case .tooLarge: "it unzips to more than it may"
            }
        }

        var description: String { reason }
    }

    let method: Method
    let crc: UInt32
    let compressedSize: Int
    /// Where the member's data starts in the file.
    let dataOffset: Int

    /// Bytes inflated per chunk: small enough to stay in a core's cache, and a small part of the import's memory.
    static let chunkSize = 256 << 10
    /// Chunks inflated ahead of the reader (2 MiB in all): on a loaded machine a woken thread can wait several
    /// milliseconds for a core, and the parser should not run dry meanwhile.
    static let chunksAhead = 8

    /// The member named `name`, looked up in the central directory of the archive open on `descriptor`.
    init(named name: String, descriptor: Int32) throws(Problem) {
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size >= 22 else { throw .damaged("the zip is cut off (no end-of-archive record)") }
        // The end-of-central-directory record is the last 22 bytes, plus a comment of up to 64 KiB.
        let tailSize = min(size, 22 + 65_535)
        let tail = try Self.read(descriptor, at: size - tailSize, count: tailSize)
        guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.u32($0) == 0x0605_4B50 })
        else { throw .damaged("the zip is cut off (no end-of-archive record)") }
        var directoryOffset = Int(tail.u32(end + 16))
        var directorySize = Int(tail.u32(end + 12))
        if directoryOffset == 0xFFFF_FFFF || directorySize == 0xFFFF_FFFF || tail.u16(end + 10) == 0xFFFF {
            // ZIP64: a locator just before the record points at the 64-bit record.
            guard end >= 20, tail.u32(end - 20) == 0x0706_4B50 else { throw .damaged("its ZIP64 records are missing") }
            let record = try Self.read(descriptor, at: Int(clamping: tail.u64(end - 20 + 8)), count: 56)
            guard record.u32(0) == 0x0606_4B50 else { throw .damaged("its ZIP64 records are damaged") }
            directorySize = Int(clamping: record.u64(40))
            directoryOffset = Int(clamping: record.u64(48))
        }
        // Compared by subtraction: the ZIP64 fields are the file's own numbers, clamped to Int.max, and a sum of two
        // could overflow.
        guard directoryOffset >= 0, directorySize >= 0, directoryOffset <= size, directorySize <= size - directoryOffset
        else {
            throw .damaged("its central directory lies outside the file")
        }
        let directory = try Self.read(descriptor, at: directoryOffset, count: directorySize)
        let wanted = Array(name.utf8)
        var at = 0
        while at + 46 <= directory.count, directory.u32(at) == 0x0201_4B50 {
            let nameLength = Int(directory.u16(at + 28))
            let extraLength = Int(directory.u16(at + 30))
            let commentLength = Int(directory.u16(at + 32))
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { break }
            if directory[(at + 46)..<(at + 46 + nameLength)].elementsEqual(wanted) {
                var compressed = Int(directory.u32(at + 20))
                var offset = Int(directory.u32(at + 42))
                // ZIP64 sizes and offset, in this order, for each field that says 0xFFFFFFFF.
                var extra = at + 46 + nameLength
                while extra + 4 <= at + 46 + nameLength + extraLength {
                    let (id, length) = (directory.u16(extra), Int(directory.u16(extra + 2)))
                    if id == 1 {
                        var field = extra + 4
                        if directory.u32(at + 24) == 0xFFFF_FFFF { field += 8 }
                        if compressed == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                            compressed = Int(clamping: directory.u64(field))
                            field += 8
                        }
                        if offset == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                            offset = Int(clamping: directory.u64(field))
                        }
                    }
                    extra += 4 + length
                }
                guard let method = Method(rawValue: directory.u16(at + 10)) else {
                    throw .damaged("its export.xml is compressed by a method other than deflate")
                }
                guard offset >= 0, offset <= size - 30 else { throw .damaged("the zip is damaged") }
                let local = try Self.read(descriptor, at: offset, count: 30)
                guard local.u32(0) == 0x0403_4B50 else { throw .damaged("the zip is damaged") }
                self.method = method
                crc = directory.u32(at + 16)
                compressedSize = compressed
                dataOffset = offset + 30 + Int(local.u16(26)) + Int(local.u16(28))
                guard compressedSize >= 0, dataOffset <= size, compressedSize <= size - dataOffset else {
                    throw .damaged("the zip is cut off or cannot be read to its end")
                }
                return
            }
            at = next
        }
        throw .damaged("the zip is damaged")
    }

    /// Inflates the member on a thread of its own and hands it to `consume` chunk by chunk, refusing more than
    /// `budget` bytes; an error `consume` throws stops the inflating and is rethrown.
    func inflate(descriptor: Int32, budget: Int, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let pipe = ChunkPipe(depth: Self.chunksAhead)
        let member = self
        let thread = Thread { pipe.finish(member.produce(descriptor: descriptor, budget: budget, into: pipe)) }
        thread.start()
        // The producer is stopped and waited for on every way out, so it never outlives the descriptor.
        defer { pipe.stop() }
        while let chunk = try pipe.take() {
            try chunk.bytes.withUnsafeBytes { bytes in
                try consume(UnsafeRawBufferPointer(rebasing: bytes[0..<chunk.count]))
            }
            pipe.recycle(chunk)
        }
    }

    /// The inflating thread's work: reads the compressed bytes, inflates them into chunks and checks the CRC; nil
    /// when the member was read whole and intact, or the reader stopped.
    private func produce(descriptor: Int32, budget: Int, into pipe: ChunkPipe) -> Problem? {
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { return .damaged("zlib cannot be started") }
        defer { inflateEnd(&stream) }
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { input.deallocate() }
        var position = dataOffset
        let end = dataOffset + compressedSize
        var crc = CZlibInflate.crc32(0, nil, 0)
        var total = 0
        var ended = false
        let cutOff = Problem.damaged("the zip is cut off or cannot be read to its end")
        while !ended {
            guard var chunk = pipe.room() else { return nil }
            var filled = 0
            var problem: Problem?
            chunk.bytes.withUnsafeMutableBufferPointer { output in
                guard let base = output.baseAddress else { return }
                while filled < output.count, !ended {
                    if method == .stored {
                        let want = min(output.count - filled, end - position)
                        if want == 0 {
                            ended = true
                            break
                        }
                        let got = pread(descriptor, base + filled, want, off_t(position))
                        if got < 0, errno == EINTR { continue }
                        guard got > 0 else {
                            problem = cutOff
                            return
                        }
                        position += got
                        filled += got
                        continue
                    }
                    if stream.avail_in == 0 {
                        let want = min(Self.chunkSize, end - position)
                        guard want > 0 else {
                            problem = .damaged("its content is damaged (its deflated data ends too soon)")
                            return
                        }
                        let got = pread(descriptor, input, want, off_t(position))
                        if got < 0, errno == EINTR { continue }
                        guard got > 0 else {
                            problem = cutOff
                            return
                        }
                        position += got
                        stream.next_in = input
                        stream.avail_in = UInt32(got)
                    }
                    stream.next_out = base + filled
                    stream.avail_out = UInt32(output.count - filled)
                    let status = CZlibInflate.inflate(&stream, Z_NO_FLUSH)
                    filled = output.count - Int(stream.avail_out)
                    if status == Z_STREAM_END {
                        ended = true
                    } else if status != Z_OK && status != Z_BUF_ERROR {
                        problem = .damaged("its content is damaged (it does not inflate)")
                        return
                    }
                }
                crc = CZlibInflate.crc32(crc, base, UInt32(filled))
            }
            if let problem { return problem }
            total += filled
            if total > budget { return .tooLarge }
            chunk.count = filled
            pipe.put(chunk)
        }
        return UInt32(truncatingIfNeeded: crc) == self.crc
            ? nil : .damaged("its content is damaged (a checksum does not match)")
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) throws(Problem) -> [UInt8] {
        guard offset >= 0, count >= 0 else { throw .damaged("the zip is damaged") }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, count - done, off_t(offset + done)) } ?? 0
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw .damaged("the zip is cut off or cannot be read to its end") }
            done += got
        }
        return bytes
    }
}

/// A bounded queue of inflated chunks between the inflating thread and the reader (back-pressure: the producer
/// waits while `depth` chunks are unread).
private final class ChunkPipe: Sendable {
    struct Chunk: Sendable {
        var bytes: [UInt8]
        var count = 0
    }

    private struct State {
        var full: [Chunk] = []
        var free: [Chunk] = []
        var finished = false
        var problem: ZipMember.Problem?
        var stopped = false
    }

    private let state = Mutex(State())
    /// Signalled per chunk put and once at the end.
    private let filled = DispatchSemaphore(value: 0)
    /// Counts the chunks the producer may still put.
    private let space: DispatchSemaphore
    /// Signalled when the producer has returned.
    private let exited = DispatchSemaphore(value: 0)

    init(depth: Int) {
        space = DispatchSemaphore(value: depth)
    }

    /// A buffer to fill, once there is room; nil when the reader has stopped.
    func room() -> Chunk? {
        space.wait()
        return state.withLock { state in
            if state.stopped { return nil }
            return state.free.popLast() ?? Chunk(bytes: [UInt8](repeating: 0, count: ZipMember.chunkSize))
        }
    }

    func put(_ chunk: Chunk) {
        state.withLock { $0.full.append(chunk) }
        filled.signal()
    }

    /// The producer's last word, said once: nil when the member was read whole and intact (or the reader stopped).
    func finish(_ problem: ZipMember.Problem?) {
        state.withLock { state in
            state.finished = true
            state.problem = problem
        }
        filled.signal()
        exited.signal()
    }

    /// The next chunk; nil at the end; throws the producer's problem.
    func take() throws(ZipMember.Problem) -> Chunk? {
        while true {
            filled.wait()
            let next: Result<Chunk?, ZipMember.Problem>? = state.withLock { state in
                if !state.full.isEmpty { return .success(state.full.removeFirst()) }
                if state.finished { return state.problem.map { .failure($0) } ?? .success(nil) }
                return nil
            }
            switch next {
            case .success(let chunk)?: return chunk
            case .failure(let problem)?: throw problem
            case nil: continue
            }
        }
    }

    /// Gives a read chunk back for the producer to fill again.
    func recycle(_ chunk: Chunk) {
        state.withLock { $0.free.append(chunk) }
        space.signal()
    }

    /// Stops the producer (if it still runs) and waits until it has returned.
    func stop() {
        state.withLock { $0.stopped = true }
        space.signal()
        exited.wait()
    }
}

/// Little-endian fields of zip records (callers check the bounds of the record first).
extension [UInt8] {
    fileprivate func u16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    fileprivate func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
    fileprivate func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
}
