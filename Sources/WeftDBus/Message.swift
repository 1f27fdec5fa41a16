import CSDBus

/// The D-Bus type codes weft writes and reads.
enum TypeCode {
    static let string = code("s")
    static let uint32 = code("u")
    static let int32 = code("i")
    static let byte = code("y")
    static let boolean = code("b")
    static let array = code("a")
    static let dictEntry = code("e")
    static let variant = code("v")
    static let structure = code("r")

    private static func code(_ character: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: character)) }
}

/// One sd_bus_message this side holds a reference to, released exactly once.
final class BusMessage {
    let handle: OpaquePointer

    /// Takes over a reference the caller got from sd-bus.
    init(adopting handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        csdbus_message_unref(handle)
    }
}

/// Appends arguments to a message being built; the first failure is kept and reported by `finish`.
struct MessageWriter {
    let message: OpaquePointer
    private(set) var failure: Int32 = 0

    init(_ message: BusMessage) {
        self.message = message.handle
    }

    private mutating func check(_ result: Int32) {
        if result < 0, failure == 0 { failure = result }
    }

    mutating func string(_ value: String) {
        check(value.withCString { csdbus_message_append_basic(message, TypeCode.string, $0) })
    }

    mutating func uint32(_ value: UInt32) {
        var value = value
        check(csdbus_message_append_basic(message, TypeCode.uint32, &value))
    }

    mutating func int32(_ value: Int32) {
        var value = value
        check(csdbus_message_append_basic(message, TypeCode.int32, &value))
    }

    mutating func byte(_ value: UInt8) {
        var value = value
        check(csdbus_message_append_basic(message, TypeCode.byte, &value))
    }

    mutating func boolean(_ value: Bool) {
        // D-Bus booleans travel as a C int.
        var value: Int32 = value ? 1 : 0
        check(csdbus_message_append_basic(message, TypeCode.boolean, &value))
    }

    /// A container (`a`, `e`, `v`, `r`) with the given contents signature, filled by `body`.
    mutating func container(_ type: CChar, _ contents: String, _ body: (inout MessageWriter) -> Void) {
        check(contents.withCString { csdbus_message_open_container(message, type, $0) })
        body(&self)
        check(csdbus_message_close_container(message))
    }

    mutating func strings(_ values: [String]) {
        container(TypeCode.array, "s") { writer in
            for value in values { writer.string(value) }
        }
    }
}

/// Reads arguments from a received message it does not own (a reply held by a BusMessage, or a signal lent to
/// a match callback).
struct MessageReader {
    let message: OpaquePointer

    /// The next string, or nil at the end of the current container or on a type mismatch.
    func string() -> String? {
        var pointer: UnsafePointer<CChar>?
        let result = withUnsafeMutablePointer(to: &pointer) { csdbus_message_read_basic(message, TypeCode.string, $0) }
        guard result > 0, let pointer else { return nil }
        return String(cString: pointer)
    }

    func uint32() -> UInt32? {
        var value: UInt32 = 0
        return csdbus_message_read_basic(message, TypeCode.uint32, &value) > 0 ? value : nil
    }

    /// Every string of an `as` argument.
    func strings() -> [String]? {
        guard csdbus_message_enter_container(message, TypeCode.array, "s") > 0 else { return nil }
        var values: [String] = []
        while let value = string() { values.append(value) }
        guard csdbus_message_exit_container(message) >= 0 else { return nil }
        return values
    }

    func boolean() -> Bool? {
        var value: Int32 = 0
        return csdbus_message_read_basic(message, TypeCode.boolean, &value) > 0 ? value != 0 : nil
    }

    var interface: String? { csdbus_message_get_interface(message).map { String(cString: $0) } }
    var member: String? { csdbus_message_get_member(message).map { String(cString: $0) } }
}
