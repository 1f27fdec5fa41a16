import Foundation

/// Turns an `Encodable` value into a ``JSONValue``: keyed containers (records, string-keyed dictionaries) get their
/// keys in UTF-8 byte order, so the text is the same on every run; a `Date` becomes UTC ISO 8601 text, a `URL` its
/// absolute string, `Data` base64 text, a `Decimal` a number, as `JSONEncoder` writes them.
enum JSONValueEncoder {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let slot = Slot()
        try slot.store(value, path: [])
        return slot.value
    }

    /// Where one value's encoding lands; containers fill it in as their children are encoded.
    final class Slot {
        var scalar: JSONValue = .null
        var keys: [String: Slot]?
        var elements: [Slot]?

        var value: JSONValue {
            if let elements { return .array(elements.map(\.value)) }
            if let keys {
                return .object(
                    keys.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
                        (key: $0.key, value: $0.value.value)
                    })
            }
            return scalar
        }

        func store(_ value: some Encodable, path: [any CodingKey]) throws {
            switch value {
            case let date as Date: scalar = .string(ISOInstant.format(date))
            case let url as URL: scalar = .string(url.absoluteString)
            case let data as Data: scalar = .string(data.base64EncodedString())
            case let decimal as Decimal: scalar = .double(NSDecimalNumber(decimal: decimal).doubleValue)
            default: try value.encode(to: Encoder(slot: self, codingPath: path))
            }
        }

        func child(named name: String) -> Slot {
            let child = Slot()
            if keys == nil { keys = [:] }
            keys?[name] = child
            return child
        }

        func element() -> Slot {
            let child = Slot()
            if elements == nil { elements = [] }
            elements?.append(child)
            return child
        }

        func set(_ value: JSONValue) {
            scalar = value
        }

        func set(integer value: some BinaryInteger) {
            scalar = Int64(exactly: value).map(JSONValue.int) ?? .double(Double(value))
        }
    }

    struct Encoder: Swift.Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if slot.keys == nil { slot.keys = [:] }
            return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if slot.elements == nil { slot.elements = [] }
            return Unkeyed(slot: slot, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(slot: slot, codingPath: codingPath)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> Slot { slot.child(named: key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws { child(key).set(.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).set(.bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).set(.string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { child(key).set(.double(value)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { child(key).set(.double(Double(value))) }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).set(integer: value) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try child(key).store(value, path: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            Encoder(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Encoder(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Swift.Encoder {
            Encoder(slot: slot.child(named: "super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
            Encoder(slot: child(key), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        var count: Int { slot.elements?.count ?? 0 }

        private func child() -> Slot { slot.element() }

        mutating func encodeNil() throws { child().set(.null) }
        mutating func encode(_ value: Bool) throws { child().set(.bool(value)) }
        mutating func encode(_ value: String) throws { child().set(.string(value)) }
        mutating func encode(_ value: Double) throws { child().set(.double(value)) }
        mutating func encode(_ value: Float) throws { child().set(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { child().set(integer: value) }
        mutating func encode(_ value: Int8) throws { child().set(integer: value) }
        mutating func encode(_ value: Int16) throws { child().set(integer: value) }
        mutating func encode(_ value: Int32) throws { child().set(integer: value) }
        mutating func encode(_ value: Int64) throws { child().set(integer: value) }
        mutating func encode(_ value: UInt) throws { child().set(integer: value) }
        mutating func encode(_ value: UInt8) throws { child().set(integer: value) }
        mutating func encode(_ value: UInt16) throws { child().set(integer: value) }
        mutating func encode(_ value: UInt32) throws { child().set(integer: value) }
        mutating func encode(_ value: UInt64) throws { child().set(integer: value) }
        mutating func encode(_ value: some Encodable) throws { try child().store(value, path: codingPath) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            Encoder(slot: child(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Encoder(slot: child(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Swift.Encoder { Encoder(slot: child(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { slot.set(.null) }
        mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
        mutating func encode(_ value: String) throws { slot.set(.string(value)) }
        mutating func encode(_ value: Double) throws { slot.set(.double(value)) }
        mutating func encode(_ value: Float) throws { slot.set(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { slot.set(integer: value) }
        mutating func encode(_ value: Int8) throws { slot.set(integer: value) }
        mutating func encode(_ value: Int16) throws { slot.set(integer: value) }
        mutating func encode(_ value: Int32) throws { slot.set(integer: value) }
        mutating func encode(_ value: Int64) throws { slot.set(integer: value) }
        mutating func encode(_ value: UInt) throws { slot.set(integer: value) }
        mutating func encode(_ value: UInt8) throws { slot.set(integer: value) }
        mutating func encode(_ value: UInt16) throws { slot.set(integer: value) }
        mutating func encode(_ value: UInt32) throws { slot.set(integer: value) }
        mutating func encode(_ value: UInt64) throws { slot.set(integer: value) }
        mutating func encode(_ value: some Encodable) throws { try slot.store(value, path: codingPath) }
    }
}
