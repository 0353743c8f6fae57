#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// A report path as CI systems link it: relative to the project directory (GitLab's
/// `$CI_PROJECT_DIR`, else the current directory), `/`-separated, `..` where it lies outside.
struct ProjectPath {
    var projectDirectory: String

    /// `$CI_PROJECT_DIR` when GitLab sets it, else the current directory.
    static func directory(environment: [String: String]) -> String {
        let directory = environment["CI_PROJECT_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    func relative(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: projectDirectory, isDirectory: true)).standardizedFileURL.path
        return Baseline.relativePath(absolute, from: projectDirectory)
    }
}
