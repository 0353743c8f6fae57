import Foundation
import GotchasCore
import GotchasCorpus
import Testing
@testable import GotchasCore

/// Project facts per Xcode target: which targets compile a file, each target's settings
/// resolved as Xcode layers them, and a file no target compiles.
@Suite struct ProjectTargetsTests {
    static let root = "/r"

    func settings(_ files: [String: String] = XcodeTargetsFixture.files) -> ProjectSettingsFiles {
        ProjectSettingsFiles(files.filter { ProjectSettings.isSettingsFile($0.key) }.map { (path: Self.root + "/" + $0.key, text: $0.value) })
    }

    func summary(_ targets: DeploymentTargets) -> (targets: [String], iOS: String?) {
        let names: [String]
        switch targets.membership {
        case .targets(let list): names = list.map(\.name).sorted()
        case .noTarget: names = ["<none>"]
        case .notRead: names = ["<not read>"]
        }
        return (names, targets.minimums.versions[.iOS]?.deploymentTargetText)
    }

    @Test func eachFileHasItsOwnTargetsAndDeploymentTarget() {
        let settings = settings()
        func check(_ path: String, _ targets: [String], _ iOS: String?, sourceLocation: SourceLocation = #_sourceLocation) {
            let found = summary(settings.deploymentTargets(forFile: Self.root + "/" + path))
            #expect(found.targets == targets, "\(path)", sourceLocation: sourceLocation)
            #expect(found.iOS == iOS, "\(path)", sourceLocation: sourceLocation)
        }
        // The project-level 16.4 every target overrides, and the Share extension's
        // `[sdk=macosx*]` 12.4, apply to no file.
        check("App/ContentView.swift", ["App"], "17.5")
        check("Share/ShareView.swift", ["Share"], "17.0")
        check("Shared/Shared.swift", ["App", "Share"], "17.0")
        // Widget: a synchronized folder, Debug 18.0 and Release 17.0.
        check("Widget/WidgetView.swift", ["Widget"], "17.0")
        check("Widget/WidgetKind.swift", ["App", "Widget"], "17.0")
        check("Widget/Legacy.swift", ["<none>"], "12.4")
        check("App/Unused.swift", ["<none>"], "12.4")
        // A local package keeps its own platforms.
        check("Packages/Kit/Sources/Kit/KitView.swift", ["<not read>"], "16.0")
    }

    /// A synchronized folder no target lists: an exception set adds its files to its target.
    @Test func anExceptionSetAddsFilesOfAFolderItsTargetDoesNotList() throws {
        var files = XcodeTargetsFixture.files
        let project = try #require(files["App.xcodeproj/project.pbxproj"])
        let listed = "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\tS0000000000000000000A001 /* Widget */,\n\t\t\t);\n"
        #expect(project.contains(listed))
        files["App.xcodeproj/project.pbxproj"] = project.replacingOccurrences(of: listed, with: "")
        let settings = settings(files)
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/Widget/Legacy.swift")).targets == ["Widget"])
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/Widget/WidgetKind.swift")).targets == ["App"])
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/Widget/WidgetView.swift")).targets == ["<none>"])
    }

    /// Xcode projects live on case-insensitive volumes: a group `path = APP` holds the files of
    /// the folder `App`, and the project builds; its files are the target's.
    @Test func membershipComparesPathsCaseInsensitively() throws {
        var files = XcodeTargetsFixture.files
        let project = try #require(files["App.xcodeproj/project.pbxproj"])
        #expect(project.contains("\t\t\tpath = App;\n"))
        files["App.xcodeproj/project.pbxproj"] = project.replacingOccurrences(of: "\t\t\tpath = App;\n", with: "\t\t\tpath = APP;\n")
        let settings = settings(files)
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/App/ContentView.swift")).targets == ["App"])
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/App/Unused.swift")).targets == ["<none>"])
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/Widget/widgetview.swift")).targets == ["Widget"])
    }

    @Test func provenanceNamesTheLevelThatSetIt() {
        let share = settings().deploymentTargets(forFile: Self.root + "/Share/ShareView.swift")
        #expect(share.origins[.iOS]?.files == [Self.root + "/Config/Share.xcconfig"])
        #expect(share.minimums.platforms == [.iOS])
        let shared = settings().deploymentTargets(forFile: Self.root + "/Shared/Shared.swift")
        #expect(shared.origins[.iOS]?.values.map(\.deploymentTargetText) == ["17.0", "17.5"])
        #expect(shared.source == .xcodeProject(directory: Self.root))
    }

    /// Without the xcconfig the Share extension has only the project's level under its own.
    @Test func anUnreadXcconfigLeavesTheLevelsBelowIt() {
        var files = XcodeTargetsFixture.files
        files["Config/Share.xcconfig"] = nil
        let share = settings(files).deploymentTargets(forFile: Self.root + "/Share/ShareView.swift")
        #expect(summary(share).iOS == "16.4")
    }

    @Test func inheritedAndIncludedSettingsResolveThroughTheirLevels() {
        var files = XcodeTargetsFixture.files
        files["Config/Share.xcconfig"] = "#include \"Base.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = $(inherited)\n"
        files["Config/Base.xcconfig"] = "IPHONEOS_DEPLOYMENT_TARGET = 16.0 // the shared minimum\n"
        let share = settings(files).deploymentTargets(forFile: Self.root + "/Share/ShareView.swift")
        #expect(summary(share).iOS == "16.0")
        #expect(share.origins[.iOS]?.files == [Self.root + "/Config/Share.xcconfig"])
    }

    /// Never silence on a guess: a project whose membership cannot be read, or a file in a
    /// package folder, keeps the project-wide reading.
    @Test func unreadableMembershipFallsBackToTheProjectWideReading() {
        var files = XcodeTargetsFixture.files
        files["App.xcodeproj/project.pbxproj"] = XcodeTargetsFixture.project(appMembers: ["App/ContentView.swift"])
            .replacingOccurrences(of: "sourceTree = SOURCE_ROOT;", with: "sourceTree = BUILT_PRODUCTS_DIR;")
        let settings = settings(files)
        let unused = settings.deploymentTargets(forFile: Self.root + "/App/Unused.swift")
        #expect(!unused.isInNoTarget)
        #expect(unused.membership == .notRead)
        #expect(summary(unused).iOS == "12.4")
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/App/ContentView.swift")).targets == ["App"])
        // Cut short: not a readable property list at all.
        files["App.xcodeproj/project.pbxproj"] = String(XcodeTargetsFixture.project(appMembers: []).prefix(4000))
        #expect(self.settings(files).deploymentTargets(forFile: Self.root + "/App/Unused.swift").membership == .notRead)
        // A project that builds other projects' targets may compile the file through them.
        files["App.xcodeproj/project.pbxproj"] = XcodeTargetsFixture.project(appMembers: [])
            .replacingOccurrences(of: "\t\t\tprojectDirPath = \"\";", with: "\t\t\tprojectDirPath = \"\";\n\t\t\tprojectReferences = ({ProductGroup = G0000000000000000000A003; ProjectRef = F0000000000000000000A006;});")
        #expect(self.settings(files).deploymentTargets(forFile: Self.root + "/App/Unused.swift").membership == .notRead)
        #expect(summary(self.settings(files).deploymentTargets(forFile: Self.root + "/Share/ShareView.swift")).targets == ["Share"])
        // A file in a package's folder that SwiftPM does not build is not the project's.
        #expect(!settings.deploymentTargets(forFile: Self.root + "/Packages/Kit/Scripts/Tool.swift").isInNoTarget)
    }

    /// A `Package.swift` beside the Xcode project (tools, or a library target elsewhere) does not
    /// own the app's folders: the project's membership decides, and a file no target lists is in none.
    @Test func aRootManifestBesideTheProjectLeavesMembershipToIt() {
        var files = XcodeTargetsFixture.files
        files["Package.swift"] = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tools\", platforms: [.macOS(.v13)], targets: [.target(name: \"Tools\", path: \"Tools\")])\n"
        let settings = settings(files)
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/App/Unused.swift")).targets == ["<none>"])
        #expect(summary(settings.deploymentTargets(forFile: Self.root + "/App/ContentView.swift")).targets == ["App"])
        #expect(settings.deploymentTargets(forFile: Self.root + "/Tools/Tool.swift").source == .package(manifest: Self.root + "/Package.swift"))
    }

    @Test func aFileInNoTargetIsConfiguredWithNoRules() {
        var resolution = ConfigurationResolution(rules: [RuleDescription(
            id: "probe", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
            triggering: [], nonTriggering: [])])
        resolution.projectSettings = settings()
        #expect(resolution.resolve(forFile: Self.root + "/App/Unused.swift", file: nil).rules.severities.isEmpty)
        #expect(resolution.resolve(forFile: Self.root + "/App/ContentView.swift", file: nil).rules.severities == ["probe": .warning])
        // A file in no target stays in none when --platform replaces the minimums.
        #expect(resolution.resolve(forFile: Self.root + "/App/Unused.swift", file: nil, commandLine: [.iOS: OSVersion(17)]).deploymentTargets.isInNoTarget)
    }

    /// The device facts of an app are its targets', not a project-level default they override.
    @Test func deviceFamilyIsTheAppTargetsOwn() {
        let text = XcodeTargetsFixture.project(appMembers: [])
        let setting = DeviceFamilySetting(path: Self.root + "/App.xcodeproj/project.pbxproj", text: text)
        #expect(setting?.families == ["1"])
        #expect(setting?.orientations == ["UIInterfaceOrientationPortrait"])
        #expect(DeviceFamilySetting.isPhonePortraitOnly([setting!]))
    }

    /// An iPhone and iPad app that requires the full screen, in portrait only, always has the whole
    /// screen (never split view): its app target's own settings, read through the project model.
    @Test func aFullScreenPortraitIPadAppFillsTheScreen() {
        let phone = XcodeTargetsFixture.project(appMembers: [])
        let both = phone.replacingOccurrences(of: "TARGETED_DEVICE_FAMILY = 1;", with: "TARGETED_DEVICE_FAMILY = \"1,2\";")
        let full = both.replacingOccurrences(of: "TARGETED_DEVICE_FAMILY = \"1,2\";", with: "TARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t\tINFOPLIST_KEY_UIRequiresFullScreen = YES;\n\t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;")
        let path = Self.root + "/App.xcodeproj/project.pbxproj"
        let iPad = DeviceFamilySetting(path: path, text: both)!
        let fullScreen = DeviceFamilySetting(path: path, text: full)!
        #expect(iPad.families == ["1", "2"] && fullScreen.families == ["1", "2"])
        #expect(!DeviceFamilySetting.fillsScreenInPortraitOnly([iPad]), "an iPad app may be in split view")
        #expect(fullScreen.requiresFullScreen)
        #expect(DeviceFamilySetting.fillsScreenInPortraitOnly([fullScreen]))
        #expect(!DeviceFamilySetting.isPhonePortraitOnly([fullScreen]), "still shows columns on iPad: not iPhone-only")
    }

    /// `TARGETED_DEVICE_FAMILY = "1,6"` with Mac Catalyst turned off builds for iPhone only; a local
    /// package added the pre-Xcode 15 way (a folder reference of type `wrapper`) is the app's too.
    @Test func catalystOffAndAFolderReferencedPackage() throws {
        let phone = XcodeTargetsFixture.project(appMembers: [])
        let path = Self.root + "/App.xcodeproj/project.pbxproj"
        let catalystOff = phone.replacingOccurrences(of: "TARGETED_DEVICE_FAMILY = 1;", with: "TARGETED_DEVICE_FAMILY = \"1,6\";\n\t\t\t\tSUPPORTS_MACCATALYST = NO;")
        #expect(DeviceFamilySetting(path: path, text: catalystOff)?.families == ["1"])
        let catalystOn = phone.replacingOccurrences(of: "TARGETED_DEVICE_FAMILY = 1;", with: "TARGETED_DEVICE_FAMILY = \"1,6\";\n\t\t\t\tSUPPORTS_MACCATALYST = YES;")
        #expect(DeviceFamilySetting(path: path, text: catalystOn)?.families.contains("6") == true)
        // The package reference replaced by a dragged folder in the main group.
        let dragged = phone
            .replacingOccurrences(of: "/* Begin PBXFileReference section */",
                                  with: "/* Begin PBXFileReference section */\n\t\tD0000000000000000000D001 /* UI */ = {isa = PBXFileReference; lastKnownFileType = wrapper; name = UI; path = Packages/UI; sourceTree = \"<group>\"; };")
        let model = try #require(XcodeProjectModel(path: path, text: dragged.replacingOccurrences(of: "children = (", with: "children = (\n\t\t\t\tD0000000000000000000D001 /* UI */,")))
        #expect(model.localPackages.contains(Self.root + "/Packages/UI"))
        #expect(!model.localPackages.contains { $0.hasSuffix(".xcassets") || $0.hasSuffix(".app") })
    }

    /// Unset at every level, an iOS app's device family is Xcode's default: iPhone.
    @Test func anUnsetDeviceFamilyOfAnIOSAppIsIPhone() {
        let text = XcodeTargetsFixture.project(appMembers: []).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("TARGETED_DEVICE_FAMILY") }.joined(separator: "\n")
        let setting = DeviceFamilySetting(path: Self.root + "/App.xcodeproj/project.pbxproj", text: text)
        #expect(setting?.families == ["1"])
        #expect(DeviceFamilySetting.isPhonePortraitOnly([setting!]))
        let iPad = DeviceFamilySetting(path: Self.root + "/Config/App.xcconfig", text: "TARGETED_DEVICE_FAMILY = 1,2\n")
        #expect(!DeviceFamilySetting.isPhonePortraitOnly([setting!, iPad!]), "an xcconfig that sets it is added")
    }

    @Test func thePropertyListReaderReadsEscapesCommentsAndRejectsBrokenText() {
        let list = OpenStepPropertyList.parse(#"// !$*UTF8*$!"# + "\n{ a = \"x\\\"y\\n\\U00e9\"; /* c */ b = (1, two, ); c = {d = <0fbd>;}; }")
        #expect(list?["a"]?.string == "x\"y\né")
        #expect(list?["b"]?.array?.compactMap(\.string) == ["1", "two"])
        #expect(list?["c"]?["d"]?.string == "0fbd")
        #expect(OpenStepPropertyList.parse("{ a = b; ") == nil)
        #expect(OpenStepPropertyList.parse("{ a = b } extra") == nil)
        #expect(OpenStepPropertyList.parse(String(repeating: "(", count: 500)) == nil)
    }
}
