// swift-tools-version:6.0
// swiftui-gotchas links the toolchain's own SwiftSyntax/SwiftParser (no package
// dependencies). They live in `<toolchain>/usr/lib/swift/host`; the region between the
// markers below finds that directory: SWIFTUI_GOTCHAS_SWIFT_HOST, else the `swiftc` on PATH
// (Linux, or a toolchain's own usr/bin first on PATH), else the toolchains Apple's tools would
// pick on macOS, where /usr/bin/swiftc is the xcrun shim and points into no toolchain.
import PackageDescription
import Foundation

// BEGIN toolchain-lookup
// One copy of the lookup, tested for real: a manifest cannot import another file, so
// Tests/ToolchainLookupTests cuts the text between the BEGIN/END markers out of this file,
// compiles it with `swiftc` together with a small driver and runs it against fake Xcode,
// Command Line Tools and swift.org trees built under a temporary directory (`ToolchainFiles`
// with a `root`). Keep this region free of PackageDescription: Foundation only (imported
// above). The manifest may not run processes (it is sandboxed on macOS), so everything is
// read from the disk.

let hostOverrideVariable = "SWIFTUI_GOTCHAS_SWIFT_HOST"

/// The file system the lookup reads, every absolute path taken below `root`
/// ("" on a real machine; a temporary directory holding a fake tree in the tests).
struct ToolchainFiles {
    let root: String

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: onDisk(path)) }
    func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: onDisk(path)) }
    func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: onDisk(directory))) ?? []).sorted()
    }
    func read(_ path: String, upTo limit: Int) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: onDisk(path)) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: limit)
    }

    /// Where `path` is on the real disk. Below a test root, links are followed here so that an
    /// absolute target lands inside the root too; on the machine itself the OS follows them.
    private func onDisk(_ path: String) -> String { root.isEmpty ? path : root + resolvingSymlinks(path) }

    /// `path` with every symbolic link followed, component by component, so an absolute link
    /// target (/usr/bin/swiftc -> /opt/swift/usr/bin/swiftc, /var/db/xcode_select_link ->
    /// /Applications/Xcode.app/Contents/Developer) stays below `root`.
    func resolvingSymlinks(_ path: String) -> String {
        var resolved: [String] = []
        var pending = path.split(separator: "/").map(String.init).reversed() as [String]
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." { _ = resolved.popLast(); continue }
            let candidate = "/" + (resolved + [component]).joined(separator: "/")
            if links < 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root + candidate) {
                links += 1
                if target.hasPrefix("/") { resolved = [] }
                pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
            } else {
                resolved.append(component)
            }
        }
        return "/" + resolved.joined(separator: "/")
    }
}

/// Major.minor of the compiler evaluating this file (the one that will build the package):
/// `#if compiler` answers without running a process.
func runningCompilerVersion() -> String? {
    #if compiler(>=7.0)
    return nil
    #elseif compiler(>=6.9)
    return "6.9"
    #elseif compiler(>=6.8)
    return "6.8"
    #elseif compiler(>=6.7)
    return "6.7"
    #elseif compiler(>=6.6)
    return "6.6"
    #elseif compiler(>=6.5)
    return "6.5"
    #elseif compiler(>=6.4)
    return "6.4"
    #elseif compiler(>=6.3)
    return "6.3"
    #elseif compiler(>=6.2)
    return "6.2"
    #elseif compiler(>=6.1)
    return "6.1"
    #else
    return "6.0"
    #endif
}

/// A toolchain directory (the one holding `usr/`) and why it was looked at.
struct ToolchainCandidate: Equatable {
    let path: String
    let origin: String
}

enum SwiftSyntaxHostLookup: Equatable {
    case found(host: String, toolchain: String)
    case missing(message: String)
}

/// `<toolchain>/usr/lib/swift/host` when it holds what the targets import and link: the
/// module (a `.swiftmodule` file or a directory of `<triple>.swiftinterface` files) and the
/// shared library of both SwiftSyntax and SwiftParser.
func swiftSyntaxHost(in toolchain: String, files: ToolchainFiles) -> String? {
    let host = toolchain + "/usr/lib/swift/host"
    for module in ["SwiftSyntax", "SwiftParser"] {
        guard files.exists("\(host)/\(module).swiftmodule") else { return nil }
        guard files.exists("\(host)/lib\(module).so") || files.exists("\(host)/lib\(module).dylib") else { return nil }
    }
    return host
}

/// "6.3" from text starting "6.3", "6.3.1-RELEASE", … (nil when it does not start so).
func leadingMajorMinor(_ text: Substring) -> String? {
    let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    let major = parts[0], minor = parts[1].prefix(while: \.isNumber)
    guard !major.isEmpty, major.allSatisfy(\.isNumber), !minor.isEmpty else { return nil }
    return "\(major).\(minor)"
}

/// The Swift version a toolchain's compiler has, read from disk: the header line
/// `// swift-compiler-version: Swift version 6.3.1 (…)` of its own standard library's
/// interface (not of host/SwiftSyntax's: that one is built by the compiler that built the
/// toolchain), else a swift.org bundle name such as `swift-6.3.1-RELEASE.xctoolchain`.
func swiftVersion(ofToolchain toolchain: String, files: ToolchainFiles) -> String? {
    for platform in ["macosx", "linux"] {
        let module = "\(toolchain)/usr/lib/swift/\(platform)/Swift.swiftmodule"
        for entry in files.entries(module)
        where entry.hasSuffix(".swiftinterface") && !entry.hasSuffix(".private.swiftinterface") {
            guard let data = files.read("\(module)/\(entry)", upTo: 2048) else { continue }
            let header = String(decoding: data, as: UTF8.self)
            for line in header.split(separator: "\n") where line.hasPrefix("// swift-compiler-version:") {
                if let range = line.range(of: "version ", range: line.index(line.startIndex, offsetBy: 26)..<line.endIndex),
                   let version = leadingMajorMinor(line[range.upperBound...]) {
                    return version
                }
            }
        }
    }
    let name = toolchain.split(separator: "/").last ?? ""
    if name.hasPrefix("swift-"), let version = leadingMajorMinor(name.dropFirst("swift-".count)) { return version }
    return nil
}

/// The identifiers `TOOLCHAINS` may name a toolchain bundle by: CFBundleIdentifier and the
/// Aliases of its Info.plist (swift.org: `org.swift.63120260414a`, alias `swift`), Identifier
/// of an Xcode ToolchainInfo.plist, and its file name without `.xctoolchain`.
func toolchainIdentifiers(_ bundle: String, files: ToolchainFiles) -> Set<String> {
    var identifiers: Set<String> = []
    if let name = bundle.split(separator: "/").last {
        identifiers.insert(String(name.hasSuffix(".xctoolchain") ? name.dropLast(".xctoolchain".count) : name))
    }
    for plist in ["Info.plist", "ToolchainInfo.plist"] {
        guard let data = files.read("\(bundle)/\(plist)", upTo: 1 << 20),
              let info = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { continue }
        for key in ["CFBundleIdentifier", "Identifier"] {
            if let identifier = info[key] as? String { identifiers.insert(identifier) }
        }
        for alias in info["Aliases"] as? [String] ?? [] { identifiers.insert(alias) }
    }
    return identifiers
}

/// The developer directory xcrun would use: DEVELOPER_DIR (an Xcode.app or its
/// Contents/Developer, or Command Line Tools), else `xcode-select -s`'s link, else
/// /Applications/Xcode.app, else Command Line Tools.
func selectedDeveloperDirectory(environment: [String: String], files: ToolchainFiles) -> (path: String, origin: String)? {
    if let developer = environment["DEVELOPER_DIR"], !developer.isEmpty {
        let inApp = developer + "/Contents/Developer"
        return (files.exists(inApp) ? inApp : developer, "DEVELOPER_DIR=\(developer)")
    }
    let selectLink = "/var/db/xcode_select_link"
    if files.exists(selectLink) { return (files.resolvingSymlinks(selectLink), "xcode-select (\(selectLink))") }
    for (path, origin) in [("/Applications/Xcode.app/Contents/Developer", "the default Xcode"),
                           ("/Library/Developer/CommandLineTools", "Command Line Tools")] where files.exists(path) {
        return (path, origin)
    }
    return nil
}

/// Xcode's default toolchain inside a developer directory; Command Line Tools are their own.
func defaultToolchain(ofDeveloperDirectory developer: String, files: ToolchainFiles) -> String {
    let xcodeDefault = developer + "/Toolchains/XcodeDefault.xctoolchain"
    return files.exists(xcodeDefault) ? xcodeDefault : developer
}

/// Where the toolchain's SwiftSyntax is, in this order:
/// 1. SWIFTUI_GOTCHAS_SWIFT_HOST, which must hold it;
/// 2. the first `swiftc` on PATH, symlinks resolved, whose `../lib/swift/host` holds it
///    (Linux; or a toolchain's usr/bin put first on PATH) — unchanged from before macOS support;
/// 3. macOS, the toolchains xcrun would consider: the ones TOOLCHAINS names, the selected
///    developer directory's default toolchain, then every installed one
///    (~/Library/Developer/Toolchains, /Library/Developer/Toolchains, /Applications/Xcode*.app,
///    Command Line Tools). Of those holding SwiftSyntax, the first whose Swift version is the
///    running compiler's wins (its interfaces are what that compiler reads best), else the first.
func findSwiftSyntaxHost(environment: [String: String], runningCompiler: String?, files: ToolchainFiles) -> SwiftSyntaxHostLookup {
    if let override = environment[hostOverrideVariable], !override.isEmpty {
        guard files.exists(override + "/SwiftSyntax.swiftmodule"), files.exists(override + "/SwiftParser.swiftmodule") else {
            return .missing(message: "\(hostOverrideVariable)=\(override) does not contain SwiftSyntax.swiftmodule and SwiftParser.swiftmodule.")
        }
        return .found(host: override, toolchain: override)
    }

    var looked: [String] = []
    for entry in (environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = String(entry) + "/swiftc"
        guard files.isExecutable(swiftc) else { continue }
        let resolved = files.resolvingSymlinks(swiftc)
        // <toolchain>/usr/bin/swiftc; "" when it is /usr/bin/swiftc itself (macOS's xcrun shim).
        let components = resolved.split(separator: "/").dropLast(3)
        let toolchain = components.isEmpty ? "" : "/" + components.joined(separator: "/")
        if let host = swiftSyntaxHost(in: toolchain, files: files) { return .found(host: host, toolchain: toolchain) }
        looked.append("\(toolchain.isEmpty ? "/" : toolchain) (from \(swiftc) on PATH)")
    }

    var candidates: [ToolchainCandidate] = []
    func consider(_ path: String, _ origin: String) {
        if files.exists(path), !candidates.contains(where: { $0.path == path }) {
            candidates.append(ToolchainCandidate(path: path, origin: origin))
        }
    }
    let home = environment["HOME"] ?? ""
    let toolchainDirectories = (home.isEmpty ? [] : [home + "/Library/Developer/Toolchains"]) + ["/Library/Developer/Toolchains"]
    let developer = selectedDeveloperDirectory(environment: environment, files: files)
    if let selection = environment["TOOLCHAINS"], !selection.isEmpty {
        let wanted = selection.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" }).map(String.init)
        let directories = toolchainDirectories + (developer.map { [$0.path + "/Toolchains"] } ?? [])
        for identifier in wanted {
            for directory in directories {
                for bundle in files.entries(directory).reversed() where bundle.hasSuffix(".xctoolchain") {
                    let path = "\(directory)/\(bundle)"
                    if toolchainIdentifiers(path, files: files).contains(identifier) { consider(path, "TOOLCHAINS=\(selection)") }
                }
            }
        }
    }
    if let developer {
        consider(defaultToolchain(ofDeveloperDirectory: developer.path, files: files), developer.origin)
    }
    for directory in toolchainDirectories {
        // Newest-looking names first (swift-6.3… before swift-6.2…); the version match decides anyway.
        for bundle in files.entries(directory).reversed() where bundle.hasSuffix(".xctoolchain") {
            consider("\(directory)/\(bundle)", "installed in \(directory)")
        }
    }
    for app in files.entries("/Applications") where app.hasPrefix("Xcode") && app.hasSuffix(".app") {
        consider("/Applications/\(app)/Contents/Developer/Toolchains/XcodeDefault.xctoolchain", "installed Xcode")
    }
    consider("/Library/Developer/CommandLineTools", "Command Line Tools")

    let usable = candidates.compactMap { candidate in
        swiftSyntaxHost(in: candidate.path, files: files).map { (candidate: candidate, host: $0) }
    }
    if let match = usable.first(where: { runningCompiler != nil && swiftVersion(ofToolchain: $0.candidate.path, files: files) == runningCompiler })
        ?? usable.first {
        return .found(host: match.host, toolchain: match.candidate.path)
    }

    looked += candidates.map { "\($0.path) (\($0.origin))" }
    let lookedList = looked.isEmpty ? "  (no swiftc on PATH and no Apple toolchain)" : looked.map { "  - \($0)" }.joined(separator: "\n")
    return .missing(message: """
        swiftui-gotchas: could not find the toolchain's SwiftSyntax/SwiftParser: none of these has \
        usr/lib/swift/host/SwiftSyntax.swiftmodule and libSwiftSyntax:
        \(lookedList)
        A swift.org toolchain has them. On macOS, Xcode's and the Command Line Tools' toolchains \
        may not: install one from https://www.swift.org/install/ or with swiftly \
        (`swiftly install latest`; it goes to ~/Library/Developer/Toolchains, which is searched), \
        preferably of the same Swift version as the compiler you build with, and build with it \
        (`swiftly run swift build`, or TOOLCHAINS=<its CFBundleIdentifier> swift build). \
        Or set \(hostOverrideVariable) to a toolchain's usr/lib/swift/host directory \
        (for example /opt/swift/usr/lib/swift/host, or \
        ~/Library/Developer/Toolchains/swift-6.3-RELEASE.xctoolchain/usr/lib/swift/host).
        """)
}
// END toolchain-lookup

func swiftSyntaxHostDirectory() -> String {
    switch findSwiftSyntaxHost(
        environment: ProcessInfo.processInfo.environment, runningCompiler: runningCompilerVersion(),
        files: ToolchainFiles(root: "")) {
    case .found(let host, _): return host
    case .missing(let message): fatalError(message)
    }
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
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "swiftui-gotchas", targets: ["swiftui-gotchas"]),
        .executable(name: "swiftui-gotchas-bench", targets: ["swiftui-gotchas-bench"]),
        // `swift package lint-gotchas` in packages that depend on this one (docs/ci.md).
        .plugin(name: "LintGotchas", targets: ["LintGotchas"]),
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
        .plugin(
            name: "LintGotchas",
            capability: .command(
                intent: .custom(
                    verb: "lint-gotchas",
                    description: "Lint the package's Swift sources for SwiftUI gotchas (swiftui-gotchas lint)")),
            dependencies: ["swiftui-gotchas"]),
        // Compiles and runs the toolchain-lookup region of this file against fake trees.
        .testTarget(name: "ToolchainLookupTests"),
        .testTarget(
            name: "GotchasCoreTests", dependencies: ["GotchasCore", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasRulesTests", dependencies: ["GotchasCore", "GotchasRules", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasCLITests", dependencies: ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasCorpus"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        // The server suites' one harness (an in-process client over pipes, waits off the pool).
        .target(
            name: "ServerTestSupport", dependencies: ["GotchasCore", "GotchasLSP"], path: "Tests/ServerTestSupport",
            swiftSettings: syntaxInterface),
        .testTarget(
            name: "GotchasLSPTests", dependencies: ["GotchasCore", "GotchasRules", "GotchasLSP", "GotchasCorpus", "ServerTestSupport"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
        .testTarget(
            name: "GotchasReliabilityTests",
            dependencies: ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasLSP", "GotchasCorpus", "ServerTestSupport"],
            swiftSettings: syntaxInterface, linkerSettings: syntaxLinking),
    ],
    swiftLanguageModes: [.v6]
)
