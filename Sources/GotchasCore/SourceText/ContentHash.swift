/// A stable 128-bit content hash (two independent FNV-1a-style lanes), for cache
/// keys that must be the same across processes — unlike `Hasher`, which is seeded
/// per process. Not cryptographic.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public private(set) var high: UInt64 = 0xCBF2_9CE4_8422_2325
    public private(set) var low: UInt64 = 0x6C62_272E_07BB_0142

    public init() {}

    public init(_ bytes: [UInt8]) {
        self.init()
        combine(bytes)
    }

    public mutating func combine(_ bytes: [UInt8]) {
        var high = self.high, low = self.low
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                low = (low ^ UInt64(byte)) &* 0x9E37_79B9_7F4A_7C15
                low ^= low >> 29
            }
        }
        // Length ends the input, so "ab"+"c" and "a"+"bc" differ across combines.
        high = (high ^ UInt64(bytes.count)) &* 0x0000_0100_0000_01B3
        low = (low ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        self.high = high
        self.low = low
    }

    public mutating func combine(_ text: String) { combine(Array(text.utf8)) }

    public var description: String {
        let hex = { (value: UInt64) in String(repeating: "0", count: 16 - String(value, radix: 16).count) + String(value, radix: 16) }
        return hex(high) + hex(low)
    }
}
