/// A small app whose files are compiled by different Xcode targets, written as text for the
/// tests of per-target project facts (Core, CLI and server read the same tree):
/// - a project-level iOS 16.4 every target overrides, with `TARGETED_DEVICE_FAMILY = "1,2"`;
/// - `App` (iOS 17.5, iPhone only, portrait only), compiling `App/…` and `Shared/Shared.swift`;
/// - `Share`, an extension at iOS 17.0 from its xcconfig, with an SDK-conditional
///   `IPHONEOS_DEPLOYMENT_TARGET[sdk=macosx*] = 12.4` (a Mac build's, not iOS's);
/// - `Widget`, a synchronized folder (Debug 18.0, Release 17.0) that leaves out
///   `Legacy.swift` and gives `WidgetKind.swift` to `App` too;
/// - `App/Unused.swift`, in the project's groups but in no target;
/// - a local package `Packages/Kit` (iOS 16) the project references.
public enum XcodeTargetsFixture {
    /// A file's text: one `probe()` call, which the tests' stand-in rules flag.
    public static let probe = "func f() { probe() }\n"

    /// Relative path → text.
    public static var files: [String: String] {
        var files: [String: String] = [
            "App.xcodeproj/project.pbxproj": project(appMembers: ["App/ContentView.swift", "Shared/Shared.swift"]),
            "Config/Share.xcconfig": "// The share extension's settings\nIPHONEOS_DEPLOYMENT_TARGET = 17.0\nTARGETED_DEVICE_FAMILY = 1\n",
            "Packages/Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", platforms: [.iOS(.v16)], targets: [.target(name: "Kit")])

                """,
        ]
        for path in ["App/ContentView.swift", "App/Unused.swift", "Shared/Shared.swift", "Share/ShareView.swift",
                     "Widget/WidgetView.swift", "Widget/Legacy.swift", "Widget/WidgetKind.swift", "Packages/Kit/Sources/Kit/KitView.swift"] {
            files[path] = probe
        }
        return files
    }

    /// The project, with the `App` target compiling `appMembers` (of `App/ContentView.swift`,
    /// `App/Unused.swift`, `Shared/Shared.swift`) — a test moves a file in or out.
    public static func project(appMembers: Set<String>) -> String {
        let appFiles = [("App/ContentView.swift", "B0000000000000000000A001"), ("App/Unused.swift", "B0000000000000000000A002"),
                        ("Shared/Shared.swift", "B0000000000000000000A003")]
            .filter { appMembers.contains($0.0) }
            .map { "\t\t\t\t\($0.1) /* \($0.0) in Sources */," }
            .joined(separator: "\n")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB0000000000000000000A001 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000A001 /* ContentView.swift */; };
            \t\tB0000000000000000000A002 /* Unused.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000A002 /* Unused.swift */; };
            \t\tB0000000000000000000A003 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000A003 /* Shared.swift */; };
            \t\tB0000000000000000000A004 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000A003 /* Shared.swift */; };
            \t\tB0000000000000000000A005 /* ShareView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000A005 /* ShareView.swift */; };
            \t\tB0000000000000000000A006 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = D0000000000000000000A001 /* Kit */; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \t\tF0000000000000000000A001 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
            \t\tF0000000000000000000A002 /* Unused.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Unused.swift; sourceTree = "<group>"; };
            \t\tF0000000000000000000A003 /* Shared.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = Shared.swift; path = Shared/Shared.swift; sourceTree = SOURCE_ROOT; };
            \t\tF0000000000000000000A005 /* ShareView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ShareView.swift; sourceTree = "<group>"; };
            \t\tF0000000000000000000A006 /* Share.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Share.xcconfig; sourceTree = "<group>"; };
            \t\tF0000000000000000000A007 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            \t\tE0000000000000000000A001 /* Exceptions for "Widget" folder in "Widget" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tLegacy.swift,
            \t\t\t);
            \t\t\ttarget = T0000000000000000000A003 /* Widget */;
            \t\t};
            \t\tE0000000000000000000A002 /* Exceptions for "Widget" folder in "App" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tWidgetKind.swift,
            \t\t\t);
            \t\t\ttarget = T0000000000000000000A001 /* App */;
            \t\t};
            /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\tS0000000000000000000A001 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E0000000000000000000A001 /* Exceptions for "Widget" folder in "Widget" target */, E0000000000000000000A002 /* Exceptions for "Widget" folder in "App" target */, ); path = Widget; sourceTree = "<group>"; };
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXGroup section */
            \t\tG0000000000000000000A000 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tG0000000000000000000A001 /* App */,
            \t\t\t\tG0000000000000000000A002 /* Share */,
            \t\t\t\tG0000000000000000000A003 /* Config */,
            \t\t\t\tF0000000000000000000A003 /* Shared.swift */,
            \t\t\t\tS0000000000000000000A001 /* Widget */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tG0000000000000000000A001 /* App */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tF0000000000000000000A001 /* ContentView.swift */,
            \t\t\t\tF0000000000000000000A002 /* Unused.swift */,
            \t\t\t);
            \t\t\tpath = App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tG0000000000000000000A002 /* Share */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tF0000000000000000000A005 /* ShareView.swift */,
            \t\t\t);
            \t\t\tpath = Share;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tG0000000000000000000A003 /* Config */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tF0000000000000000000A006 /* Share.xcconfig */,
            \t\t\t);
            \t\t\tpath = Config;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tT0000000000000000000A001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000A001 /* Build configuration list for PBXNativeTarget "App" */;
            \t\t\tbuildPhases = (
            \t\t\t\tP0000000000000000000A001 /* Sources */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tpackageProductDependencies = (
            \t\t\t\tD0000000000000000000A001 /* Kit */,
            \t\t\t);
            \t\t\tproductName = App;
            \t\t\tproductReference = F0000000000000000000A007 /* App.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tT0000000000000000000A002 /* Share */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000A002 /* Build configuration list for PBXNativeTarget "Share" */;
            \t\t\tbuildPhases = (
            \t\t\t\tP0000000000000000000A002 /* Sources */,
            \t\t\t);
            \t\t\tname = Share;
            \t\t\tproductType = "com.apple.product-type.app-extension";
            \t\t};
            \t\tT0000000000000000000A003 /* Widget */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000A003 /* Build configuration list for PBXNativeTarget "Widget" */;
            \t\t\tbuildPhases = (
            \t\t\t\tP0000000000000000000A003 /* Sources */,
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tS0000000000000000000A001 /* Widget */,
            \t\t\t);
            \t\t\tname = Widget;
            \t\t\tproductType = "com.apple.product-type.app-extension";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tR0000000000000000000A001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tbuildConfigurationList = L0000000000000000000A000 /* Build configuration list for PBXProject "App" */;
            \t\t\tmainGroup = G0000000000000000000A000;
            \t\t\tpackageReferences = (
            \t\t\t\tK0000000000000000000A001 /* XCLocalSwiftPackageReference "Packages/Kit" */,
            \t\t\t);
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tT0000000000000000000A001 /* App */,
            \t\t\t\tT0000000000000000000A002 /* Share */,
            \t\t\t\tT0000000000000000000A003 /* Widget */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tP0000000000000000000A001 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tfiles = (
            \(appFiles)
            \t\t\t);
            \t\t};
            \t\tP0000000000000000000A002 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tfiles = (
            \t\t\t\tB0000000000000000000A004 /* Shared.swift in Sources */,
            \t\t\t\tB0000000000000000000A005 /* ShareView.swift in Sources */,
            \t\t\t);
            \t\t};
            \t\tP0000000000000000000A003 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tfiles = (
            \t\t\t);
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin XCBuildConfiguration section */
            \t\tC0000000000000000000A001 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.4;
            \t\t\t\tSDKROOT = iphoneos;
            \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tC0000000000000000000A002 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.4;
            \t\t\t\tSDKROOT = iphoneos;
            \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tC0000000000000000000A003 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.5;
            \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tC0000000000000000000A004 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.5;
            \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tC0000000000000000000A005 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbaseConfigurationReference = F0000000000000000000A006 /* Share.xcconfig */;
            \t\t\tbuildSettings = {
            \t\t\t\t"IPHONEOS_DEPLOYMENT_TARGET[sdk=macosx*]" = 12.4;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tC0000000000000000000A006 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbaseConfigurationReference = F0000000000000000000A006 /* Share.xcconfig */;
            \t\t\tbuildSettings = {
            \t\t\t\t"IPHONEOS_DEPLOYMENT_TARGET[sdk=macosx*]" = 12.4;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tC0000000000000000000A007 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 18.0;
            \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tC0000000000000000000A008 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
            \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\tL0000000000000000000A000 /* Build configuration list for PBXProject "App" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000A001 /* Debug */,
            \t\t\t\tC0000000000000000000A002 /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\tL0000000000000000000A001 /* Build configuration list for PBXNativeTarget "App" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000A003 /* Debug */,
            \t\t\t\tC0000000000000000000A004 /* Release */,
            \t\t\t);
            \t\t};
            \t\tL0000000000000000000A002 /* Build configuration list for PBXNativeTarget "Share" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000A005 /* Debug */,
            \t\t\t\tC0000000000000000000A006 /* Release */,
            \t\t\t);
            \t\t};
            \t\tL0000000000000000000A003 /* Build configuration list for PBXNativeTarget "Widget" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000A007 /* Debug */,
            \t\t\t\tC0000000000000000000A008 /* Release */,
            \t\t\t);
            \t\t};
            /* End XCConfigurationList section */

            /* Begin XCLocalSwiftPackageReference section */
            \t\tK0000000000000000000A001 /* XCLocalSwiftPackageReference "Packages/Kit" */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = Packages/Kit;
            \t\t};
            /* End XCLocalSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tD0000000000000000000A001 /* Kit */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = Kit;
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            \t};
            \trootObject = R0000000000000000000A001 /* Project object */;
            }

            """
    }
}
