import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The processes one owner started (a command provider's run, a bar's actions), found again by a mark rather than by
/// parentage: every program started in the scope gets `WEFT_SPAWN_ID=<token>` in its environment, a random token
/// its children inherit, those that leave the process group with `setsid` or are orphaned by their parent included.
/// `end()` kills every process of this user that carries the token.
///
/// While the scope is open, a record named by the token (its owner's pid, start time and boot) lies in a private
/// folder of the user (``SpawnLedger``). When the owner is killed before it ends its scope (`kill -9`), the next
/// scope any weft of the user opens, and every `weft refresh`, finds the record of an owner that is gone and ends
/// what carries its token. The token, not a pid or a process group, decides what is killed, so a pid or group id the
/// system gave to another process since is never hit.
public final class SpawnScope: Sendable {
    /// The environment variable that carries the token.
    static let variable = "WEFT_SPAWN_ID"

    /// 32 hexadecimal digits.
    let token: String
    private let record: String?

    /// Opens a scope: first ends what owners killed earlier left behind, then records this one.
    public init() {
        let token = (0..<2).map { _ in
            let digits = String(UInt64.random(in: .min ... .max), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
        let folder = SpawnLedger.folder()
        if let folder { SpawnLedger.endLeftovers(in: folder) }
        self.token = token
        record = folder.flatMap { SpawnLedger.write(token: token, in: $0) }
    }

    /// Kills every process that still carries the scope's token, then forgets the scope's record.
    public func end() {
        SpawnLedger.killCarriers(of: token)
        if let record { unlink(record) }
    }

    /// The entry a program started in this scope gets in its environment.
    var entry: (key: String, value: String) { (Self.variable, token) }
}

/// The records of open spawn scopes (see ``SpawnScope``), one small file each in a private folder of the user:
/// `$XDG_RUNTIME_DIR/weft-spawn`, else `/run/user/UID/weft-spawn`, else `/tmp/weft-spawn-UID`. Processes live until
/// the machine restarts, like that folder; a record from an earlier boot is dropped unread. A folder that is not
/// the user's own (another owner, writable by others, a symlink) is not used: then a killed owner's leftovers are
/// not found later, while a scope that ends still ends its processes.
public enum SpawnLedger {
    /// Ends the processes of every scope whose owner is gone (killed before it could end them): `weft refresh`
    /// calls it first, and every new scope does.
    public static func endLeftovers() {
        if let folder = folder() { endLeftovers(in: folder) }
    }

    /// The ledger's folder, created when missing; nil when none is private to this user.
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let user = geteuid()
        var bases: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { bases.append(runtime) }
        bases.append("/run/user/\(user)")
        for base in bases where isPrivate(base, user: user, exact: false) {
            let folder = base + "/weft-spawn"
            if makePrivate(folder, user: user) { return folder }
        }
        let folder = "/tmp/weft-spawn-\(user)"
        return makePrivate(folder, user: user) ? folder : nil
    }

    /// Whether `path` is a directory (not a symlink) owned by `user` that nobody else may write to; `exact` also
    /// wants no access at all for others.
    private static func isPrivate(_ path: String, user: uid_t, exact: Bool) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == user else { return false }
        return info.st_mode & (exact ? 0o077 : 0o022) == 0
    }

    private static func makePrivate(_ path: String, user: uid_t) -> Bool {
        if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
        return isPrivate(path, user: user, exact: true)
    }

    /// Writes the record of a scope owned by this process; returns its path, or nil when it cannot be written.
    static func write(token: String, in folder: String) -> String? {
        guard let me = ProcessEntry(pid: getpid()) else { return nil }
        let path = folder + "/" + token
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let text = Array("\(me.pid) \(me.startTime) \(bootID())\n".utf8)
        guard Glibc.write(descriptor, text, text.count) == text.count else {
            unlink(path)
            return nil
        }
        return path
    }

    /// Ends what the gone owners of the folder's records left running, and drops those records.
    ///
    /// A record is claimed before its sweep by renaming it to `TOKEN.ending`, so of the wefts that start at the same
    /// moment only one sweeps it; a claim left by a sweeper killed meanwhile is taken over after a minute.
    static func endLeftovers(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let boot = bootID()
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            let age = Int(time(nil)) - Int(info.st_mtim.tv_sec)
            if name.hasSuffix(ending), isToken(String(name.dropLast(ending.count))) {
                // Unlinking is the claim: only one sweeper succeeds.
                if age > 60, unlink(path) == 0 { killCarriers(of: String(name.dropLast(ending.count))) }
                continue
            }
            guard isToken(name) else { continue }
            let fields = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: " ")
            guard fields.count == 3, let pid = pid_t(fields[0]), let started = UInt64(fields[1]) else {
                // Being written this moment, or cut short by a kill: only an old one is dropped.
                if age > 60 { unlink(path) }
                continue
            }
            let sameBoot = fields[2].trimmingCharacters(in: .whitespacesAndNewlines) == boot
            if sameBoot, let owner = ProcessEntry(pid: pid), owner.startTime == started, !owner.isZombie { continue }
            // Nothing outlives a restart; within this boot, the owner is gone and what carries its token is left.
            guard sameBoot else {
                unlink(path)
                continue
            }
            guard rename(path, path + ending) == 0 else { continue }
            // The claim's age counts from now.
            utimes(path + ending, nil)
            killCarriers(of: name)
            unlink(path + ending)
        }
    }

    /// The suffix of a record claimed by a sweeper.
    private static let ending = ".ending"

    private static func isToken(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Kills (SIGKILL) every process of this user whose environment holds the token, again until a pass finds none:
    /// a carrier may fork while a pass runs. Bounded to a few passes.
    static func killCarriers(of token: String) {
        let mark = Array("\(SpawnScope.variable)=\(token)".utf8)
        let me = getpid()
        for _ in 0..<20 {
            var found = 0
            for pid in ProcessEntry.all() where pid != me {
                if killIfCarrier(pid, mark: mark) { found += 1 }
            }
            if found == 0 { return }
            usleep(2_000)
        }
    }

    /// Reads the process's environment and signals it only through a pidfd opened first, so the process signalled is
    /// the one whose environment was read; without pidfds, its start time is compared before and after.
    private static func killIfCarrier(_ pid: pid_t, mark: [UInt8]) -> Bool {
        var info = stat()
        guard stat("/proc/\(pid)", &info) == 0, info.st_uid == geteuid() else { return false }
        let handle = weft_pidfd_open(pid)
        if handle < 0 {
            guard errno == ENOSYS, let before = ProcessEntry(pid: pid), environment(of: pid, holds: mark),
                let after = ProcessEntry(pid: pid), after.startTime == before.startTime
            else { return false }
            return kill(pid, SIGKILL) == 0
        }
        defer { close(handle) }
        guard environment(of: pid, holds: mark) else { return false }
        return weft_pidfd_send_signal(handle, SIGKILL) == 0
    }

    /// Whether `/proc/PID/environ` has an entry that is exactly `mark` (read up to 8 MiB: more than exec allows).
    private static func environment(of pid: pid_t, holds mark: [UInt8]) -> Bool {
        let descriptor = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < 8 << 20 {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes.split(separator: 0).contains { $0.count == mark.count && $0.elementsEqual(mark) }
    }

    /// This boot's id (`/proc/sys/kernel/random/boot_id`), empty when unknown.
    private static func bootID() -> String {
        ((try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// One process as `/proc/PID/stat` shows it.
struct ProcessEntry {
    let pid: pid_t
    /// Clock ticks after boot at which it started: with the pid, it names one process for the whole boot.
    let startTime: UInt64
    /// Ended and not yet reaped.
    let isZombie: Bool

    init?(pid: pid_t) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state, ppid, …; the start time is field 22 of the line.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let started = UInt64(fields[19]) else { return nil }
        self.pid = pid
        startTime = started
        isZombie = fields[0] == "Z"
    }

    /// The pids in /proc now.
    static func all() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }
}
