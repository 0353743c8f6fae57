#!/usr/bin/env bash
# Checks of the shipped editor configurations that have no real client on this machine:
#   - VS Code (editors/vscode): package.json has the contribution points; extension.js parses
#     (`node --check`) and, loaded by Node with stand-ins for the `vscode` API and for
#     `vscode-languageclient/node` (npm is not reachable here), activates, starts the REAL server
#     with the command and initializationOptions it computes from the settings, gets diagnostics
#     for a file copied from Examples/, runs the "Fix all" command (the server answers with
#     workspace/applyEdit) and forwards a settings change. The stand-in speaks LSP itself; the
#     real vscode-languageclient is not exercised.
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

mkdir -p "$WORK/node_modules/vscode" "$WORK/node_modules/vscode-languageclient" "$WORK/project/Views"
cp Examples/GotchaGarden/Views/PlantDetailView.swift "$WORK/project/Views/"
echo '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning" } }' > "$WORK/project/.swiftui-gotchas.json"

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

# A stand-in for vscode-languageclient/node that speaks LSP over stdio to the server the
# extension describes, and registers the server's commands as the real one does.
cat > "$WORK/node_modules/vscode-languageclient/node.js" <<'JS'
const { spawn } = require("child_process");
const vscode = require("vscode");
const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 };
const DidChangeConfigurationNotification = { type: { method: "workspace/didChangeConfiguration" } };
const instances = [];
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    this.nextId = 1; this.pending = new Map(); this.notifications = []; this.serverRequests = []; this.waiters = [];
    this.running = false; this.buffer = Buffer.alloc(0); this.disposables = [];
    instances.push(this);
  }
  start() {
    const run = this.serverOptions.run;
    return new Promise((resolve, reject) => {
      this.process = spawn(run.command, run.args, { stdio: ["pipe", "pipe", "inherit"], cwd: process.env.E2E_PROJECT });
      this.process.on("error", reject);
      this.process.stdout.on("data", (chunk) => this.receive(chunk));
      this.request("initialize", {
        processId: process.pid, rootUri: "file://" + process.env.E2E_PROJECT, clientInfo: { name: "vscode-stand-in" },
        capabilities: { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true }, configuration: true },
                        textDocument: { publishDiagnostics: { codeDescriptionSupport: true }, codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix", "source"] } } } } },
        initializationOptions: this.clientOptions.initializationOptions,
        trace: "off",
      }).then((result) => {
        this.notify("initialized", {});
        for (const command of result.capabilities.executeCommandProvider.commands) {
          this.disposables.push(vscode.commands.registerCommand(command, (...args) => this.request("workspace/executeCommand", { command, arguments: args })));
        }
        this.running = true;
        resolve();
      }, reject);
    });
  }
  isRunning() { return this.running; }
  async stop() {
    if (!this.running) return;
    this.running = false;
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
    return new Promise((resolve, reject) => { this.pending.set(id, { resolve, reject }); this.send({ id, method, params }); });
  }
  notify(method, params) { this.send({ method, params }); }
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
        if (message.error) waiter.reject(new Error(message.error.message)); else waiter.resolve(message.result);
      } else if (message.id !== undefined) {
        this.serverRequests.push(message);
        this.send({ id: message.id, result: message.method === "workspace/applyEdit" ? { applied: true } : null });
      } else {
        this.notifications.push(message);
      }
      this.waiters = this.waiters.filter((w) => !w());
    }
  }
  waitFor(predicate, ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      const check = () => { if (predicate()) { clearTimeout(timer); resolve(true); return true; } return false; };
      if (!check()) this.waiters.push(check);
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

  // Diagnostics for a file from Examples/.
  const file = path.join(project, "Views/PlantDetailView.swift");
  const uri = "file://" + file;
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "swift", version: 1, text: fs.readFileSync(file, "utf8") } });
  const published = () => client.notifications.filter((n) => n.method === "textDocument/publishDiagnostics" && n.params.uri === uri);
  if (check(await client.waitFor(() => published().length > 0, 20000), "vscode: diagnostics published")) {
    const diagnostics = published()[published().length - 1].params.diagnostics;
    check(diagnostics.length === 4, `vscode: 4 diagnostics (got ${diagnostics.length})`);
    const d = diagnostics.find((x) => x.code === "foreground-color");
    check(d && d.severity === 1, "vscode: foreground-color at error (from swiftui-gotchas.rules)");
    check(d && d.codeDescription && d.codeDescription.href === "https://docs.example.test/rules/foreground-color.md", "vscode: codeDescription.href from swiftui-gotchas.docs-base-url");
  }

  // Fix all through the contributed command.
  vscode.window.activeTextEditor = { document: { languageId: "swift", uri: { toString: () => uri } } };
  await vscode.commands.executeCommand("swiftui-gotchas.fixAllInFile");
  const applyEdit = () => client.serverRequests.find((r) => r.method === "workspace/applyEdit");
  if (check(await client.waitFor(() => applyEdit() !== undefined, 10000), "vscode: Fix all → workspace/applyEdit")) {
    const edit = JSON.stringify(applyEdit().params.edit);
    check(edit.includes("StateObject") && edit.includes("foregroundStyle"), "vscode: the edit fixes @ObservedObject and foregroundColor: " + edit.slice(0, 60) + "…");
  }

  // A settings change is forwarded.
  const before = published().length;
  vscode._state.settings.rules = { "foreground-color": "hint" };
  for (const listener of vscode._state.configurationListeners) {
    await listener({ affectsConfiguration: (s) => s === "swiftui-gotchas" || s === "swiftui-gotchas.rules" });
  }
  const relinted = await client.waitFor(() => published().length > before &&
    (published()[published().length - 1].params.diagnostics.find((x) => x.code === "foreground-color") || {}).severity === 4, 10000);
  check(relinted, "vscode: changed swiftui-gotchas.rules reach the server (foreground-color now a hint)");
  await extension.deactivate();
  check(client.process.exitCode === 0 || await new Promise((r) => client.process.on("exit", (code) => r(code === 0))), "vscode: server exits cleanly on deactivate");

  // A wrong path is reported to the user.
  for (const d of subscriptions) d.dispose && d.dispose();
  vscode._state.settings = { path: "/nonexistent/swiftui-gotchas" };
  vscode._state.errors.length = 0;
  await extension.activate({ subscriptions: [] });
  check(vscode._state.errors.some((e) => e.includes("swiftui-gotchas.path")), "vscode: a missing executable is reported with a pointer to swiftui-gotchas.path");
  process.exit(failures ? 1 : 0);
})().catch((error) => { console.log("FAIL - " + (error && error.stack || error)); process.exit(1); });
JS

set +e
E2E_ROOT="$ROOT" E2E_WORK="$WORK" E2E_PROJECT="$WORK/project" E2E_BIN="$BIN" NODE_PATH="$WORK/node_modules" \
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
