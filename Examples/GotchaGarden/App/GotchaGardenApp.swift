import SwiftUI

@main
struct GotchaGardenApp: App {
    @StateObject var store = GardenStore()

    var body: some Scene {
        WindowGroup {
            GardenListView()
                .environmentObject(store)
        }
    }
}
