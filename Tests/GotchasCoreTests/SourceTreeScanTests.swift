import Foundation
import GotchasCore
import Testing

/// The one walk's options: `.gitignore` files (`IgnoreFile`), the configuration's
/// `exclude`, hidden directories and the bound, and the step-by-step walk.
@Suite struct SourceTreeScanTests {
    typealias Folder = WorkspaceInputTests.Folder

    func ignore(_ text: String) -> IgnoreFile { IgnoreFile(text: text) }

    @Test func anUnanchoredPatternMatchesANameAtAnyDepthAndAnAnchoredOneOnlyBelowItsFile() {
        let file = ignore("Generated\n/build\nSources/Mocks\n")
        #expect(file.isIgnored("Generated", isDirectory: true) == true)
        #expect(file.isIgnored("App/Generated", isDirectory: true) == true)
        #expect(file.isIgnored("build", isDirectory: true) == true)
        #expect(file.isIgnored("App/build", isDirectory: true) == nil)
        #expect(file.isIgnored("Sources/Mocks", isDirectory: true) == true)
        #expect(file.isIgnored("App/Sources/Mocks", isDirectory: true) == nil)
    }

    @Test func aTrailingSlashMatchesDirectoriesOnly() {
        let file = ignore("Output/\n")
        #expect(file.isIgnored("Output", isDirectory: true) == true)
        #expect(file.isIgnored("Output", isDirectory: false) == nil)
    }

    @Test func globsNegationCommentsAndEscapes() {
        let file = ignore("""
            # generated code
            *.generated.swift
            !Keep.generated.swift
            docs/**/*.swift
            \\#Hash.swift
            [Ab]c.swift

            """)
        #expect(file.isIgnored("A.generated.swift", isDirectory: false) == true)
        #expect(file.isIgnored("Deep/B.generated.swift", isDirectory: false) == true)
        #expect(file.isIgnored("Keep.generated.swift", isDirectory: false) == false)
        #expect(file.isIgnored("docs/a/b/c.swift", isDirectory: false) == true)
        #expect(file.isIgnored("docs/c.swift", isDirectory: false) == true)
        #expect(file.isIgnored("#Hash.swift", isDirectory: false) == true)
        #expect(file.isIgnored("generated code", isDirectory: false) == nil)
        // A character class is not understood: left out, never a guess.
        #expect(file.unsupportedLines == ["[Ab]c.swift"])
        #expect(file.isIgnored("Ac.swift", isDirectory: false) == nil)
    }

    @Test func whatIsInsideADirectoryIsNotTheDirectory() {
        let file = ignore("Vendor/**\n!Vendor/Keep.swift\n")
        #expect(file.isIgnored("Vendor", isDirectory: true) == nil)
        #expect(file.isIgnored("Vendor/A.swift", isDirectory: false) == true)
        #expect(file.isIgnored("Vendor/Keep.swift", isDirectory: false) == false)
    }

    func tree() -> Folder {
        let folder = Folder()
        for path in ["App/A.swift", "App/Generated/G.swift", "App/B.generated.swift", "App/Keep.generated.swift",
                     "Vendor/V.swift", ".hidden/H.swift", "Tools/Sub/T.swift", "Tools/Sub/U.swift"] {
            folder.write(path, Array("let x = 1\n".utf8))
        }
        folder.write(".gitignore", Array("Vendor/\n*.generated.swift\n".utf8))
        // A nested .gitignore applies to its subtree, and overrides the shallower one.
        folder.write("App/.gitignore", Array("Generated\n!Keep.generated.swift\n".utf8))
        folder.write("Tools/Sub/.gitignore", Array("U.swift\n".utf8))
        return folder
    }

    func relative(_ scan: SourceTreeScan, in folder: Folder) -> [String] {
        scan.swiftFiles.map { String($0.dropFirst(folder.path.count + 1)) }.sorted()
    }

    @Test func theWalkLeavesOutWhatGitignoreFilesIgnoreWhenAsked() {
        let folder = tree()
        let respecting = SourceTreeScan(root: folder.path, options: .init(respectsIgnoreFiles: true))
        #expect(relative(respecting, in: folder) == [".hidden/H.swift", "App/A.swift", "App/Keep.generated.swift", "Tools/Sub/T.swift"])
        let all = SourceTreeScan(root: folder.path)
        #expect(relative(all, in: folder).count == 8)
        let visible = SourceTreeScan(root: folder.path, options: .init(respectsIgnoreFiles: true, skipsHiddenDirectories: true))
        #expect(relative(visible, in: folder) == ["App/A.swift", "App/Keep.generated.swift", "Tools/Sub/T.swift"])
    }

    @Test func ignoredSettingsFilesAreStillCollectedButNotTheSwiftFilesBesideThem() {
        let folder = Folder()
        folder.write(".gitignore", Array("*.xcodeproj\nConfig/\n*.xcconfig\nGenerated/\n".utf8))
        folder.write("App.xcodeproj/project.pbxproj", Array("IPHONEOS_DEPLOYMENT_TARGET = 16.0;\n".utf8))
        folder.write("App.xcodeproj/Helper.swift", Array("let x = 1\n".utf8))
        folder.write("Empty.xcodeproj/README", Array("no project\n".utf8))
        folder.write("App/Base.xcconfig", Array("IPHONEOS_DEPLOYMENT_TARGET = 15.0\n".utf8))
        folder.write("App/A.swift", Array("let x = 1\n".utf8))
        // An ignored directory that is not an Xcode project is not entered, settings or not.
        folder.write("Generated/Package.swift", Array("// swift-tools-version:5.9\n".utf8))
        folder.write("Generated/G.swift", Array("let x = 1\n".utf8))
        let scan = SourceTreeScan(root: folder.path, options: .init(respectsIgnoreFiles: true))
        #expect(relative(scan, in: folder) == ["App/A.swift"])
        #expect(scan.settingsFiles.map { String($0.dropFirst(folder.path.count + 1)) }.sorted() == ["App.xcodeproj/project.pbxproj", "App/Base.xcconfig"])
        let all = SourceTreeScan(root: folder.path)
        #expect(all.settingsFiles.count == 3)
        #expect(relative(all, in: folder) == ["App.xcodeproj/Helper.swift", "App/A.swift", "Generated/G.swift", "Generated/Package.swift"])
    }

    @Test func aFolderInsideARepositoryHasTheRepositorysIgnoreFilesAbove() throws {
        let folder = tree()
        try FileManager.default.createDirectory(atPath: folder.path + "/.git", withIntermediateDirectories: true)
        folder.write(".gitignore", Array("Sub/U.swift\nT.swift\n".utf8))
        // `Sub/U.swift` is anchored to the repository's top: it does not match Tools/Sub/U.swift.
        let scan = SourceTreeScan(root: folder.path + "/Tools", options: .init(respectsIgnoreFiles: true))
        #expect(scan.swiftFiles.isEmpty)
        try FileManager.default.removeItem(atPath: folder.path + "/Tools/Sub/.gitignore")
        let again = SourceTreeScan(root: folder.path + "/Tools", options: .init(respectsIgnoreFiles: true))
        #expect(again.swiftFiles == [folder.path + "/Tools/Sub/U.swift"])
        // Outside a repository nothing above the root counts.
        try FileManager.default.removeItem(atPath: folder.path + "/.git")
        let outside = SourceTreeScan(root: folder.path + "/Tools", options: .init(respectsIgnoreFiles: true))
        #expect(outside.swiftFiles.count == 2)
    }

    @Test func theConfigurationsExcludePrunesDirectoriesAndItsIncludeDropsFiles() {
        let folder = tree()
        folder.write(".swiftui-gotchas.json", Array(#"{"exclude": ["Vendor", "**/Generated/**"]}"#.utf8))
        // A nested configuration governs its subtree (its include replaces the parent's settings).
        folder.write("Tools/.swiftui-gotchas.json", Array(#"{"include": ["Sub/T.swift"]}"#.utf8))
        let scan = SourceTreeScan(root: folder.path, options: .init(configurationOverlay: ConfigurationFile()))
        #expect(relative(scan, in: folder) == [".hidden/H.swift", "App/A.swift", "App/B.generated.swift", "App/Keep.generated.swift",
                                               "Tools/Sub/T.swift"])
        // The editor's settings lie over each file's.
        var editor = ConfigurationFile()
        editor.exclude = [Glob("App")]
        let overlaid = SourceTreeScan(root: folder.path, options: .init(configurationOverlay: editor))
        #expect(relative(overlaid, in: folder) == [".hidden/H.swift", "Tools/Sub/T.swift", "Vendor/V.swift"])
    }

    @Test func theWalkStopsAtABoundAndSaysSo() {
        let folder = tree()
        let bounded = SourceTreeScan(root: folder.path, options: .init(maximumSwiftFiles: 3))
        #expect(bounded.stoppedAtBound)
        #expect(bounded.swiftFiles.count == 3)
        let unbounded = SourceTreeScan(root: folder.path, options: .init(maximumSwiftFiles: 100))
        #expect(!unbounded.stoppedAtBound)
        let directories = SourceTreeScan(root: folder.path, options: .init(maximumDirectories: 2))
        #expect(directories.stoppedAtBound)
        #expect(directories.directoriesRead == 2)
    }

    @Test func stepByStepFindsWhatOneGoFinds() {
        let folder = tree()
        var walk = SourceTreeScan(startingAt: folder.path, options: .init())
        var steps = 0
        while !walk.isFinished {
            walk.advance(directories: 1)
            steps += 1
        }
        let once = SourceTreeScan(root: folder.path)
        #expect(walk.swiftFiles == once.swiftFiles)
        #expect(steps == once.directoriesRead)
        #expect(steps == 7)
    }
}
