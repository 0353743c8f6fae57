import Foundation
import GotchasCLI
import GotchasCore
import GotchasRules
import SwiftSyntax
import Testing

/// A stand-in for a rule whose advice needs iOS 17 / macOS 14: it flags every `probe()`.
/// The engine silences it where the file's minimum is lower, so its findings show which
/// deployment targets `lint` gave each file.
private struct NeedsNewOSRule: Rule {
    static let description = RuleDescription(
        id: "needs-new-os", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "probe" else { return }
        report.append(Finding(message: "probe", range: call.byteRange))
    }
}

@Suite struct DeploymentTargetsCLITests {
    static let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v15)])\n"
    static let fooManifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Foo\", platforms: [.iOS(.v17), .macOS(.v14)])\n"
    static let probe = "func f() { probe() }\n"

    func lint(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String, error: String) {
        let captured = CapturedIO(environment: environment)
        let status = LintCommand(linter: Linter(rules: [NeedsNewOSRule.self]), io: captured.io).run(arguments)
        return (status, captured.output, captured.error)
    }

    func tree() throws -> TemporaryTree {
        try TemporaryTree([
            "Package.swift": Self.manifest,
            "Sources/App/A.swift": Self.probe,
            "Packages/Foo/Package.swift": Self.fooManifest,
            "Packages/Foo/Sources/Foo/F.swift": Self.probe,
        ])
    }

    @Test func eachFileIsLintedWithItsNearestPackagesMinimums() throws {
        let tree = try tree()
        let result = lint([tree.root, "--no-cache", "--format", "json"])
        // iOS 15 at the root silences the rule; the nested package (iOS 17, macOS 14) does not.
        #expect(!result.output.contains("Sources/App/A.swift"))
        #expect(result.output.contains("Packages/Foo/Sources/Foo/F.swift"))
        #expect(result.status == ExitStatus.problems)
        // Linting only the nested package's sources still finds its manifest above them.
        let nested = lint([tree.path("Packages/Foo/Sources"), "--no-cache", "--format", "json"])
        #expect(nested.output.contains("F.swift"))
        let root = lint([tree.path("Sources"), "--no-cache"])
        #expect(root.status == ExitStatus.clean)
    }

    /// A Tuist project: the targets are declared in `Tuist/ProjectDescriptionHelpers`, which a
    /// lint of the whole tree scans and a lint of a subfolder finds above it.
    @Test func aTuistProjectsHelpersGovernItsSources() throws {
        let helper = "import ProjectDescription\nlet app = Target.target(name: \"App\", destinations: .macOS, product: .app, deploymentTargets: .macOS(\"13.0\"))\n"
        let tree = try TemporaryTree([
            "Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project(name: \"App\", targets: [app])\n",
            "Tuist/ProjectDescriptionHelpers/Target+App.swift": helper,
            "App/Sources/A.swift": Self.probe,
        ])
        #expect(lint([tree.root, "--no-cache"]).status == ExitStatus.clean, "macOS 13 silences advice that needs macOS 14")
        #expect(lint([tree.path("App/Sources"), "--no-cache"]).status == ExitStatus.clean)
        try helper.replacingOccurrences(of: "13.0", with: "14.0").write(toFile: tree.path("Tuist/ProjectDescriptionHelpers/Target+App.swift"), atomically: true, encoding: .utf8)
        #expect(lint([tree.path("App/Sources"), "--no-cache"]).status == ExitStatus.problems)
    }

    /// An XcodeGen project: `project.yml` at the root declares the targets; a lint of the tree
    /// and of a subfolder read it, and `settings` names it.
    @Test func anXcodeGenSpecGovernsItsSources() throws {
        let spec = "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    deploymentTarget: \"16.0\"\n    sources: [App]\n"
        let tree = try TemporaryTree(["project.yml": spec, "App/Sources/A.swift": Self.probe])
        #expect(lint([tree.root, "--no-cache"]).status == ExitStatus.clean, "iOS 16 silences advice that needs iOS 17")
        #expect(lint([tree.path("App/Sources"), "--no-cache"]).status == ExitStatus.clean)
        let captured = CapturedIO()
        _ = SettingsCommand(rules: RuleCatalog.linter.descriptions, io: captured.io).run([tree.path("App/Sources/A.swift")])
        let settings = (output: captured.output, error: captured.error)
        #expect(settings.output.contains("iOS 16.0"), "\(settings.output)")
        #expect(settings.output.contains("/project.yml (XcodeGen)"), "\(settings.output)")
        #expect(settings.output.contains("targets: App (/"), "\(settings.output)")
        try spec.replacingOccurrences(of: "16.0", with: "17.0").write(toFile: tree.path("project.yml"), atomically: true, encoding: .utf8)
        #expect(lint([tree.path("App/Sources"), "--no-cache"]).status == ExitStatus.problems)
    }

    @Test func commandLinePlatformReplacesTheProjectAndTheCacheKeepsThemApart() throws {
        let tree = try tree()
        let cache = ["XDG_CACHE_HOME": tree.path(".cache")]
        let first = lint([tree.path("Sources"), "--format", "json"], environment: cache)
        #expect(first.status == ExitStatus.clean)
        let raised = lint([tree.path("Sources"), "--format", "json", "--platform", "iOS=17.0"], environment: cache)
        #expect(raised.output.contains("A.swift"))
        let lowered = lint([tree.path("Packages/Foo"), "--platform=ios=16.4", "--platform", "macOS=14.0"], environment: cache)
        #expect(lowered.status == ExitStatus.clean)
    }

    @Test func configurationPlatformsReplaceTheProject() throws {
        let tree = try tree()
        try #"{"platforms": {"iOS": "17.0"}}"#.write(toFile: tree.path("Sources/.swiftui-gotchas.json"), atomically: true, encoding: .utf8)
        let result = lint([tree.path("Sources"), "--no-cache", "--format", "json"])
        #expect(result.output.contains("A.swift"))
    }

    @Test func badPlatformArgumentsAreUsageErrors() throws {
        let tree = try tree()
        let unknown = lint([tree.root, "--platform", "android=14"])
        #expect(unknown.status == ExitStatus.failure)
        #expect(unknown.error.contains("unknown platform \"android\""))
        let version = lint([tree.root, "--platform", "iOS=seventeen"])
        #expect(version.status == ExitStatus.failure)
        #expect(version.error.contains("\"seventeen\" is not a version"))
        let shape = lint([tree.root, "--platform", "iOS"])
        #expect(shape.error.contains("NAME=VERSION"))
        #expect(lint([tree.root, "--platform"]).error.contains("--platform needs a value"))
    }

    @Test func invalidPlatformsInTheConfigurationStopTheRunWithAPosition() throws {
        let tree = try tree()
        try "{\n  \"platforms\": {\"iOS\": \"x\"}\n}".write(toFile: tree.path("Sources/.swiftui-gotchas.json"), atomically: true, encoding: .utf8)
        let result = lint([tree.path("Sources"), "--no-cache"])
        #expect(result.status == ExitStatus.failure)
        #expect(result.error.contains(".swiftui-gotchas.json:2:24: version for \"iOS\""))
    }

    @Test func xcodeProjectTargetsThatDisagreeGiveTheLowest() throws {
        let tree = try TemporaryTree([
            "App.xcodeproj/project.pbxproj": "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\nIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n",
            "App/A.swift": Self.probe,
        ])
        #expect(lint([tree.path("App"), "--no-cache"]).status == ExitStatus.clean)
        try "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n".write(toFile: tree.path("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        #expect(lint([tree.path("App"), "--no-cache"]).status == ExitStatus.problems)
    }

    /// An XcodeGen/Tuist project ignores `*.xcodeproj`: the walk of the project's folder must
    /// still read its deployment targets (a finding newer than the minimum would follow).
    @Test func anIgnoredXcodeProjectStillGivesItsDeploymentTargets() throws {
        let tree = try TemporaryTree([
            ".gitignore": "*.xcodeproj\n*.xcconfig\n",
            "App.xcodeproj/project.pbxproj": "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n",
            "App/A.swift": Self.probe,
        ])
        #expect(lint([tree.root, "--no-cache"]).status == ExitStatus.clean)
        #expect(lint([tree.root, "--no-cache", "--no-ignore"]).status == ExitStatus.clean)
        // Near miss: the project really is read — at 17.0 the probe is reported.
        try "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n".write(toFile: tree.path("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        #expect(lint([tree.root, "--no-cache"]).status == ExitStatus.problems)
        // An ignored xcconfig lowers it again.
        try "IPHONEOS_DEPLOYMENT_TARGET = 15.0\n".write(toFile: tree.path("App/Base.xcconfig"), atomically: true, encoding: .utf8)
        #expect(lint([tree.root, "--no-cache"]).status == ExitStatus.clean)
    }

    /// `uiscreen-bounds` asks the project's device family and orientations: an iPhone-only,
    /// portrait-only app is quiet, and the same app on iPad too is flagged again.
    @Test func anIPhoneOnlyPortraitOnlyProjectIsNotAskedAboutSplitView() throws {
        let view = "import SwiftUI\nstruct Hero: View {\n    var body: some View { Image(\"h\").frame(width: UIScreen.main.bounds.width) }\n}\n"
        let phone = "TARGETED_DEVICE_FAMILY = 1;\nINFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = UIInterfaceOrientationPortrait;\n"
        let app = "import SwiftUI\n@main struct HeroApp: App {\n    var body: some Scene { WindowGroup { Hero() } }\n}\n"
        let tree = try TemporaryTree(["App.xcodeproj/project.pbxproj": phone, "App/Hero.swift": view, "App/HeroApp.swift": app])
        func lint(_ arguments: [String]) -> (status: Int32, output: String) {
            let captured = CapturedIO()
            let status = LintCommand(linter: RuleCatalog.linter, io: captured.io).run(arguments)
            return (status, captured.output)
        }
        let phoneOnly = lint([tree.root, "--no-cache"])
        #expect(phoneOnly.status == ExitStatus.clean, "\(phoneOnly.output)")
        try phone.replacingOccurrences(of: "= 1;", with: "= \"1,2\";")
            .write(toFile: tree.path("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let both = lint([tree.root, "--no-cache"])
        #expect(both.status == ExitStatus.problems)
        #expect(both.output.contains("uiscreen-bounds"))
    }

    /// The orientations may live in a physical `Info.plist` instead of the build settings: read
    /// from there (plain and `~iphone` keys), an iPhone-only portrait app is quiet; a landscape
    /// entry there, or no orientations anywhere, flags again.
    @Test func orientationsFromAnInfoPlistCount() throws {
        let view = "import SwiftUI\nstruct Hero: View {\n    var body: some View { Image(\"h\").frame(width: UIScreen.main.bounds.width) }\n}\n"
        func plist(_ orientations: [String]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
                + "\t<key>UISupportedInterfaceOrientations~iphone</key>\n\t<array>\n"
                + orientations.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n</dict>\n</plist>\n"
        }
        let tree = try TemporaryTree([
            "App.xcodeproj/project.pbxproj": "TARGETED_DEVICE_FAMILY = 1;\nINFOPLIST_FILE = App/Info.plist;\n",
            "App/Info.plist": plist(["UIInterfaceOrientationPortrait"]),
            "App/Hero.swift": view,
        ])
        func lint() -> (status: Int32, output: String) {
            let captured = CapturedIO()
            let status = LintCommand(linter: RuleCatalog.linter, io: captured.io).run([tree.root, "--no-cache"])
            return (status, captured.output)
        }
        let portrait = lint()
        #expect(portrait.status == ExitStatus.clean, "\(portrait.output)")
        try plist(["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"])
            .write(toFile: tree.path("App/Info.plist"), atomically: true, encoding: .utf8)
        #expect(lint().output.contains("uiscreen-bounds"))
        try FileManager.default.removeItem(atPath: tree.path("App/Info.plist"))
        #expect(lint().output.contains("uiscreen-bounds"))
    }
}

@Suite struct SettingsCommandTests {
    func settings(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let captured = CapturedIO()
        let status = SettingsCommand(rules: RuleCatalog.linter.descriptions, io: captured.io).run(arguments)
        return (status, captured.output, captured.error)
    }

    @Test func printsEachMinimumWithWhereItCameFrom() throws {
        let tree = try TemporaryTree([
            "App.xcodeproj/project.pbxproj": """
                SDKROOT = auto;
                SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";
                IPHONEOS_DEPLOYMENT_TARGET = 16.0;
                IPHONEOS_DEPLOYMENT_TARGET = 15.0;
                """,
            "Config/Mac.xcconfig": "MACOSX_DEPLOYMENT_TARGET = 13.0\n",
            "App/ContentView.swift": "",
            "Packages/Foo/Package.swift": "// swift-tools-version:5.9\nlet package = Package(name: \"Foo\")\n",
            "Packages/Foo/Sources/Foo/F.swift": "",
            "Packages/Foo/.swiftui-gotchas.json": "{}",
        ])
        let root = URL(fileURLWithPath: tree.root).standardizedFileURL.path
        let app = settings([tree.path("App/ContentView.swift")])
        #expect(app.status == ExitStatus.clean)
        #expect(app.output == """
            \(tree.path("App/ContentView.swift"))
              configuration: none (defaults)
              iOS 15.0    from \(root)/App.xcodeproj/project.pbxproj (lowest of 15.0, 16.0)
              macOS 13.0  from \(root)/Config/Mac.xcconfig

            """)
        let package = settings([tree.path("Packages/Foo/Sources/Foo/F.swift")])
        #expect(package.output.contains("configuration: \(tree.path("Packages/Foo/.swiftui-gotchas.json"))"))
        #expect(package.output.contains("iOS 12.0      from \(root)/Packages/Foo/Package.swift (SwiftPM default for tools version 5.9; no platforms:)"))
        #expect(package.output.contains("visionOS 1.0"))
        let overridden = settings([tree.path("App/ContentView.swift"), "--platform", "iOS=17.0"])
        #expect(overridden.output.contains("  iOS 17.0  from --platform\n"))
        #expect(!overridden.output.contains("macOS"))
    }

    @Test func aFileWithoutAProjectIsNotConstrained() throws {
        let tree = try TemporaryTree(["Loose.swift": ""])
        let result = settings([tree.path("Loose.swift")])
        #expect(result.output.contains("deployment targets: not known"))
        #expect(settings([tree.path("Missing.swift")]).status == ExitStatus.failure)
        #expect(settings([]).status == ExitStatus.failure)
        #expect(settings([tree.path("Loose.swift"), "--platform", "beos=5"]).error.contains("unknown platform"))
    }
}

@Suite struct PlatformsSchemaTests {
    @Test func schemaPlatformsAreExactlyThePlatformsTheParserReads() throws {
        let data = try #require(FileManager.default.contents(atPath: ConfigurationSchemaTests.schemaPath))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let platforms = try #require(((schema["properties"] as? [String: Any])?["platforms"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(platforms.keys) == Set(Platform.allCases.map(\.rawValue)))
        let json = "{\"platforms\": {" + platforms.keys.sorted().map { "\"\($0)\": \"1.0\"" }.joined(separator: ", ") + "}}"
        let file = try ConfigurationFile.parse(Array(json.utf8), path: "c.json", rules: [])
        #expect(file.platforms?.count == Platform.allCases.count)
    }
}
