// The toolchain lookup of Package.swift, tested for real. A manifest cannot import another
// file, so the lookup stays in Package.swift between `// BEGIN toolchain-lookup` and
// `// END toolchain-lookup`; these tests cut that region out of the manifest's text, compile it
// with `swiftc` beside a small driver, and run the program against fake trees shaped like a
// Mac's (Xcode.app, Command Line Tools, swift.org/swiftly toolchains, xcode-select's link)
// and Linux's, each under its own temporary root. None of this needs macOS.
import Foundation
import Testing

@Suite("Package.swift toolchain lookup")
struct ToolchainLookupTests {
    @Test("Linux: the swiftc on PATH, through its symlinks, names the toolchain (unchanged), ahead of any Mac toolchain")
    func linuxPathWins() throws {
        let tree = try FakeTree()
        tree.linuxToolchain()
        tree.swiftOrgToolchain("/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain", version: "6.3.1")
        let result = try tree.lookup(["PATH": "/usr/local/bin:/usr/bin"], running: "6.2")
        #expect(result == .found(host: "/opt/swift/usr/lib/swift/host"))
    }

    @Test("A relative symlink on PATH is followed from its own directory")
    func relativeSymlink() throws {
        let tree = try FakeTree()
        tree.linuxToolchain(linkSwiftc: false)
        tree.link("/usr/local/bin/swiftc", to: "../../../opt/swift/usr/bin/swiftc")
        #expect(try tree.lookup(["PATH": "/usr/local/bin"]) == .found(host: "/opt/swift/usr/lib/swift/host"))
    }

    @Test("SWIFTUI_GOTCHAS_SWIFT_HOST wins when it holds the modules, and stops the build with its name when not")
    func override() throws {
        let tree = try FakeTree()
        tree.linuxToolchain()
        tree.swiftOrgToolchain("/toolchains/other", version: "6.1")
        #expect(try tree.lookup(["PATH": "/usr/bin", "SWIFTUI_GOTCHAS_SWIFT_HOST": "/toolchains/other/usr/lib/swift/host"])
            == .found(host: "/toolchains/other/usr/lib/swift/host"))
        let broken = try tree.lookup(["PATH": "/usr/bin", "SWIFTUI_GOTCHAS_SWIFT_HOST": "/nowhere"])
        #expect(broken.message?.contains("SWIFTUI_GOTCHAS_SWIFT_HOST=/nowhere does not contain SwiftSyntax.swiftmodule") == true)
    }

    @Test("macOS: /usr/bin/swiftc is the xcrun shim; Xcode has no SwiftSyntax interface, the swift.org toolchain in ~/Library is used")
    func macShimFallsBackToInstalledToolchain() throws {
        let tree = try FakeTree()
        tree.macShim()
        tree.xcode("/Applications/Xcode.app", swift: "6.3")
        tree.swiftOrgToolchain("/Users/me/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain", version: "6.3.1")
        let result = try tree.lookup(["PATH": "/usr/bin:/bin", "HOME": "/Users/me"], running: "6.3")
        #expect(result == .found(host: "/Users/me/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain/usr/lib/swift/host"))
    }

    @Test("Of several usable toolchains, the one whose Swift version is the running compiler's wins; else the newest-looking")
    func versionMatchDecides() throws {
        let tree = try FakeTree()
        tree.macShim()
        let toolchains = "/Users/me/Library/Developer/Toolchains"
        tree.swiftOrgToolchain("\(toolchains)/swift-6.2.3-RELEASE.xctoolchain", version: "6.2.3")
        tree.swiftOrgToolchain("\(toolchains)/swift-6.3.1-RELEASE.xctoolchain", version: "6.3.1")
        // Named like neither: its version comes from its standard library's interface header.
        tree.swiftOrgToolchain("/Library/Developer/Toolchains/swift-latest.xctoolchain", version: "6.1.2")
        let environment = ["PATH": "/usr/bin", "HOME": "/Users/me"]
        #expect(try tree.lookup(environment, running: "6.2") == .found(host: "\(toolchains)/swift-6.2.3-RELEASE.xctoolchain/usr/lib/swift/host"))
        #expect(try tree.lookup(environment, running: "6.3") == .found(host: "\(toolchains)/swift-6.3.1-RELEASE.xctoolchain/usr/lib/swift/host"))
        #expect(try tree.lookup(environment, running: "6.1") == .found(host: "/Library/Developer/Toolchains/swift-latest.xctoolchain/usr/lib/swift/host"))
        #expect(try tree.lookup(environment, running: "7.4") == .found(host: "\(toolchains)/swift-6.3.1-RELEASE.xctoolchain/usr/lib/swift/host"))
        #expect(try tree.lookup(environment, running: nil) == .found(host: "\(toolchains)/swift-6.3.1-RELEASE.xctoolchain/usr/lib/swift/host"))
    }

    @Test("DEVELOPER_DIR (an Xcode.app, its Contents/Developer, or Command Line Tools) comes before other installed Xcodes")
    func developerDirectory() throws {
        let tree = try FakeTree()
        tree.macShim()
        tree.xcode("/Applications/Xcode.app", swift: "6.3", withSyntax: true)
        tree.xcode("/Applications/Xcode-beta.app", swift: "6.3", withSyntax: true)
        tree.commandLineTools(swift: "6.3", withSyntax: true)
        let beta = "/Applications/Xcode-beta.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"
        #expect(try tree.lookup(["PATH": "/usr/bin", "DEVELOPER_DIR": "/Applications/Xcode-beta.app"], running: "6.3") == .found(host: beta))
        #expect(try tree.lookup(["PATH": "/usr/bin", "DEVELOPER_DIR": "/Applications/Xcode-beta.app/Contents/Developer"], running: "6.3") == .found(host: beta))
        #expect(try tree.lookup(["PATH": "/usr/bin", "DEVELOPER_DIR": "/Library/Developer/CommandLineTools"], running: "6.3")
            == .found(host: "/Library/Developer/CommandLineTools/usr/lib/swift/host"))
        // Without DEVELOPER_DIR or xcode-select's link, /Applications/Xcode.app is the default.
        #expect(try tree.lookup(["PATH": "/usr/bin"], running: "6.3")
            == .found(host: "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"))
    }

    @Test("xcode-select's /var/db/xcode_select_link names the developer directory when DEVELOPER_DIR is unset")
    func xcodeSelectLink() throws {
        let tree = try FakeTree()
        tree.macShim()
        tree.xcode("/Applications/Xcode.app", swift: "6.3", withSyntax: true)
        tree.xcode("/Applications/Xcode_16.4.app", swift: "6.1", withSyntax: true)
        tree.link("/var/db/xcode_select_link", to: "/Applications/Xcode_16.4.app/Contents/Developer")
        #expect(try tree.lookup(["PATH": "/usr/bin"], running: nil)
            == .found(host: "/Applications/Xcode_16.4.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"))
        // The running compiler's version still decides between usable ones.
        #expect(try tree.lookup(["PATH": "/usr/bin"], running: "6.3")
            == .found(host: "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"))
    }

    @Test("TOOLCHAINS selects a bundle by CFBundleIdentifier (XML or binary Info.plist), by alias, or by file name")
    func toolchainsVariable() throws {
        let tree = try FakeTree()
        tree.macShim()
        tree.xcode("/Applications/Xcode.app", swift: "6.3")
        let older = "/Library/Developer/Toolchains/swift-6.2.3-RELEASE.xctoolchain"
        let newer = "/Users/me/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain"
        tree.swiftOrgToolchain(older, version: "6.2.3", identifier: "org.swift.62320251203a", binaryPlist: true)
        tree.swiftOrgToolchain(newer, version: "6.3.1", identifier: "org.swift.63120260414a")
        let base = ["PATH": "/usr/bin", "HOME": "/Users/me"]
        #expect(try tree.lookup(base.merging(["TOOLCHAINS": "org.swift.62320251203a"]) { $1 }, running: nil) == .found(host: older + "/usr/lib/swift/host"))
        #expect(try tree.lookup(base.merging(["TOOLCHAINS": "swift-6.2.3-RELEASE"]) { $1 }, running: nil) == .found(host: older + "/usr/lib/swift/host"))
        #expect(try tree.lookup(base.merging(["TOOLCHAINS": "org.swift.63120260414a"]) { $1 }, running: nil) == .found(host: newer + "/usr/lib/swift/host"))
        // Both carry the alias `swift`: the user's own directory is searched first, as xcrun does.
        #expect(try tree.lookup(base.merging(["TOOLCHAINS": "swift"]) { $1 }, running: nil) == .found(host: newer + "/usr/lib/swift/host"))
    }

    @Test("A host directory counts with a binary .swiftmodule file or an interface directory, but not without the libraries")
    func hostShapes() throws {
        let tree = try FakeTree()
        tree.macShim()
        let binary = "/Users/me/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain"
        tree.swiftOrgToolchain(binary, version: "6.3.1", interfaceDirectories: false)
        #expect(try tree.lookup(["PATH": "/usr/bin", "HOME": "/Users/me"], running: "6.3") == .found(host: binary + "/usr/lib/swift/host"))
        tree.remove(binary + "/usr/lib/swift/host/libSwiftParser.dylib")
        #expect(try tree.lookup(["PATH": "/usr/bin", "HOME": "/Users/me"], running: "6.3").message != nil)
    }

    @Test("Nothing usable: the message lists what was looked at and says which toolchain works and how to point at it")
    func nothingFound() throws {
        let tree = try FakeTree()
        tree.macShim()
        tree.xcode("/Applications/Xcode.app", swift: "6.3")
        tree.commandLineTools(swift: "6.3", withSyntax: false)
        let result = try tree.lookup(["PATH": "/usr/bin", "HOME": "/Users/me"], running: "6.3")
        let message = try #require(result.message)
        #expect(message.contains("/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain (the default Xcode)"))
        #expect(message.contains("/Library/Developer/CommandLineTools (Command Line Tools)"))
        #expect(message.contains("/ (from /usr/bin/swiftc on PATH)"))
        #expect(message.contains("swiftly install latest"))
        #expect(message.contains("https://www.swift.org/install/"))
        #expect(message.contains("SWIFTUI_GOTCHAS_SWIFT_HOST"))
    }

    @Test("The manifest's `#if compiler` ladder names the version of the swiftc that compiled it")
    func runningCompilerLadder() throws {
        let program = try LookupProgram.shared.get()
        let ladder = try run(program, ["--running-compiler"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let versionLine = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "--version"])
        // "Swift version 6.3.1 (swift-6.3.1-RELEASE)" or "Apple Swift version 6.2 (…)".
        let version = try #require(versionLine.range(of: "Swift version ").map { versionLine[$0.upperBound...] })
        let majorMinor = version.prefix { $0.isNumber || $0 == "." }.split(separator: ".").prefix(2).joined(separator: ".")
        #expect(ladder == majorMinor)
    }
}

// MARK: - The lookup program built from Package.swift's region

enum LookupOutcome: Equatable {
    case found(host: String)
    case missing(String)
    var message: String? { if case .missing(let text) = self { text } else { nil } }
}

/// Compiled once per test run; every test runs the same program.
final class LookupProgram: Sendable {
    static let shared = LookupProgram()
    private let result: Result<URL, BuildFailure>

    struct BuildFailure: Error, CustomStringConvertible { let description: String }

    func get() throws -> URL { try result.get() }

    private init() {
        result = Result { try LookupProgram.build() }.mapError { BuildFailure(description: "\($0)") }
    }

    static let driver = #"""
        import Foundation
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--running-compiler"] {
            print(runningCompilerVersion() ?? "nil")
            exit(0)
        }
        let root = arguments.removeFirst()
        let running = arguments.removeFirst()
        var environment: [String: String] = [:]
        for pair in arguments {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            environment[String(parts[0])] = String(parts[1])
        }
        switch findSwiftSyntaxHost(environment: environment, runningCompiler: running == "-" ? nil : running, files: ToolchainFiles(root: root)) {
        case .found(let host, _): print("found\n\(host)", terminator: "")
        case .missing(let message): print("missing\n\(message)", terminator: "")
        }
        """#

    static func build() throws -> URL {
        let manifest = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        guard let begin = text.range(of: "// BEGIN toolchain-lookup\n"),
              let end = text.range(of: "// END toolchain-lookup", range: begin.upperBound..<text.endIndex)
        else { throw BuildFailure(description: "Package.swift has no BEGIN/END toolchain-lookup markers") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("toolchain-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The manifest imports Foundation above the region.
        try ("import Foundation\n" + String(text[begin.upperBound..<end.lowerBound])).write(to: directory.appendingPathComponent("lookup.swift"), atomically: true, encoding: .utf8)
        try driver.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent("lookup")
        _ = try run(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-swift-version", "6", "-Onone",
            directory.appendingPathComponent("lookup.swift").path, directory.appendingPathComponent("main.swift").path,
            "-o", program.path,
        ])
        return program
    }
}

/// Runs a program to its end; its standard output, or an error with both outputs.
@discardableResult
func run(_ executable: URL, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: outputData, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw LookupProgram.BuildFailure(description: "\(executable.path) \(arguments.joined(separator: " ")) exited \(process.terminationStatus):\n\(text)\(String(decoding: errorData, as: UTF8.self))")
    }
    return text
}

// MARK: - Fake trees

/// A directory standing for `/` of a machine; removed when the test's value goes away.
final class FakeTree {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fake-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func lookup(_ environment: [String: String], running: String? = nil) throws -> LookupOutcome {
        let output = try run(try LookupProgram.shared.get(),
                             [root.path, running ?? "-"] + environment.map { "\($0.key)=\($0.value)" })
        if output.hasPrefix("found\n") { return .found(host: String(output.dropFirst("found\n".count))) }
        return .missing(String(output.dropFirst("missing\n".count)))
    }

    private func url(_ path: String) -> URL { root.appendingPathComponent(String(path.dropFirst())) }

    func file(_ path: String, _ contents: String = "", executable: Bool = false) {
        file(path, Data(contents.utf8), executable: executable)
    }

    func file(_ path: String, _ contents: Data, executable: Bool = false) {
        let target = url(path)
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: target.path, contents: contents,
                                       attributes: [.posixPermissions: executable ? 0o755 : 0o644])
    }

    func link(_ path: String, to destination: String) {
        let source = url(path)
        try? FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: source.path, withDestinationPath: destination)
    }

    func remove(_ path: String) { try? FileManager.default.removeItem(at: url(path)) }

    /// The header of a standard library interface, which carries the toolchain's own version.
    private func stdlib(_ toolchain: String, platform: String, triple: String, versionLine: String) {
        file("\(toolchain)/usr/lib/swift/\(platform)/Swift.swiftmodule/\(triple).swiftinterface",
             "// swift-interface-format-version: 1.0\n// swift-compiler-version: \(versionLine)\n// swift-module-flags: -target \(triple)\n")
        file("\(toolchain)/usr/lib/swift/\(platform)/Swift.swiftmodule/\(triple).private.swiftinterface", "// swift-compiler-version: Swift version 1.0\n")
    }

    /// host/ as swift.org toolchains ship it: interfaces built by the bootstrap compiler
    /// (so their header's version is not the toolchain's), plus the shared libraries.
    private func swiftSyntaxHost(_ toolchain: String, triple: String, libraryExtension: String, interfaceDirectories: Bool = true) {
        for module in ["SwiftSyntax", "SwiftParser", "SwiftDiagnostics"] {
            let path = "\(toolchain)/usr/lib/swift/host/\(module).swiftmodule"
            if interfaceDirectories {
                file("\(path)/\(triple).swiftinterface", "// swift-interface-format-version: 1.0\n// swift-compiler-version: Swift version 5.9.2 (swift-5.9.2-RELEASE)\n")
            } else {
                file(path, "binary module")
            }
            file("\(toolchain)/usr/lib/swift/host/lib\(module).\(libraryExtension)", "library")
        }
        file("\(toolchain)/usr/lib/swift/host/compiler/lib_CompilerSwiftSyntax.\(libraryExtension)", "library")
    }

    /// /opt/swift as the Linux tarball installs it, with /usr/bin/swiftc -> …/swiftc -> swift-driver.
    func linuxToolchain(linkSwiftc: Bool = true) {
        file("/opt/swift/usr/bin/swift-driver", "#!/bin/sh\n", executable: true)
        link("/opt/swift/usr/bin/swiftc", to: "swift-driver")
        if linkSwiftc { link("/usr/bin/swiftc", to: "/opt/swift/usr/bin/swiftc") }
        stdlib("/opt/swift", platform: "linux", triple: "x86_64-unknown-linux-gnu", versionLine: "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
        swiftSyntaxHost("/opt/swift", triple: "x86_64-unknown-linux-gnu", libraryExtension: "so")
    }

    /// macOS's /usr/bin/swiftc: a real executable (the xcrun shim), next to no toolchain.
    func macShim() {
        file("/usr/bin/swiftc", "shim", executable: true)
        file("/usr/bin/xcrun", "shim", executable: true)
    }

    /// A swift.org (or swiftly-installed) .xctoolchain bundle.
    func swiftOrgToolchain(_ bundle: String, version: String, identifier: String? = nil, binaryPlist: Bool = false,
                           interfaceDirectories: Bool = true) {
        file("\(bundle)/usr/bin/swift-frontend", "", executable: true)
        link("\(bundle)/usr/bin/swiftc", to: "swift-frontend")
        stdlib(bundle, platform: "macosx", triple: "arm64-apple-macos", versionLine: "Swift version \(version) (swift-\(version)-RELEASE)")
        swiftSyntaxHost(bundle, triple: "arm64-apple-macos", libraryExtension: "dylib", interfaceDirectories: interfaceDirectories)
        let info: [String: Any] = [
            "CFBundleIdentifier": identifier ?? "org.swift.\(version.replacingOccurrences(of: ".", with: ""))20260101a",
            "Aliases": ["swift"],
            "DisplayName": "Swift \(version) Release",
        ]
        let data = try! PropertyListSerialization.data(fromPropertyList: info, format: binaryPlist ? .binary : .xml, options: 0)
        file("\(bundle)/Info.plist", data)
    }

    /// An Xcode.app: its default toolchain has macro plugins in host/ but (today, as far as we
    /// know) no SwiftSyntax module interface; `withSyntax` stands for one that would.
    func xcode(_ app: String, swift: String, withSyntax: Bool = false) {
        let toolchain = "\(app)/Contents/Developer/Toolchains/XcodeDefault.xctoolchain"
        file("\(toolchain)/usr/bin/swift-frontend", "", executable: true)
        link("\(toolchain)/usr/bin/swiftc", to: "swift-frontend")
        file("\(toolchain)/usr/lib/swift/host/plugins/libObservationMacros.dylib", "plugin")
        file("\(toolchain)/usr/lib/swift/host/plugins/testing/libTestingMacros.dylib", "plugin")
        stdlib(toolchain, platform: "macosx", triple: "arm64e-apple-macos",
               versionLine: "Apple Swift version \(swift) (swiftlang-\(swift).0.1.2 clang-1700.0.1.2)")
        if withSyntax { swiftSyntaxHost(toolchain, triple: "arm64e-apple-macos", libraryExtension: "dylib") }
        let info = try! PropertyListSerialization.data(
            fromPropertyList: ["Identifier": "com.apple.dt.toolchain.XcodeDefault"], format: .xml, options: 0)
        file("\(toolchain)/ToolchainInfo.plist", info)
        file("\(app)/Contents/Developer/usr/bin/xcodebuild", "", executable: true)
    }

    /// /Library/Developer/CommandLineTools: the toolchain is the directory itself.
    func commandLineTools(swift: String, withSyntax: Bool) {
        let tools = "/Library/Developer/CommandLineTools"
        file("\(tools)/usr/bin/swift-frontend", "", executable: true)
        link("\(tools)/usr/bin/swiftc", to: "swift-frontend")
        file("\(tools)/usr/lib/swift/host/plugins/libObservationMacros.dylib", "plugin")
        stdlib(tools, platform: "macosx", triple: "arm64e-apple-macos",
               versionLine: "Apple Swift version \(swift) (swiftlang-\(swift).0.1.2 clang-1700.0.1.2)")
        if withSyntax { swiftSyntaxHost(tools, triple: "arm64e-apple-macos", libraryExtension: "dylib") }
    }
}
