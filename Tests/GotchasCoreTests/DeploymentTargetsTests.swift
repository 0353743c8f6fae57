import GotchasCore
import Testing

/// Deployment targets per file, from the texts of the project's settings files.
@Suite struct DeploymentTargetsTests {
    func resolve(_ files: [(String, String)], for path: String) -> DeploymentTargets {
        ProjectSettingsFiles(files.map { (path: $0.0, text: $0.1) }).deploymentTargets(forFile: path)
    }

    func versions(_ targets: DeploymentTargets) -> [String: String] {
        Dictionary(uniqueKeysWithValues: targets.minimums.versions.map { ($0.key.rawValue, $0.value.deploymentTargetText) })
    }

    /// A Tuist project declares its targets in Swift: `Project.swift`, often through helpers in
    /// `Tuist/ProjectDescriptionHelpers` at the root. The lowest version they write governs.
    @Test func tuistManifestsAndTheirHelpersDeclareTheTargets() {
        let project = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Cowboy", targets: [Target.mainApp, Target.xpc])
            """
        let mainApp = """
            import ProjectDescription
            public extension Target {
                static let mainApp = Target.target(name: "Cowboy", destinations: .macOS, product: .app,
                                                   deploymentTargets: .macOS("13.0"), sources: "App/Sources/**")
                // deploymentTargets: .macOS("11.0") in a comment does not count
                static let widget = Target.target(name: "Widget", destinations: [.iPhone],
                                                  deploymentTargets: .multiplatform(iOS: "16.4", macOS: "14.0"))
            }
            """
        let older = "import ProjectDescription\nlet t = Target(name: \"XPC\", platform: .macOS, deploymentTarget: .macOS(targetVersion: \"13.3\"))"
        let files = [("/r/Project.swift", project), ("/r/Tuist/ProjectDescriptionHelpers/Target+MainApp.swift", mainApp),
                     ("/r/Tuist/ProjectDescriptionHelpers/Target+XPC.swift", older)]
        let targets = resolve(files, for: "/r/App/Sources/UI/ContentView.swift")
        #expect(targets.source == .tuistProject(manifest: "/r/Project.swift"))
        #expect(versions(targets) == ["macOS": "13.0", "iOS": "16.4"])
        #expect(targets.origins[.macOS]?.values.map(\.deploymentTargetText) == ["13.0", "13.3", "14.0"])
        // A local package inside keeps its own manifest.
        let package = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", platforms: [.macOS(.v14)], targets: [.target(name: \"Kit\")])"
        let inPackage = resolve(files + [("/r/Packages/Kit/Package.swift", package)], for: "/r/Packages/Kit/Sources/Kit/A.swift")
        #expect(versions(inPackage) == ["macOS": "14.0"])
    }

    /// A manifest that names its version once (`let deploymentTarget = "16.0"`) and passes the
    /// constant (`.iOS(deploymentTarget)`) declares that version.
    @Test func aTuistManifestsVersionConstantIsItsTarget() {
        let project = """
            import ProjectDescription
            public let deploymentTargetString = "16.0"
            public let appDeploymentTargets: DeploymentTargets = .iOS(deploymentTargetString)
            let unrelated = "17.0"
            let project = Project(name: "Board", targets: [.target(name: "App", destinations: .iOS, product: .app,
                                                                   deploymentTargets: appDeploymentTargets)])
            """
        let targets = resolve([("/r/Project.swift", project)], for: "/r/Sources/App/ContentView.swift")
        #expect(versions(targets) == ["iOS": "16.0"], "a constant no platform call passes declares nothing")
    }

    /// An XcodeGen spec declares the targets in `project.yml` (the generated project is often
    /// not committed), resolved as Xcode would: the `options` default under each target's own
    /// `deploymentTarget`, its settings over that, xcconfigs named by `configFiles` beneath each.
    @Test func anXcodeGenSpecDeclaresTheTargets() {
        let spec = """
            name: Notes
            options:
              bundleIdPrefix: com.example
              deploymentTarget:
                iOS: "16.0"
                macOS: 13.0
            configFiles:
              Debug: Config/Base.xcconfig
              Release: Config/Base.xcconfig
            settings: {}
            targets:
              Notes:
                type: application
                platform: iOS
                deploymentTarget: "17.0"
                sources:
                  - path: Notes
                    excludes: ["Info.plist"]
                settings:
                  base:
                    TARGETED_DEVICE_FAMILY: 1 # iPhone
              NotesMac:
                type: application
                platform: macOS
                sources: [Mac, Shared]
              Widget:
                platform: iOS
                sources:
                  - Widget
                configFiles:
                  Debug: Config/Widget.xcconfig
                  Release: Config/Widget.xcconfig
              NotesTests:
                type: bundle.unit-test
                platform: iOS
                deploymentTarget: "15.0"
            """
        let files = [("/r/project.yml", spec), ("/r/Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.0\n"),
                     ("/r/Config/Widget.xcconfig", "#include \"Base.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 17.2\n")]
        let app = resolve(files, for: "/r/Notes/Views/ListView.swift")
        #expect(app.source == .xcodeGenProject(spec: "/r/project.yml"))
        // The project's xcconfig (15.0) and default (16.0) sit under the target's own 17.0.
        #expect(versions(app) == ["iOS": "17.0"])
        if case .targets(let targets) = app.membership { #expect(targets.map(\.name) == ["Notes"]) } else { Issue.record("\(app.membership)") }
        #expect(versions(resolve(files, for: "/r/Shared/Model.swift")) == ["macOS": "13.0"])
        #expect(versions(resolve(files, for: "/r/Widget/Widget.swift")) == ["iOS": "17.2"], "the target's xcconfig over the project's")
        // A file no source path names: any target but the tests may compile it.
        let elsewhere = resolve(files, for: "/r/Other/A.swift")
        #expect(versions(elsewhere) == ["iOS": "17.0", "macOS": "13.0"])
        #expect(elsewhere.membership == .notRead)
        // A folder outside the spec's directory that a target's `sources:` names (`../share`): its
        // files take that target's deployment target; a sibling folder no spec names stays unknown.
        let shared = [("/r/apps/Settings/project.yml", "targets:\n  Settings:\n    platform: macOS\n    deploymentTarget: 13.0\n    sources:\n      - path: src\n      - path: ../share/swift\n")]
        #expect(versions(resolve(shared, for: "/r/apps/share/swift/Views/Field.swift")) == ["macOS": "13.0"])
        #expect(resolve(shared, for: "/r/apps/other/Field.swift").minimums.isUnknown)
        // Near miss: another tool's `project.yml` (no top-level `targets:`) says nothing.
        let other = resolve([("/r/project.yml", "name: site\ntheme: minima\ntargets_dir: out\n")], for: "/r/Notes/A.swift")
        #expect(other.minimums.isUnknown)
        let nested = resolve([("/r/project.yml", "name: x\nsite:\n  targets:\n    A:\n      platform: iOS\n      deploymentTarget: 9.0\n")], for: "/r/Notes/A.swift")
        #expect(nested.minimums.isUnknown)
        // Targets only in included specs: the project's options still hold under its folder.
        let including = [("/r/Horizon/project.yml", "name: Horizon\noptions:\n  deploymentTarget:\n    iOS: 17.0\ninclude:\n  - Horizon/horizon.yml\n")]
        #expect(versions(resolve(including, for: "/r/Horizon/Horizon/Sources/A.swift")) == ["iOS": "17.0"])
        #expect(resolve(including, for: "/r/Other/A.swift").minimums.isUnknown)
        // A committed `.xcodeproj` beside the spec still decides.
        let pbxproj = "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n"
        let both = resolve([("/r/project.yml", spec), ("/r/Notes.xcodeproj/project.pbxproj", pbxproj)], for: "/r/Notes/A.swift")
        #expect(versions(both) == ["iOS": "15.0"])
        #expect(ProjectSettings.kind(ofPath: "/r/project.yaml") == .xcodeGenSpec)
        #expect(ProjectSettings.kind(ofPath: "/r/.github/workflows/ci.yml") == nil)
        #expect(ProjectSettings.kind(ofPath: "/r/Café/project.yml") == .xcodeGenSpec, "a non-ASCII path is decided by Characters")
        // A spec named for one of several (`xcodegen --spec project-bwa.yml`), by bytes and by Characters.
        #expect(ProjectSettings.kind(ofPath: "/r/project-bwa.yml") == .xcodeGenSpec)
        #expect(ProjectSettings.kind(ofPath: "/r/Café/project_watch.yaml") == .xcodeGenSpec)
        #expect(ProjectSettings.kind(ofPath: "/r/crowdin-bwa.yml") == nil)
        let named = resolve([("/r/project-bwa.yml", spec), ("/r/Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.0\n")], for: "/r/Notes/A.swift")
        #expect(named.source == .xcodeGenProject(spec: "/r/project-bwa.yml"))
    }

    /// An app's own source file named `Project.swift` is not a manifest.
    @Test func aSourceFileNamedProjectIsNoTuistManifest() {
        let model = "import Foundation\nstruct Project { var platform = \"iOS\"; func f() { _ = Version.iOS(\"12.0\") } }"
        #expect(ProjectSettings.isSettingsFile("/r/Models/Project.swift"))
        #expect(ProjectSettings.isSettingsFile("Tuist/ProjectDescriptionHelpers/A.swift"))
        #expect(!ProjectSettings.isSettingsFile("/r/Sources/ProjectDescriptionHelpers/A.swift"))
        let targets = resolve([("/r/Models/Project.swift", model)], for: "/r/Models/Item.swift")
        #expect(targets.minimums.isUnknown)
        #expect(targets.source == .none)
    }

    @Test func packagePlatformsInEverySpelling() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            // platforms: [.iOS(.v12)] in a comment does not count
            let package = Package(
                name: "App", /* platforms: [.tvOS(.v9)] */
                platforms: [
                    .iOS(.v15), .macOS(.v10_15),
                    SupportedPlatform.watchOS("8.4"),
                    .visionOS(.v1), // .tvOS(.v17)
                    .macCatalyst(.v15),
                ],
                dependencies: [.package(url: "https://example.com/a.git", from: "1.0.0")],
                targets: [.target(name: "App", swiftSettings: [.define("X", .when(platforms: [.tvOS]))])]
            )
            """
        let targets = resolve([("/r/Package.swift", manifest)], for: "/r/Sources/App/View.swift")
        #expect(targets.source == .package(manifest: "/r/Package.swift"))
        #expect(targets.minimums.platforms == [.iOS, .macOS, .watchOS, .visionOS])
        #expect(versions(targets) == ["iOS": "15.0", "macOS": "10.15", "watchOS": "8.4", "visionOS": "1.0"])
        #expect(targets.origins[.iOS]?.files == ["/r/Package.swift"])
    }

    /// SwiftPM builds only files under a target's directory: a sample app beside a library's
    /// manifest belongs to whatever project is above it, not to the package.
    @Test func aPackageOwnsOnlyTheFilesOfItsTargetDirectories() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Lib", platforms: [.iOS(.v16)],
                                  targets: [.target(name: "Lib"), .target(name: "Extra", path: "Custom/Extra")])
            """
        let files = [("/r/Package.swift", manifest)]
        #expect(versions(resolve(files, for: "/r/Sources/Lib/A.swift")) == ["iOS": "16.0"])
        #expect(versions(resolve(files, for: "/r/Tests/LibTests/A.swift")) == ["iOS": "16.0"])
        #expect(versions(resolve(files, for: "/r/Custom/Extra/A.swift")) == ["iOS": "16.0"])
        #expect(resolve(files, for: "/r/Examples/App/View.swift").minimums.isUnknown)
        // The example app's own Xcode project, above it, applies instead.
        let withProject = files + [("/r/Examples/App.xcodeproj/project.pbxproj", "IPHONEOS_DEPLOYMENT_TARGET = 15.0;\nSDKROOT = iphoneos;")]
        #expect(versions(resolve(withProject, for: "/r/Examples/App/View.swift")) == ["iOS": "15.0"])
    }

    /// An xcconfig of other settings (no deployment target, no SDK) constrains nothing.
    @Test func settingsThatNameNoPlatformAreNoConstraint() {
        let targets = resolve([("/r/Config/Shared.xcconfig", "SWIFT_VERSION = 6.2\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor")], for: "/r/Views/A.swift")
        #expect(targets.minimums.isUnknown)
        #expect(targets.minimums.satisfies(.os(iOS: OSVersion(26), macOS: nil, tvOS: nil, watchOS: nil)))
    }

    @Test func packagePlatformsThroughALetAndStringVersions() {
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription
            let platforms: [SupportedPlatform] = [.iOS("15.4"), .macOS("12.0")]
            let package = Package(name: "A", platforms: platforms, targets: [])
            """
        let targets = resolve([("/r/Package.swift", manifest)], for: "/r/Sources/A/A.swift")
        #expect(versions(targets) == ["iOS": "15.4", "macOS": "12.0"])

        let assigned = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "A", targets: [])
            package.platforms = [.iOS(.v16)]
            """
        #expect(versions(resolve([("/r/Package.swift", assigned)], for: "/r/Sources/A/A.swift")) == ["iOS": "16.0"])
    }

    @Test func packageWithoutPlatformsHasSwiftPMDefaultsForItsToolsVersion() {
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", targets: [.target(name: \"A\")])\n"
        let targets = resolve([("/r/Package.swift", manifest)], for: "/r/Sources/A/A.swift")
        #expect(targets.minimums.platforms == Set(Platform.allCases))
        #expect(versions(targets) == ["iOS": "12.0", "macOS": "10.13", "tvOS": "12.0", "watchOS": "4.0", "visionOS": "1.0"])
        #expect(targets.origins[.iOS]?.note?.contains("tools version 5.9") == true)

        let old = resolve([("/r/Package.swift", "// swift-tools-version:5.3\nlet package = Package(name: \"A\")")], for: "/r/Sources/A/A.swift")
        #expect(versions(old)["iOS"] == "9.0")
        #expect(versions(old)["macOS"] == "10.10")
    }

    @Test func computedPlatformsAreNotGuessed() {
        let manifest = "// swift-tools-version:5.9\nlet package = Package(name: \"A\", platforms: makePlatforms())"
        let targets = resolve([("/r/Package.swift", manifest)], for: "/r/Sources/A/A.swift")
        #expect(targets.minimums.isUnknown)
        #expect(targets.note != nil)
    }

    /// Manifest text inside a string literal is data, not a setting: the tree says so.
    @Test func textInStringsDoesNotCount() {
        let manifest = #"""
            // swift-tools-version:5.9
            import PackageDescription
            let readme = """
                package.platforms = [.iOS(.v9)]
                .target(name: "Old", path: "Legacy")
                """
            let package = Package(name: "A", platforms: [.iOS(.v16)], targets: [.target(name: "A")])
            """#
        let files = [("/r/Package.swift", manifest)]
        #expect(versions(resolve(files, for: "/r/Sources/A/A.swift")) == ["iOS": "16.0"])
        #expect(resolve(files, for: "/r/Legacy/A.swift").minimums.isUnknown)
    }

    /// Which `#if` clause applies depends on the machine and toolchain evaluating the
    /// manifest: platforms set in one are not guessed. An `#if` about something else
    /// (a Linux-only dependency) leaves the platforms readable.
    @Test func platformsInAnIfConfigAreUnreadableAndOtherIfConfigsDoNotMatter() {
        let conditional = """
            // swift-tools-version:5.9
            import PackageDescription
            #if os(Linux)
            let package = Package(name: "A")
            #else
            let package = Package(name: "A", platforms: [.iOS(.v15)])
            #endif
            """
        let targets = resolve([("/r/Package.swift", conditional)], for: "/r/Sources/A/A.swift")
        #expect(targets.minimums.isUnknown)
        #expect(targets.note != nil)

        let elsewhere = """
            // swift-tools-version:5.9
            import PackageDescription
            #if os(Linux)
            let extra: [Package.Dependency] = [.package(url: "https://example.com/glibc.git", from: "1.0.0")]
            #else
            let extra: [Package.Dependency] = []
            #endif
            let package = Package(name: "A", platforms: [.macOS(.v13)], dependencies: extra)
            """
        #expect(versions(resolve([("/r/Package.swift", elsewhere)], for: "/r/Sources/A/A.swift")) == ["macOS": "13.0"])
    }

    /// Anything but a literal list (or a `let`, or a `var` nothing changes, holding one) is computed: never guessed.
    @Test func computedOrConditionalPlatformsAreUnreadable() {
        let computed = [
            "let package = Package(name: \"A\", platforms: useNew ? [.iOS(.v17)] : [.iOS(.v15)])",
            "let package = Package(name: \"A\", platforms: [.iOS(.v15)] + extra)",
            "let package = Package(name: \"A\", platforms: [.iOS(.v15), iOSPlatform])",
            "let package = Package(name: \"A\", platforms: [.iOS(.v15)])\npackage.platforms += [.macOS(.v13)]",
            "let package = Package(name: \"A\")\nif ProcessInfo.processInfo.environment[\"NEW\"] != nil { package.platforms = [.iOS(.v17)] }",
            "var platforms: [SupportedPlatform] = [.iOS(.v15)]\nplatforms.append(.macOS(.v13))\nlet package = Package(name: \"A\", platforms: platforms)",
            "var platforms: [SupportedPlatform] = [.iOS(.v15)]\nplatforms += [.macOS(.v13)]\nlet package = Package(name: \"A\", platforms: platforms)",
            "var platforms: [SupportedPlatform] = [.iOS(.v15)]\nplatforms = [.iOS(.v17)]\nlet package = Package(name: \"A\", platforms: platforms)",
        ]
        // A top-level `var` nothing changes holds its literal, as a `let` does.
        let unchangedVar = "// swift-tools-version:5.9\nvar platforms: [SupportedPlatform] = [.macOS(.v12), .iOS(.v16)]\nlet package = Package(name: \"A\", platforms: platforms)"
        #expect(versions(resolve([("/r/Package.swift", unchangedVar)], for: "/r/Sources/A/A.swift")) == ["iOS": "16.0", "macOS": "12.0"])
        for body in computed {
            let targets = resolve([("/r/Package.swift", "// swift-tools-version:5.9\n" + body)], for: "/r/Sources/A/A.swift")
            #expect(targets.minimums.isUnknown, "\(body)")
        }
        // A top-level assignment after `Package(…)` is what SwiftPM sees; `nil` lists none.
        let reassigned = "let package = Package(name: \"A\", platforms: [.iOS(.v13)])\npackage.platforms = [.iOS(.v16)]"
        #expect(versions(resolve([("/r/Package.swift", reassigned)], for: "/r/Sources/A/A.swift")) == ["iOS": "16.0"])
        let none = "// swift-tools-version:5.9\nlet package = Package(name: \"A\", platforms: nil)"
        #expect(versions(resolve([("/r/Package.swift", none)], for: "/r/Sources/A/A.swift"))["iOS"] == "12.0")
        // A version that is not a literal: the platform is listed, at any version.
        let unknownVersion = "let package = Package(name: \"A\", platforms: [.iOS(minimumiOS), .macOS(.v12)])"
        let listed = resolve([("/r/Package.swift", unknownVersion)], for: "/r/Sources/A/A.swift")
        #expect(listed.minimums.platforms == [.iOS, .macOS])
        #expect(versions(listed) == ["macOS": "12.0"])
    }

    /// Only the `path:` of a target declaration names a directory of the package's sources:
    /// not `.package(path:)` (another package) nor `.binaryTarget(path:)` (an artifact).
    @Test func targetDirectoriesComeFromTargetDeclarationsOnly() {
        let manifest = #"""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "A", platforms: [.iOS(.v16)],
                dependencies: [.package(path: "Vendor/Local")],
                targets: [
                    .executableTarget(name: "Tool", path: "Tools/Tool"),
                    .testTarget(name: "Checks", path: "Checks"),
                    .plugin(name: "Gen", capability: .buildTool(), path: "BuildPlugins/Gen"),
                    .macro(name: "Macros", path: "MacroImpl"),
                    .binaryTarget(name: "Blob", path: "Artifacts/Blob.xcframework"),
                    .target(name: "Interpolated", path: "\(root)/Lib"),
                ]
            )
            """#
        let files = [("/r/Package.swift", manifest)]
        for owned in ["Tools/Tool/main.swift", "Checks/A.swift", "BuildPlugins/Gen/P.swift", "MacroImpl/M.swift"] {
            #expect(versions(resolve(files, for: "/r/" + owned)) == ["iOS": "16.0"], "\(owned)")
        }
        for notOwned in ["Vendor/Local/A.swift", "Artifacts/Blob.xcframework/A.swift", "Lib/A.swift"] {
            #expect(resolve(files, for: "/r/" + notOwned).minimums.isUnknown, "\(notOwned)")
        }
    }

    @Test func nestedPackagesOwnTheirFilesAndTheAppProjectTheRest() {
        let files = [
            ("/r/App.xcodeproj/project.pbxproj", "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n"),
            ("/r/Packages/Foo/Package.swift", "// swift-tools-version:5.9\nlet package = Package(name: \"Foo\", platforms: [.iOS(.v15), .macOS(.v12)])"),
        ]
        let inPackage = resolve(files, for: "/r/Packages/Foo/Sources/Foo/FooView.swift")
        #expect(inPackage.source == .package(manifest: "/r/Packages/Foo/Package.swift"))
        #expect(versions(inPackage) == ["iOS": "15.0", "macOS": "12.0"])
        let inApp = resolve(files, for: "/r/App/ContentView.swift")
        #expect(inApp.source == .xcodeProject(directory: "/r"))
        #expect(versions(inApp) == ["iOS": "16.0"])
        #expect(resolve(files, for: "/elsewhere/X.swift") == .unknown)
    }

    @Test func plainManifestIsPreferredOverVersionSpecificOnes() {
        let files = [
            ("/r/Package.swift", "let package = Package(name: \"A\", platforms: [.iOS(.v16)])"),
            ("/r/Package@swift-5.8.swift", "let package = Package(name: \"A\", platforms: [.iOS(.v13)])"),
        ]
        #expect(versions(resolve(files, for: "/r/Sources/A.swift")) == ["iOS": "16.0"])
        #expect(versions(resolve([files[1]], for: "/r/Sources/A.swift")) == ["iOS": "13.0"])
    }

    @Test func xcodeTargetsThatDisagreeGiveTheLowestAndTheUnionOfPlatforms() {
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            /* Begin XCBuildConfiguration section */
            \t\tA1 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;
            \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 13.0;
            \t\t\t\tSDKROOT = iphoneos;
            \t\t\t};
            \t\t};
            \t\tB1 /* Debug */ = {
            \t\t\tbuildSettings = {
            \t\t\t\t"IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]" = 15.0;
            \t\t\t\tTVOS_DEPLOYMENT_TARGET = "$(inherited)";
            \t\t\t\tSDKROOT = auto;
            \t\t\t\tSUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";
            \t\t\t};
            \t\t};
            \t\tC1 /* Widget */ = {
            \t\t\tbuildSettings = {
            \t\t\t\tWATCHOS_DEPLOYMENT_TARGET = 9.0;
            \t\t\t\tSDKROOT = watchos;
            \t\t\t};
            \t\t};
            \t};
            }
            """
        let targets = resolve([("/r/App.xcodeproj/project.pbxproj", pbxproj)], for: "/r/App/Views/V.swift")
        #expect(targets.minimums.platforms == [.iOS, .macOS, .watchOS])
        #expect(versions(targets) == ["iOS": "15.0", "macOS": "13.0", "watchOS": "9.0"])
        #expect(targets.origins[.iOS]?.values.map(\.deploymentTargetText) == ["15.0", "16.0"])
    }

    @Test func withoutSDKROOTThePlatformsWithATargetAreBuiltFor() {
        let targets = resolve([("/r/A.xcodeproj/project.pbxproj", "MACOSX_DEPLOYMENT_TARGET = 12.0;\nXROS_DEPLOYMENT_TARGET = 1.0;")],
                              for: "/r/A/V.swift")
        #expect(targets.minimums.platforms == [.macOS, .visionOS])
    }

    @Test func supportedPlatformWithoutATargetIsBuiltForAtAnyVersion() {
        let targets = resolve([("/r/A.xcodeproj/project.pbxproj", "SUPPORTED_PLATFORMS = \"iphoneos xros\";\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;")],
                              for: "/r/A/V.swift")
        #expect(targets.minimums.platforms == [.iOS, .visionOS])
        #expect(versions(targets) == ["iOS": "17.0"])
        #expect(targets.origins[.visionOS]?.note != nil)
    }

    @Test func xcconfigsUnderTheProjectCountWithIt() {
        let files = [
            ("/r/App.xcodeproj/project.pbxproj", "SDKROOT = iphoneos;\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;"),
            ("/r/Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.0 // the oldest we ship\n// IPHONEOS_DEPLOYMENT_TARGET = 13.0\n"),
            ("/r/Vendor/Lib/Lib.xcodeproj/project.pbxproj", "SDKROOT = macosx;\nMACOSX_DEPLOYMENT_TARGET = 11.0;"),
            ("/r/Vendor/Lib/Lib.xcconfig", "MACOSX_DEPLOYMENT_TARGET = 10.15"),
        ]
        let app = resolve(files, for: "/r/App/V.swift")
        #expect(versions(app) == ["iOS": "15.0"])
        #expect(app.origins[.iOS]?.files == ["/r/App.xcodeproj/project.pbxproj", "/r/Config/Base.xcconfig"])
        let lib = resolve(files, for: "/r/Vendor/Lib/Sources/L.swift")
        #expect(lib.source == .xcodeProject(directory: "/r/Vendor/Lib"))
        #expect(versions(lib) == ["macOS": "10.15"])
    }

    @Test func xcconfigsWithoutAProjectStandIn() {
        let files = [("/r/Configs/Shared.xcconfig", "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 16.4")]
        let targets = resolve(files, for: "/r/App/Sources/V.swift")
        #expect(targets.source == .xcconfig(directory: "/r"))
        #expect(versions(targets) == ["iOS": "16.4"])
    }

    @Test func configurationAndCommandLineReplaceTheProject() throws {
        let project = resolve([("/r/Package.swift", "let package = Package(name: \"A\", platforms: [.iOS(.v15), .macOS(.v12)])")], for: "/r/Sources/A.swift")
        var file = ConfigurationFile()
        file.path = "/r/.swiftui-gotchas.json"
        file.platforms = [.iOS: try #require(OSVersion("16.0"))]
        let configured = project.inEffect(configuration: file, commandLine: nil)
        #expect(configured.source == .configurationFile(path: "/r/.swiftui-gotchas.json"))
        #expect(configured.minimums.platforms == [.iOS])
        #expect(versions(configured) == ["iOS": "16.0"])
        let commandLine = project.inEffect(configuration: file, commandLine: [.macOS: try #require(OSVersion("14.0"))])
        #expect(commandLine.source == .commandLine)
        #expect(versions(commandLine) == ["macOS": "14.0"])
        #expect(project.inEffect(configuration: ConfigurationFile(), commandLine: nil) == project)
    }

    @Test func updatesAndRemovalsChangeTheAnswer() {
        var settings = ProjectSettingsFiles()
        let added = settings.update(path: "/r/Package.swift", text: "let package = Package(name: \"A\", platforms: [.iOS(.v15)])")
        // Same facts (a trailing newline), and a file that is not a settings file: no change.
        let reformatted = settings.update(path: "/r/Package.swift", text: "let package = Package(name: \"A\", platforms: [.iOS(.v15)])\n")
        let notSettings = settings.update(path: "/r/Sources/A.swift", text: "platforms: [.iOS(.v9)]")
        #expect(added && !reformatted && !notSettings)
        #expect(settings.deploymentTargets(forFile: "/r/Sources/A.swift").minimums.versions[.iOS] == OSVersion(15))
        settings.update(path: "/r/Package.swift", text: "let package = Package(name: \"A\", platforms: [.iOS(.v17)])")
        #expect(settings.deploymentTargets(forFile: "/r/Sources/A.swift").minimums.versions[.iOS] == OSVersion(17))
        let removed = settings.remove(path: "/r/Package.swift")
        #expect(removed)
        #expect(settings.deploymentTargets(forFile: "/r/Sources/A.swift") == .unknown)
    }

    @Test func oneDecisionOfWhatASettingsFileIs() {
        #expect(ProjectSettings.kind(ofPath: "/r/Package.swift") == .manifest)
        #expect(ProjectSettings.kind(ofPath: "/r/Package@swift-5.9.swift") == .manifestVariant)
        #expect(ProjectSettings.kind(ofPath: "/r/A.xcodeproj/project.pbxproj") == .xcodeProject)
        #expect(ProjectSettings.kind(ofPath: "/r/project.pbxproj") == nil)
        #expect(ProjectSettings.kind(ofPath: "Config/Base.xcconfig") == .xcconfig)
        #expect(ProjectSettings.kind(ofPath: "/r/Sources/Package.swift.txt") == nil)
        #expect(SourceTreeScan.isSettingsFile("/r/Package@swift-5.9.swift"))
        // The server's file watchers see every kind.
        let watched = (["**/*.swift"] + ProjectSettings.watchedGlobPatterns).map(Glob.init)
        for path in ["/r/Package.swift", "/r/Package@swift-5.9.swift", "/r/A.xcodeproj/project.pbxproj", "/r/Config/Base.xcconfig", "/r/project.yml"] {
            #expect(watched.contains { $0.matches(path) }, "\(path) is not watched")
        }
    }
}

@Suite struct PlatformsConfigurationKeyTests {
    func parse(_ json: String) throws(ConfigurationError) -> ConfigurationFile {
        try ConfigurationFile.parse(Array(json.utf8), path: "/p/.swiftui-gotchas.json", rules: [])
    }

    @Test func validPlatformsAreRead() throws {
        let file = try parse(#"{"platforms": {"iOS": "16.0", "macos": "13", "visionOS": "1.0"}}"#)
        #expect(file.platforms == [.iOS: OSVersion(16), .macOS: OSVersion(13), .visionOS: OSVersion(1)])
        #expect(file.warnings.isEmpty)
    }

    @Test func invalidPlatformsAreErrorsWithPositions() {
        func issues(_ json: String) -> [ConfigurationIssue] {
            do {
                _ = try parse(json)
                return []
            } catch {
                guard case .invalid(let issues) = error else { return [] }
                return issues
            }
        }
        let unknown = issues("{\n  \"platforms\": {\"android\": \"14\"}\n}")
        #expect(unknown.count == 1)
        #expect(unknown.first?.line == 2 && unknown.first?.column == 17)
        #expect(unknown.first?.message.contains("unknown platform \"android\"") == true)
        let badVersion = issues(#"{"platforms": {"iOS": "16.x"}}"#)
        #expect(badVersion.first?.message.contains("version for \"iOS\"") == true)
        #expect(badVersion.first?.column == 23)
        #expect(issues(#"{"platforms": {"iOS": 16}}"#).first?.message.contains("must be a string") == true)
        #expect(issues(#"{"platforms": ["iOS"]}"#).first?.message.contains("must be an object") == true)
        #expect(issues(#"{"platforms": {}}"#).first?.message.contains("at least one platform") == true)
    }

    @Test func editorSettingsOverlayPlatforms() throws {
        let file = try parse(#"{"platforms": {"iOS": "15.0"}}"#)
        let editor = try parse(#"{"platforms": {"macOS": "14.0"}}"#)
        #expect(file.overlaid(with: editor).platforms == [.macOS: OSVersion(14)])
        #expect(file.overlaid(with: ConfigurationFile()).platforms == [.iOS: OSVersion(15)])
    }
}
