#!/usr/bin/env bash
# Checks of the shipped editor configurations that have no real client on this machine:
#   - VS Code (editors/vscode): package.json has the contribution points; extension.js parses
#     (`node --check`) and, loaded by Node with stand-ins for the `vscode` API and for
#     `vscode-languageclient/node` (npm is not reachable here), activates, starts the REAL server
#     with the command and initializationOptions it computes from the settings, pulls diagnostics
#     as vscode-languageclient 9 does (its capabilities, VS Code's percent-encoded URIs, re-pulls
#     after a refresh, a workspace poll every 2 s with previousResultIds) for a project under a
#     path with `( ) +`: a cross-file finding appears and disappears in an unopened and an open
#     file, an unchanged poll is all `unchanged`; gets diagnostics for a file copied from
#     Examples/, runs the "Fix all" command (the server answers with workspace/applyEdit),
#     forwards a settings change, and says why Fix All cannot run after a failed start. The
#     stand-in speaks LSP itself; the real vscode-languageclient is not exercised.
#   - Helix (editors/helix/languages.toml) and Sublime Text (editors/sublime): parse, and
#     start `swiftui-gotchas lsp`; the Sublime build system's cmd runs and its file_regex reads
#     the output.
# Exit status: 0 when every check passed, non-zero otherwise.
set -euo pipefail

NAME=e2e-editor-configs
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

if ! command -v node >/dev/null 2>&1; then
    e2e_install nodejs
fi
e2e_build
e2e_workdir
failures=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }

# --- Helix and Sublime: the files parse and name the command.
python3 - "$ROOT" "$BIN" "$WORK" <<'PY' || failures=$((failures + 1))
import json, sys, tomllib
root = sys.argv[1]
bad = 0
def check(condition, message):
    global bad
    print(("ok   - " if condition else "FAIL - ") + message)
    bad += 0 if condition else 1
helix = tomllib.load(open(f"{root}/editors/helix/languages.toml", "rb"))
server = helix.get("language-server", {}).get("swiftui-gotchas", {})
check(server.get("command") == "swiftui-gotchas" and server.get("args") == ["lsp"], "helix: [language-server.swiftui-gotchas] runs `swiftui-gotchas lsp`")
swift = [l for l in helix.get("language", []) if l.get("name") == "swift"]
check(len(swift) == 1 and swift[0].get("language-servers") == ["sourcekit-lsp", "swiftui-gotchas"], "helix: swift uses sourcekit-lsp and swiftui-gotchas")
sublime = json.load(open(f"{root}/editors/sublime/LSP.sublime-settings"))
client = sublime.get("clients", {}).get("swiftui-gotchas", {})
check(client.get("command") == ["swiftui-gotchas", "lsp"] and client.get("selector") == "source.swift" and client.get("enabled") is True,
      "sublime: clients.swiftui-gotchas runs `swiftui-gotchas lsp` for source.swift")
check(sublime.get("lsp_code_actions_on_save") == {"source.fixAll.swiftui-gotchas": True}, "sublime: fix all on save")
# The build system (the whole project's findings in the build panel): run its cmd the way
# Sublime does ($folder as working_dir, its env) and read the output with its file_regex.
import os, re, subprocess
build = json.load(open(f"{root}/editors/sublime/swiftui-gotchas.sublime-build"))
folder = os.path.join(sys.argv[3], "sublime-project")
os.makedirs(os.path.join(folder, "Views"))
with open(os.path.join(folder, "Views", "Unopened.swift"), "w") as f:
    f.write('import SwiftUI\nstruct Unopened: View {\n    var body: some View { Text("a").foregroundColor(.red) }\n}\n')
check(build.get("cmd", [None])[0] == "swiftui-gotchas" and build.get("working_dir") == "$folder", "sublime build: `swiftui-gotchas lint .` in $folder")
output = subprocess.run([sys.argv[2]] + build["cmd"][1:], cwd=build["working_dir"].replace("$folder", folder),
                        env={**os.environ, **build.get("env", {})}, capture_output=True, text=True).stdout
found = [m.groups() for m in (re.match(build["file_regex"], line) for line in output.splitlines()) if m]
check(found[:1] == [("Views/Unopened.swift", "3", "36", found[0][3] if found else "")] and "[foreground-color]" in found[0][3]
      and os.path.exists(os.path.join(folder, found[0][0])) and len(found) == 1,
      f"sublime build: file_regex reads the finding (file relative to $folder, line, column): {found}")
sys.exit(1 if bad else 0)
PY

# --- VS Code.
if node --check editors/vscode/extension.js; then ok "vscode: node --check extension.js"; else fail "vscode: node --check extension.js"; fi

# The project lives under a path VS Code percent-encodes (`( ) +` and a space): result IDs
# must be matched whatever the spelling of the URI.
PROJECT="$WORK/My App (2)+/project"
mkdir -p "$WORK/node_modules/vscode" "$WORK/node_modules/vscode-languageclient" "$PROJECT/Views" "$PROJECT/Sources"
cp Examples/GotchaGarden/Views/PlantDetailView.swift "$PROJECT/Views/"
echo '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning" } }' > "$PROJECT/.swiftui-gotchas.json"
# A cross-file finding: Root reads `@Environment(Store.self)`, App injects `.environmentObject`.
cat > "$PROJECT/Sources/App.swift" <<'SWIFT'
import SwiftUI
@main
struct GardenApp: App {
    @StateObject private var store = Store()
    var body: some Scene {
        WindowGroup { Root().environmentObject(store) }
    }
}
SWIFT
printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n' > "$PROJECT/Sources/Store.swift"
cat > "$PROJECT/Sources/Root.swift" <<'SWIFT'
import SwiftUI
struct Root: View {
    @Environment(Store.self) private var store
    var body: some View { Text("plants") }
}
SWIFT

# A stand-in for the parts of the `vscode` API the extension uses.
cat > "$WORK/node_modules/vscode/index.js" <<'JS'
const state = { commands: {}, errors: [], settings: {}, configurationListeners: [] };
module.exports = {
  _state: state,
  workspace: {
    getConfiguration: (section) => ({ get: (key) => (section === "swiftui-gotchas" ? state.settings[key] : undefined) }),
    onDidChangeConfiguration: (listener) => { state.configurationListeners.push(listener); return { dispose() {} }; },
  },
  window: {
    activeTextEditor: undefined,
    createOutputChannel: () => ({ append() {}, appendLine() {}, show() {}, dispose() {} }),
    showErrorMessage: async (message) => { state.errors.push(message); return undefined; },
  },
  commands: {
    registerCommand: (id, handler) => {
      if (state.commands[id]) throw new Error(`command '${id}' already exists`);
      state.commands[id] = handler;
      return { dispose() { delete state.commands[id]; } };
    },
    executeCommand: async (id, ...args) => {
      if (!state.commands[id]) throw new Error(`command '${id}' not found`);
      return state.commands[id](...args);
    },
  },
};
JS

# A stand-in for vscode-languageclient/node (9.x) that speaks LSP over stdio to the server the
# extension describes, and behaves as the real client does where it matters here:
#   - it sends v9's capabilities (pull diagnostics with refresh, dynamic registration of
#     watched files, work-done progress, code action resolve, …) and VS Code's URIs
#     (`vscode.Uri.file(p).toString()`: every byte but `A-Z a-z 0-9 - . _ ~ /` percent-encoded);
#   - it pulls `textDocument/diagnostic` on open and change (with the result ID it holds),
#     pulls every open document again on `workspace/diagnostic/refresh`, and polls
#     `workspace/diagnostic` with `previousResultIds` (2 s after each answer, as v9);
#     `unchanged` keeps what it shows;
#   - it registers the server's commands once the server answered `initialize`.
cat > "$WORK/node_modules/vscode-languageclient/node.js" <<'JS'
const { spawn } = require("child_process");
const vscode = require("vscode");
const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 };
const DidChangeConfigurationNotification = { type: { method: "workspace/didChangeConfiguration" } };
const POLL_MS = 2000;
const instances = [];

/** `vscode.Uri.file(path).toString()`. */
function fileUri(path) {
  let encoded = "";
  for (const byte of Buffer.from(path, "utf8")) {
    const c = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~\/]/.test(c) ? c : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return "file://" + encoded;
}

/** What vscode-languageclient 9.0 sends (the parts a server may read). */
const CAPABILITIES = {
  general: { positionEncodings: ["utf-16"], staleRequestSupport: { cancel: true, retryOnContentModified: ["textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/semanticTokens/full/delta"] },
             regularExpressions: { engine: "ECMAScript", version: "ES2020" }, markdown: { parser: "marked", version: "1.1.0" } },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ["create", "rename", "delete"], failureHandling: "textOnlyTransactional",
                     normalizesLineEndings: true, changeAnnotationSupport: { groupsOnLabel: true } },
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    executeCommand: { dynamicRegistration: true },
    configuration: true, workspaceFolders: true,
    semanticTokens: { refreshSupport: true }, codeLens: { refreshSupport: true }, inlineValue: { refreshSupport: true },
    inlayHint: { refreshSupport: true }, diagnostics: { refreshSupport: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: true, willSave: true, willSaveWaitUntil: true, didSave: true },
    hover: { dynamicRegistration: true, contentFormat: ["markdown", "plaintext"] },
    publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    codeAction: { dynamicRegistration: true, isPreferredSupport: true, disabledSupport: true, dataSupport: true,
                  resolveSupport: { properties: ["edit"] }, honorsChangeAnnotations: false,
                  codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "refactor", "refactor.extract", "refactor.inline", "refactor.rewrite", "source", "source.organizeImports"] } } },
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
  },
  window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
};

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    this.nextId = 1; this.pending = new Map(); this.notifications = []; this.serverRequests = []; this.waiters = [];
    this.running = false; this.buffer = Buffer.alloc(0); this.disposables = [];
    // What the Problems panel shows, by URI, and the result ID each was pulled with.
    this.shown = new Map(); this.resultIds = new Map();
    this.open = new Map();  // uri → version
    this.polls = []; this.pullErrors = []; this.registrations = [];
    instances.push(this);
  }
  static fileUri(path) { return fileUri(path); }
  start() {
    const run = this.serverOptions.run;
    const folder = fileUri(process.env.E2E_PROJECT);
    return new Promise((resolve, reject) => {
      this.process = spawn(run.command, run.args, { stdio: ["pipe", "pipe", "inherit"], cwd: process.env.E2E_PROJECT });
      this.process.on("error", reject);
      this.process.stdout.on("data", (chunk) => this.receive(chunk));
      this.request("initialize", {
        processId: process.pid, rootUri: folder, rootPath: process.env.E2E_PROJECT,
        workspaceFolders: [{ uri: folder, name: "project" }],
        clientInfo: { name: "Visual Studio Code", version: "1.95.0" }, locale: "en",
        capabilities: CAPABILITIES,
        initializationOptions: this.clientOptions.initializationOptions,
        trace: "off",
      }).then((result) => {
        this.serverCapabilities = result.capabilities;
        this.notify("initialized", {});
        for (const command of result.capabilities.executeCommandProvider.commands) {
          this.disposables.push(vscode.commands.registerCommand(command, (...args) => this.request("workspace/executeCommand", { command, arguments: args })));
        }
        this.running = true;
        if (result.capabilities.diagnosticProvider && result.capabilities.diagnosticProvider.workspaceDiagnostics) this.pollWorkspace();
        resolve();
      }, reject);
    });
  }
  isRunning() { return this.running; }
  async stop() {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.pollTimer);
    for (const d of this.disposables) d.dispose();
    await this.request("shutdown", null);
    this.notify("exit", null);
  }
  sendNotification(type, params) { this.notify(type.method, params); }
  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject }); this.send({ id, method, params });
    });
  }
  notify(method, params) { this.send({ method, params }); }

  // --- Documents, as VS Code syncs and pulls them.
  didOpen(uri, text) {
    this.open.set(uri, 1);
    this.notify("textDocument/didOpen", { textDocument: { uri, languageId: "swift", version: 1, text } });
    return this.pullDocument(uri);
  }
  didChange(uri, text) {
    const version = this.open.get(uri) + 1;
    this.open.set(uri, version);
    this.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
    return this.pullDocument(uri);
  }
  didClose(uri) {
    this.open.delete(uri);
    this.notify("textDocument/didClose", { textDocument: { uri } });
  }
  /** One `textDocument/diagnostic`, with the result ID held; a ContentModified answer is pulled again. */
  async pullDocument(uri) {
    const params = { textDocument: { uri } };
    if (this.resultIds.has(uri)) params.previousResultId = this.resultIds.get(uri);
    try {
      this.take(uri, await this.request("textDocument/diagnostic", params));
    } catch (error) {
      if (error.code === -32801) return this.pullDocument(uri);
      if (error.code !== -32800) this.pullErrors.push(`${uri}: ${error.code} ${error.message}`);
    }
  }
  take(uri, report) {
    if (report.resultId) this.resultIds.set(uri, report.resultId);
    if (report.kind === "full") this.shown.set(uri, report.items);
  }
  async pollWorkspace() {
    if (!this.running) return;
    const previousResultIds = [...this.resultIds].map(([uri, value]) => ({ uri, value }));
    try {
      const result = await this.request("workspace/diagnostic", { previousResultIds });
      this.polls.push(result.items);
      for (const item of result.items) this.take(item.uri, item);
    } catch (error) {
      if (error.code !== -32800) this.pullErrors.push(`workspace/diagnostic: ${error.code} ${error.message}`);
    }
    if (this.running) this.pollTimer = setTimeout(() => this.pollWorkspace(), POLL_MS);
  }
  /** The diagnostics VS Code shows for a file. */
  diagnostics(uri) { return this.shown.get(uri) || []; }

  answerServerRequest(message) {
    switch (message.method) {
      case "workspace/applyEdit": return { applied: true };
      case "client/registerCapability": this.registrations.push(...message.params.registrations); return null;
      case "workspace/configuration": return message.params.items.map(() => this.clientOptions.initializationOptions || {});
      case "workspace/diagnostic/refresh":
        // Every open document is pulled again with the result ID it holds.
        setImmediate(() => { for (const uri of this.open.keys()) this.pullDocument(uri); });
        return null;
      default: return null;
    }
  }
  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.slice(0, end).toString())[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.slice(end + 4, end + 4 + length).toString("utf8"));
      this.buffer = this.buffer.slice(end + 4 + length);
      if (message.id !== undefined && message.method === undefined) {
        const waiter = this.pending.get(message.id); this.pending.delete(message.id);
        if (message.error) waiter.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
        else waiter.resolve(message.result);
      } else if (message.id !== undefined) {
        this.serverRequests.push(message);
        this.send({ id: message.id, result: this.answerServerRequest(message) });
      } else {
        this.notifications.push(message);
      }
    }
  }
  /** Waits until `predicate` holds (checked every 50 ms), up to `ms`. */
  waitFor(predicate, ms) {
    return new Promise((resolve) => {
      const deadline = Date.now() + ms;
      const check = () => {
        if (predicate()) return resolve(true);
        if (Date.now() > deadline) return resolve(false);
        setTimeout(check, 50);
      };
      check();
    });
  }
}
module.exports = { LanguageClient, TransportKind, DidChangeConfigurationNotification, _instances: instances };
JS

cat > "$WORK/driver.js" <<'JS'
const fs = require("fs");
const path = require("path");
const root = process.env.E2E_ROOT, work = process.env.E2E_WORK, project = process.env.E2E_PROJECT;
let failures = 0;
const check = (condition, message) => { console.log((condition ? "ok   - " : "FAIL - ") + message); if (!condition) failures++; return condition; };

(async () => {
  // package.json: the contribution points.
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "editors/vscode/package.json"), "utf8"));
  check(manifest.activationEvents.includes("onLanguage:swift"), "vscode: activates on onLanguage:swift");
  check(manifest.main === "./extension.js" && fs.existsSync(path.join(root, "editors/vscode", manifest.main)), "vscode: main is extension.js");
  check(manifest.dependencies && manifest.dependencies["vscode-languageclient"], "vscode: depends on vscode-languageclient");
  check(manifest.engines && manifest.engines.vscode, "vscode: engines.vscode");
  check(JSON.stringify(manifest.extensionKind) === '["workspace"]', "vscode: extensionKind workspace (runs next to the files with Remote-SSH)");
  const properties = manifest.contributes.configuration.properties;
  for (const key of ["path", "logFile", "trace.server", "rules", "include", "exclude", "docs-base-url"]) {
    check(properties["swiftui-gotchas." + key], `vscode: setting swiftui-gotchas.${key}`);
  }
  check(JSON.stringify(properties["swiftui-gotchas.trace.server"].enum) === '["off","messages","verbose"]', "vscode: trace.server values");
  const contributed = manifest.contributes.commands.map((c) => c.command);

  // Activate with settings.
  const vscode = require("vscode");
  const languageclient = require("vscode-languageclient/node");
  const uriOf = (relative) => languageclient.LanguageClient.fileUri(path.join(project, relative));
  vscode._state.settings = {
    path: process.env.E2E_BIN, logFile: path.join(work, "server.log"),
    rules: { "foreground-color": "error" }, include: [], exclude: [], "docs-base-url": "https://docs.example.test/rules",
  };
  const extension = require(path.join(root, "editors/vscode/extension.js"));
  const subscriptions = [];
  await extension.activate({ subscriptions });
  const client = languageclient._instances[0];
  check(client && client.id === "swiftui-gotchas", "vscode: LanguageClient id swiftui-gotchas (so swiftui-gotchas.trace.server applies)");
  check(client.serverOptions.run.command === process.env.E2E_BIN, "vscode: runs swiftui-gotchas.path");
  check(JSON.stringify(client.serverOptions.run.args) === JSON.stringify(["lsp", "--log-file", path.join(work, "server.log")]), "vscode: args lsp --log-file <logFile>");
  check(JSON.stringify(client.clientOptions.documentSelector) === '[{"scheme":"file","language":"swift"}]', "vscode: document selector swift files");
  check(JSON.stringify(client.clientOptions.initializationOptions) === '{"rules":{"foreground-color":"error"},"docs-base-url":"https://docs.example.test/rules"}',
        "vscode: initializationOptions from the settings: " + JSON.stringify(client.clientOptions.initializationOptions));
  check(vscode._state.errors.length === 0, "vscode: no error shown " + vscode._state.errors.join(" "));
  for (const command of contributed) check(typeof vscode._state.commands[command] === "function", `vscode: command ${command} registered`);
  check(typeof vscode._state.commands["swiftui-gotchas.fixAll"] === "function", "vscode: the server's swiftui-gotchas.fixAll is registered by the client (no clash)");
  const provider = client.serverCapabilities.diagnosticProvider || {};
  check(provider.workspaceDiagnostics === true && provider.interFileDependencies === true,
        "vscode: pull diagnostics with workspaceDiagnostics and interFileDependencies: " + JSON.stringify(provider));
  check(await client.waitFor(() => client.registrations.some((r) => r.method === "workspace/didChangeWatchedFiles" &&
                                                           JSON.stringify(r.registerOptions).includes("**/*.swift")), 10000),
        "vscode: the server registers a watcher for **/*.swift (dynamic registration)");

  const mismatch = (uri) => client.diagnostics(uri).some((d) => d.code === "environment-object-mismatch");
  const appURI = uriOf("Sources/App.swift"), rootURI = uriOf("Sources/Root.swift");
  check(rootURI.includes("My%20App%20%282%29%2B"), "vscode: URIs are percent-encoded as VS Code spells them: " + rootURI);

  // An unopened file: the workspace poll brings its cross-file finding once indexing ended
  // (the first poll arrives before that).
  check(await client.waitFor(() => mismatch(rootURI), 20000), "vscode: a cross-file finding appears in an unopened file (workspace poll)");
  // An unchanged project: a poll answers every file `unchanged` (nothing is linted again).
  const polled = client.polls.length;
  check(await client.waitFor(() => client.polls.length > polled && client.polls[client.polls.length - 1].every((i) => i.kind === "unchanged"), 10000),
        "vscode: an unchanged poll under a path with `( ) +` reports every item unchanged: " +
        JSON.stringify((client.polls[client.polls.length - 1] || []).map((i) => `${path.basename(i.uri)}:${i.kind}`)));

  // Changed on disk (the watcher's event): the finding goes from the unopened file.
  const app = fs.readFileSync(path.join(project, "Sources/App.swift"), "utf8");
  const fixedApp = app.replace(".environmentObject(store)", ".environment(store)");
  fs.writeFileSync(path.join(project, "Sources/App.swift"), fixedApp);
  client.notify("workspace/didChangeWatchedFiles", { changes: [{ uri: appURI, type: 2 }] });
  check(await client.waitFor(() => !mismatch(rootURI), 10000), "vscode: the cross-file finding disappears from an unopened file (changed on disk)");

  // Open files: an edit in App.swift changes Root.swift's finding; VS Code re-pulls Root.swift
  // after the refresh with the result ID it holds.
  await client.didOpen(rootURI, fs.readFileSync(path.join(project, "Sources/Root.swift"), "utf8"));
  await client.didOpen(appURI, fixedApp);
  check(!mismatch(rootURI), "vscode: no cross-file finding in the open Root.swift");
  await client.didChange(appURI, app);
  check(await client.waitFor(() => mismatch(rootURI), 10000), "vscode: a cross-file finding appears in an open file (re-pulled after the refresh)");
  await client.didChange(appURI, fixedApp);
  check(await client.waitFor(() => !mismatch(rootURI), 10000), "vscode: the cross-file finding disappears from an open file");
  // VS Code pulls a document once more after closing it (a language-mode switch): a report, not an error.
  client.didClose(rootURI);
  await client.pullDocument(rootURI);
  check(client.pullErrors.length === 0, "vscode: no pull answered with an error: " + client.pullErrors.join("; "));

  // Diagnostics for a file from Examples/.
  const file = path.join(project, "Views/PlantDetailView.swift");
  const uri = uriOf("Views/PlantDetailView.swift");
  await client.didOpen(uri, fs.readFileSync(file, "utf8"));
  const diagnostics = client.diagnostics(uri);
  check(diagnostics.length === 4, `vscode: 4 diagnostics pulled (got ${diagnostics.length})`);
  const d = diagnostics.find((x) => x.code === "foreground-color");
  check(d && d.severity === 1, "vscode: foreground-color at error (from swiftui-gotchas.rules)");
  check(d && d.codeDescription && d.codeDescription.href === "https://docs.example.test/rules/foreground-color.md", "vscode: codeDescription.href from swiftui-gotchas.docs-base-url");
  check(!client.notifications.some((n) => n.method === "textDocument/publishDiagnostics"), "vscode: nothing is pushed to a pulling client");

  // Fix all through the contributed command.
  vscode.window.activeTextEditor = { document: { languageId: "swift", uri: { toString: () => uri } } };
  await vscode.commands.executeCommand("swiftui-gotchas.fixAllInFile");
  const applyEdit = () => client.serverRequests.find((r) => r.method === "workspace/applyEdit");
  if (check(await client.waitFor(() => applyEdit() !== undefined, 10000), "vscode: Fix all → workspace/applyEdit")) {
    const edit = JSON.stringify(applyEdit().params.edit);
    check(edit.includes("StateObject") && edit.includes("foregroundStyle"), "vscode: the edit fixes @ObservedObject and foregroundColor: " + edit.slice(0, 60) + "…");
  }

  // A settings change is forwarded; the server asks for a refresh and the re-pull shows it.
  vscode._state.settings.rules = { "foreground-color": "hint" };
  for (const listener of vscode._state.configurationListeners) {
    await listener({ affectsConfiguration: (s) => s === "swiftui-gotchas" || s === "swiftui-gotchas.rules" });
  }
  const relinted = await client.waitFor(() => (client.diagnostics(uri).find((x) => x.code === "foreground-color") || {}).severity === 4, 10000);
  check(relinted, "vscode: changed swiftui-gotchas.rules reach the server (foreground-color now a hint)");
  await extension.deactivate();
  check(client.process.exitCode === 0 || await new Promise((r) => client.process.on("exit", (code) => r(code === 0))), "vscode: server exits cleanly on deactivate");

  // A wrong path is reported to the user, and Fix All then says why it cannot run.
  for (const d of subscriptions) d.dispose && d.dispose();
  vscode._state.settings = { path: "/nonexistent/swiftui-gotchas" };
  vscode._state.errors.length = 0;
  await extension.activate({ subscriptions: [] });
  check(vscode._state.errors.some((e) => e.includes("swiftui-gotchas.path")), "vscode: a missing executable is reported with a pointer to swiftui-gotchas.path");
  vscode._state.errors.length = 0;
  let thrown;
  try { await vscode.commands.executeCommand("swiftui-gotchas.fixAllInFile"); } catch (error) { thrown = error; }
  check(!thrown && vscode._state.errors.some((e) => e.includes("the server is not running") && e.includes("/nonexistent/swiftui-gotchas")),
        "vscode: Fix All after a failed start says the server is not running, and why: " + (thrown ? thrown.message : vscode._state.errors.join(" ")));
  process.exit(failures ? 1 : 0);
})().catch((error) => { console.log("FAIL - " + (error && error.stack || error)); process.exit(1); });
JS

set +e
E2E_ROOT="$ROOT" E2E_WORK="$WORK" E2E_PROJECT="$PROJECT" E2E_BIN="$BIN" NODE_PATH="$WORK/node_modules" \
    timeout 120 node "$WORK/driver.js"
status=$?
set -e
[ "$status" = 0 ] || failures=$((failures + 1))
if [ "$failures" != 0 ]; then
    echo "e2e-editor-configs: FAILED" >&2
    tail -20 "$WORK/server.log" 2>/dev/null >&2 || true
    exit 1
fi
echo "e2e-editor-configs: all checks passed"
