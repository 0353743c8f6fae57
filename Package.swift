// swift-tools-version:6.0
// swiftui-gotchas links the toolchain's own SwiftSyntax/SwiftParser (no package
// dependencies). They live in `<toolchain>/usr/lib/swift/host`; we find that
// directory from the `swiftc` on PATH, or from SWIFTUI_GOTCHAS_SWIFT_HOST.
import PackageDescription
import Foundation

let hostOverrideVariable = "SWIFTUI_GOTCHAS_SWIFT_HOST"

/// The toolchain directory holding SwiftSyntax.swiftmodule and libSwiftSyntax.so.
func swiftSyntaxHostDirectory() -> String {
    let environment = ProcessInfo.processInfo.environment
    let fileManager = FileManager.default
    func hasSwiftSyntax(_ directory: String) -> Bool {
        fileManager.fileExists(atPath: directory + "/SwiftSyntax.swiftmodule")
            && fileManager.fileExists(atPath: directory + "/SwiftParser.swiftmodule")
    }
    if let override = environment[hostOverrideVariable], !override.isEmpty {
        guard hasSwiftSyntax(override) else {
            fatalError("\(hostOverrideVariable)=\(override) does not contain SwiftSyntax.swiftmodule and SwiftParser.swiftmodule.")
        }
        return override
    }
    for entry in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = String(entry) + "/swiftc"
        guard fileManager.isExecutableFile(atPath: candidate) else { continue }
        // Resolve symlinks (e.g. /usr/bin/swiftc -> /opt/swift/usr/bin/swiftc).
        let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath()
        let toolchainUsr = resolved.deletingLastPathComponent().deletingLastPathComponent()
        let host = toolchainUsr.appendingPathComponent("lib/swift/host").path
        if hasSwiftSyntax(host) { return host }
    }
    fatalError("""
        swiftui-gotchas: could not find the toolchain's SwiftSyntax/SwiftParser.
        Looked for <toolchain>/usr/lib/swift/host next to every `swiftc` on PATH.
        Set \(hostOverrideVariable) to the directory that contains SwiftSyntax.swiftmodule
        and libSwiftSyntax.so (for example /opt/swift/usr/lib/swift/host).
        """)
}

let host = swiftSyntaxHostDirectory()
/// Every target that imports a module that imports SwiftSyntax needs to see its interface.
let syntaxInterface: [SwiftSetting] = [.unsafeFlags(["-I", host])]
let syntaxLinking: [LinkerSetting] = [
    .unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]),
    .linkedLibrary("SwiftSyntax"),
    .linkedLibrary("SwiftParser"),
]

let package = Package(
    name: "swiftui-gotchas",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "swiftui-gotchas", targets: ["swiftui-gotchas"]),
        .executable(name: "swiftui-gotchas-bench", targets: ["swiftui-gotchas-bench"]),
    ],
    targets: [
        .target(name: "GotchasCore", swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .target(name: "GotchasRules", dependencies: ["GotchasCore"], swiftSettings: syntaxInterface),
        .target(name: "GotchasCLI", dependencies: ["GotchasCore", "GotchasRules"], swiftSettings: syntaxInterface),
        .target(name: "GotchasLSP", dependencies: ["GotchasCore", "GotchasRules"], swiftSettings: syntaxInterface),
        .executableTarget(
            name: "swiftui-gotchas",
            dependencies: ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasLSP"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .target(name: "GotchasCorpus"),
        .executableTarget(
            name: "swiftui-gotchas-bench",
            // It measures the built `swiftui-gotchas` through its command line and pipes.
            dependencies: ["GotchasCore", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasCoreTests", dependencies: ["GotchasCore", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasRulesTests", dependencies: ["GotchasCore", "GotchasRules"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasCLITests", dependencies: ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasLSPTests", dependencies: ["GotchasCore", "GotchasRules", "GotchasLSP", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasReliabilityTests",
            dependencies: ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasLSP", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
    ],
    swiftLanguageModes: [.v6]
)
