import GotchasCore

/// SARIF 2.1.0 as GitHub code scanning accepts it: one run, the rules as
/// `tool.driver.rules`, results with `ruleIndex`, physical locations with
/// 1-based lines and UTF-16 columns (SARIF's default `columnKind`).
struct SARIFFormatter: ReportFormatter {
    var rules: [RuleDescription]

    func format(_ report: LintReport) -> String {
        let indexByID = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let ruleObjects = rules.map { rule in
            """
            {"id":\(JSON.quoted(rule.id)),"name":\(JSON.quoted(rule.id)),\
            "shortDescription":{"text":\(JSON.quoted(rule.summary))},\
            "fullDescription":{"text":\(JSON.quoted(rule.rationale))},\
            "helpUri":\(JSON.quoted(Product.rulesDocumentationURL + "/" + rule.id + ".md")),\
            "help":{"text":\(JSON.quoted(rule.summary))},\
            "defaultConfiguration":{"level":"\(level(rule.defaultSeverity))","enabled":\(!rule.isOptIn)},\
            "properties":{"tags":[\(JSON.quoted(rule.category.rawValue))]}}
            """
        }
        let results = report.diagnostics.map { file, diagnostic -> String in
            let range = OutputRange(diagnostic.range, in: file.document, encoding: .utf16)
            let index = indexByID[diagnostic.ruleID].map { ",\"ruleIndex\":\($0)" } ?? ""
            return """
                {"ruleId":\(JSON.quoted(diagnostic.ruleID))\(index),"level":"\(level(diagnostic.severity))",\
                "message":{"text":\(JSON.quoted(diagnostic.message))},\
                "locations":[{"physicalLocation":{"artifactLocation":{"uri":\(JSON.quoted(FileURI.reference(toPath: file.path)))},\
                "region":{"startLine":\(range.line),"startColumn":\(range.column),"endLine":\(range.endLine),"endColumn":\(range.endColumn)}}}],\
                "relatedLocations":[\(relatedLocations(diagnostic, in: report))]}
                """
        }
        return """
            {"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{\
            "tool":{"driver":{"name":\(JSON.quoted(Product.name)),"version":\(JSON.quoted(Product.version)),\
            "informationUri":\(JSON.quoted(Product.rulesDocumentationURL)),"rules":[\(ruleObjects.joined(separator: ","))]}},\
            "columnKind":"utf16CodeUnits",\
            "results":[\(results.joined(separator: ","))]}]}

            """
    }

    private func relatedLocations(_ diagnostic: Diagnostic, in report: LintReport) -> String {
        diagnostic.related.enumerated().compactMap { index, location -> String? in
            guard let document = report.document(for: location.path) else { return nil }
            let range = OutputRange(location.range, in: document, encoding: .utf16)
            return """
                {"id":\(index),"message":{"text":\(JSON.quoted(location.message))},"physicalLocation":{"artifactLocation":{"uri":\(JSON.quoted(FileURI.reference(toPath: location.path)))},\
                "region":{"startLine":\(range.line),"startColumn":\(range.column),"endLine":\(range.endLine),"endColumn":\(range.endColumn)}}}
                """
        }.joined(separator: ",")
    }

    private func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info, .hint: "note"
        }
    }
}
