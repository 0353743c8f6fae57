#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// Which workspace folders the server walks and indexes. An editor that finds no project
/// marker may hand over `/`, and a dotfiles repository in `$HOME` makes the home directory
/// the root: walking either reads the whole disk (still walking after a minute) for an
/// index of other people's code. Such a folder is not indexed: open files are still
/// linted (their configuration and project settings are looked up from their own
/// directory), and the user is told once how to open the project instead.
struct WorkspaceRootPolicy: Sendable, Equatable {
    /// Why a folder is not indexed.
    enum Refusal: Sendable, Equatable {
        case fileSystemRoot
        case homeDirectory
    }

    /// The user's home directory (from `HOME`, read by the caller; nil: none known).
    var homeDirectory: String?

    /// nil: index the folder.
    func refusal(of folder: String) -> Refusal? {
        let path = StandardizedPath.of(folder)
        if path == "/" { return .fileSystemRoot }
        if let homeDirectory, StandardizedPath.of(homeDirectory) == path { return .homeDirectory }
        return nil
    }

    /// The folders to index, in order.
    func indexed(_ folders: [String]) -> [String] { folders.filter { refusal(of: $0) == nil } }

    /// The warning shown (once per folder) for a refused folder.
    static func warning(folder: String, refusal: Refusal) -> String {
        let what = switch refusal {
        case .fileSystemRoot: "is the root of the file system"
        case .homeDirectory: "is your home directory"
        }
        return "swiftui-gotchas: the workspace folder \(folder) \(what), so it is not indexed: only open files are linted, "
            + "and findings that need the project's other files are left out. Open the project's own folder instead "
            + "(the directory with its Package.swift, .xcodeproj or .git) as the workspace root."
    }

}
