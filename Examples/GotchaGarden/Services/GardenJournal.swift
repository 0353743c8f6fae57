import Foundation

/// Notes about the garden, loaded from disk.
final class GardenJournal {
    private let formatter = DateFormatter()
    private(set) var entries: [String] = []

    init() {
        formatter.dateStyle = .medium
        let url = URL.documentsDirectory.appending(path: "journal.txt")
        entries = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").components(separatedBy: "\n")
    }

    func add(_ note: String) {
        entries.append("\(formatter.string(from: .now)): \(note)")
    }
}
