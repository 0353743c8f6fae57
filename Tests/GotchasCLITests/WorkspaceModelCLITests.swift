import Foundation
import GotchasCorpus
import Testing

/// The workspace model's scenarios (`WorkspaceModelScenario`, shared with the server's tests)
/// through the whole `lint` command: a tree on disk, both passes, JSON out. The server's
/// `WorkspaceModelServerTests` opens the same workspaces and must find the same.
@Suite struct WorkspaceModelCLITests {
    @Test(arguments: WorkspaceModelScenario.all.map(\.name))
    func lintFindsWhatTheModelSays(_ name: String) throws {
        let scenario = try #require(WorkspaceModelScenario.all.first { $0.name == name })
        let tree = try TemporaryTree(scenario.files)
        let io = CapturedIO()
        _ = io.lint([tree.root, "--format", "json", "--no-cache", "--select", scenario.rule])
        let found = try Self.findings(io.output, root: tree.root)
        #expect(scenario.mismatches(found) == [], "\(io.output)")
    }

    /// Also after `--fix`: the safe fixes that run must leave the unsafe ones' code alone.
    @Test func fixLeavesTheMemberUsedFromAnotherFileAlone() throws {
        let scenario = WorkspaceModelScenario.viewSplitOverExtensionFiles
        let tree = try TemporaryTree(scenario.files)
        _ = CapturedIO().lint([tree.root, "--fix", "--quiet", "--no-cache", "--select", scenario.rule])
        let fixed = tree.read("Editor/Editor.swift")
        #expect(fixed.contains("@State var draft = \"\""), "used from Editor+Logic.swift: must stay as it was")
        #expect(fixed.contains("@State private var title"), "used only in its own file: the safe fix applies")
    }

    /// Files named one by one (a pre-commit hook's staged files) are not the whole project: a view
    /// none of them builds may be built by another file, so its warning stays; the folder's lint
    /// knows nothing builds it, and says info.
    @Test func filesNamedOneByOneDoNotTellWhatNothingBuilds() throws {
        let scenario = WorkspaceModelScenario.codeNothingRuns
        let tree = try TemporaryTree(scenario.files)
        func severities(_ paths: [String]) throws -> [String] {
            let io = CapturedIO()
            _ = io.lint(paths + ["--format", "json", "--no-cache", "--select", scenario.rule])
            let items = try #require(try JSONSerialization.jsonObject(with: Data(io.output.utf8)) as? [[String: Any]])
            return items.filter { ($0["path"] as? String)?.hasSuffix("Orphan.swift") == true }.compactMap { $0["severity"] as? String }
        }
        #expect(try severities([tree.root]) == ["info"])
        #expect(try severities([tree.path("Views/Orphan.swift"), tree.path("HeroApp.swift")]) == ["warning"])
    }

    static func findings(_ json: String, root: String) throws -> [WorkspaceModelScenario.Found] {
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return items.map { item in
            let path = (item["path"] as? String ?? "")
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            let fix = (item["fix"] as? [String: Any])?["applicability"] as? String
            return WorkspaceModelScenario.Found(path: relative, rule: item["rule"] as? String ?? "", line: item["line"] as? Int ?? 0,
                                                fix: fix, message: item["message"] as? String ?? "")
        }
    }
}
