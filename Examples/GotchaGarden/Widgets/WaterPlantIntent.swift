import AppIntents
import SwiftData

enum SharedModel {
    static let container = try! ModelContainer(for: PlantRecord.self)
}

struct WaterPlantIntent: AppIntent {
    static let title: LocalizedStringResource = "Water Plant"

    @Parameter(title: "Plant")
    var plantName: String

    init() {}
    init(plantName: String) { self.plantName = plantName }

    func perform() async throws -> some IntentResult {
        let context = SharedModel.container.mainContext
        let name = plantName
        let plants = try context.fetch(FetchDescriptor<PlantRecord>(predicate: #Predicate { $0.name == name }))
        plants.first?.lastWatered = .now
        try context.save()
        return .result()
    }
}
