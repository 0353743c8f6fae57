import Foundation
import SwiftData

/// The persisted plant, shared by the app and the widget.
@Model
final class PlantRecord {
    var stableID: UUID
    var name: String
    var sortOrder: Int
    var lastWatered: Date

    init(name: String, sortOrder: Int) {
        self.stableID = UUID()
        self.name = name
        self.sortOrder = sortOrder
        self.lastWatered = .now
    }
}

protocol GardenRecord: PersistentModel {
    var sortOrder: Int { get }
}

extension PlantRecord: GardenRecord {}

extension GardenRecord {
    /// Every record of the conforming model, in garden order.
    static func all(in context: ModelContext) throws -> [Self] {
        try context.fetch(FetchDescriptor<Self>(sortBy: [SortDescriptor(\.sortOrder)]))
    }
}

/// Keeps old records around for the history screen.
final class PlantArchive {
    static let shared = PlantArchive()
    private let context: ModelContext

    private init() {
        context = ModelContext(try! ModelContainer(for: PlantRecord.self))
    }

    func archive(_ record: PlantRecord) throws {
        context.insert(record)
        try context.save()
    }
}
