import SwiftUI

/// Every setting of the app on one screen; it grew one section at a time.
struct GardenSettingsView: View {
    @State private var settings = GardenSettings()

    var body: some View {
        Form {
            Section("Reminders") {
                Toggle("Morning reminder", isOn: $settings.morningReminder)
                    .tint(.green)
                Toggle("Evening reminder", isOn: $settings.eveningReminder)
                    .tint(.green)
                Toggle("Weekend reminders", isOn: $settings.weekendReminders)
                    .tint(.green)
                Toggle("Vacation mode", isOn: $settings.vacationMode)
                    .tint(.green)
                Toggle("Quiet hours", isOn: $settings.quietHours)
                    .tint(.green)
                Picker("Frequency", selection: $settings.remindersFrequency) {
                    Text("Daily").tag("daily")
                    Text("Every other day").tag("every other day")
                    Text("Weekly").tag("weekly")
                    Text("Monthly").tag("monthly")
                }
                Stepper("Days ahead: \(settings.remindersDaysAhead)", value: $settings.remindersDaysAhead, in: 1...14)
                DatePicker("Start", selection: $settings.remindersStart, displayedComponents: .hourAndMinute)
                Button("Reset reminders") {
                    settings.resetReminders()
                }
                .foregroundStyle(.red)
            } footer: {
                Text("These settings apply to reminders on all your devices.")
            }

            Section("Watering") {
                Toggle("Use metric units", isOn: $settings.useMetricUnits)
                    .tint(.green)
                Toggle("Show soil moisture", isOn: $settings.showSoilMoisture)
                    .tint(.green)
                Toggle("Skip after rain", isOn: $settings.skipAfterRain)
                    .tint(.green)
                Toggle("Group by room", isOn: $settings.groupByRoom)
                    .tint(.green)
                Toggle("Show watering streak", isOn: $settings.showWateringStreak)
                    .tint(.green)
                Picker("Frequency", selection: $settings.wateringFrequency) {
                    Text("Daily").tag("daily")
                    Text("Every other day").tag("every other day")
                    Text("Weekly").tag("weekly")
                    Text("Monthly").tag("monthly")
                }
                Stepper("Days ahead: \(settings.wateringDaysAhead)", value: $settings.wateringDaysAhead, in: 1...14)
                DatePicker("Start", selection: $settings.wateringStart, displayedComponents: .hourAndMinute)
                Button("Reset watering") {
                    settings.resetWatering()
                }
                .foregroundStyle(.red)
            } footer: {
                Text("These settings apply to watering on all your devices.")
            }

            Section("Display") {
                Toggle("Show species names", isOn: $settings.showSpeciesNames)
                    .tint(.green)
                Toggle("Show Latin names", isOn: $settings.showLatinNames)
                    .tint(.green)
                Toggle("Large thumbnails", isOn: $settings.largeThumbnails)
                    .tint(.green)
                Toggle("Compact rows", isOn: $settings.compactRows)
                    .tint(.green)
                Toggle("Show last watered", isOn: $settings.showLastWatered)
                    .tint(.green)
                Picker("Frequency", selection: $settings.displayFrequency) {
                    Text("Daily").tag("daily")
                    Text("Every other day").tag("every other day")
                    Text("Weekly").tag("weekly")
                    Text("Monthly").tag("monthly")
                }
                Stepper("Days ahead: \(settings.displayDaysAhead)", value: $settings.displayDaysAhead, in: 1...14)
                DatePicker("Start", selection: $settings.displayStart, displayedComponents: .hourAndMinute)
                Button("Reset display") {
                    settings.resetDisplay()
                }
                .foregroundStyle(.red)
            } footer: {
                Text("These settings apply to display on all your devices.")
            }

            Section("Sync") {
                Toggle("iCloud sync", isOn: $settings.icloudSync)
                    .tint(.green)
                Toggle("Sync over cellular", isOn: $settings.syncOverCellular)
                    .tint(.green)
                Toggle("Share with family", isOn: $settings.shareWithFamily)
                    .tint(.green)
                Toggle("Back up photos", isOn: $settings.backUpPhotos)
                    .tint(.green)
                Toggle("Include notes", isOn: $settings.includeNotes)
                    .tint(.green)
                Picker("Frequency", selection: $settings.syncFrequency) {
                    Text("Daily").tag("daily")
                    Text("Every other day").tag("every other day")
                    Text("Weekly").tag("weekly")
                    Text("Monthly").tag("monthly")
                }
                Stepper("Days ahead: \(settings.syncDaysAhead)", value: $settings.syncDaysAhead, in: 1...14)
                DatePicker("Start", selection: $settings.syncStart, displayedComponents: .hourAndMinute)
                Button("Reset sync") {
                    settings.resetSync()
                }
                .foregroundStyle(.red)
            } footer: {
                Text("These settings apply to sync on all your devices.")
            }

            Section("Privacy") {
                Toggle("Analytics", isOn: $settings.analytics)
                    .tint(.green)
                Toggle("Crash reports", isOn: $settings.crashReports)
                    .tint(.green)
                Toggle("Location for weather", isOn: $settings.locationForWeather)
                    .tint(.green)
                Toggle("Personalized tips", isOn: $settings.personalizedTips)
                    .tint(.green)
                Toggle("Show in Spotlight", isOn: $settings.showInSpotlight)
                    .tint(.green)
                Picker("Frequency", selection: $settings.privacyFrequency) {
                    Text("Daily").tag("daily")
                    Text("Every other day").tag("every other day")
                    Text("Weekly").tag("weekly")
                    Text("Monthly").tag("monthly")
                }
                Stepper("Days ahead: \(settings.privacyDaysAhead)", value: $settings.privacyDaysAhead, in: 1...14)
                DatePicker("Start", selection: $settings.privacyStart, displayedComponents: .hourAndMinute)
                Button("Reset privacy") {
                    settings.resetPrivacy()
                }
                .foregroundStyle(.red)
            } footer: {
                Text("These settings apply to privacy on all your devices.")
            }

            Section("Notifications") {
                Toggle("Badges", isOn: $settings.badges)
                Toggle("Sounds", isOn: $settings.sounds)
                Toggle("Critical alerts", isOn: $settings.criticalAlerts)
                Toggle("Frost warnings", isOn: $settings.frostWarnings)
                Toggle("Heat warnings", isOn: $settings.heatWarnings)
                Picker("Summary", selection: $settings.summary) {
                    Text("Never").tag("never")
                    Text("Daily").tag("daily")
                    Text("Weekly").tag("weekly")
                }
            }

            Section("Rooms") {
                ForEach($settings.rooms) { $room in
                    HStack {
                        TextField("Room", text: $room.name)
                        Spacer()
                        Toggle("Sunny", isOn: $room.isSunny)
                            .labelsHidden()
                    }
                }
                .onDelete { settings.rooms.remove(atOffsets: $0) }
                Button("Add room") {
                    settings.rooms.append(Room(name: "New room"))
                }
            }

            Section("Photos") {
                Toggle("Save to library", isOn: $settings.saveToLibrary)
                Toggle("Keep originals", isOn: $settings.keepOriginals)
                Toggle("Timelapse", isOn: $settings.timelapse)
                Stepper("Photos per week: \(settings.photosPerWeek)", value: $settings.photosPerWeek, in: 0...21)
                Picker("Quality", selection: $settings.photoQuality) {
                    Text("Small").tag(0)
                    Text("Medium").tag(1)
                    Text("Original").tag(2)
                }
            }

            Section("Weather") {
                Toggle("Use current location", isOn: $settings.useLocation)
                TextField("City", text: $settings.city)
                Toggle("Adjust for humidity", isOn: $settings.adjustForHumidity)
                Toggle("Adjust for temperature", isOn: $settings.adjustForTemperature)
                Stepper("Rain threshold: \(settings.rainThreshold) mm", value: $settings.rainThreshold, in: 0...50)
            }

            Section("Advanced") {
                Toggle("Developer mode", isOn: $settings.developerMode)
                Toggle("Verbose logging", isOn: $settings.verboseLogging)
                Button("Export data") {
                    settings.exportRequested = true
                }
                Button("Erase all plants", role: .destructive) {
                    settings.eraseRequested = true
                }
            }

            Section("About") {
                LabeledContent("Version", value: "1.0")
                Link("Privacy policy", destination: URL(string: "https://example.com/privacy")!)
            }
        }
        .navigationTitle("Settings")
    }
}
