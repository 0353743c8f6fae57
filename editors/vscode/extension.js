// SwiftUI Gotchas for VS Code: starts `swiftui-gotchas lsp` through vscode-languageclient.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind, DidChangeConfigurationNotification } = require("vscode-languageclient/node");

const SECTION = "swiftui-gotchas";
// The server's own command (registered by vscode-languageclient from executeCommandProvider).
const SERVER_FIX_ALL = "swiftui-gotchas.fixAll";
// Editor settings forwarded to the server: the keys of .swiftui-gotchas.json.
const SERVER_KEYS = ["rules", "include", "exclude", "docs-base-url"];

let client;
let outputChannel;
// Why the last start failed (undefined while the server runs): the commands that need the
// server say so, rather than VS Code's "command 'swiftui-gotchas.fixAll' not found" (the
// server's commands are registered by the client only once the server answered `initialize`).
let startFailure;

/** The settings the server takes (initializationOptions and didChangeConfiguration); empty values are left out. */
function serverSettings() {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  const settings = {};
  for (const key of SERVER_KEYS) {
    const value = configuration.get(key);
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    settings[key] = value;
  }
  return settings;
}

/** `swiftui-gotchas.path` with `~` expanded; a bare name is looked up on PATH by the OS. */
function executablePath() {
  const configured = vscode.workspace.getConfiguration(SECTION).get("path") || "swiftui-gotchas";
  if (configured === "~" || configured.startsWith("~/")) {
    return require("os").homedir() + configured.slice(1);
  }
  return configured;
}

function serverOptions() {
  const args = ["lsp"];
  const logFile = vscode.workspace.getConfiguration(SECTION).get("logFile");
  if (logFile) args.push("--log-file", logFile);
  const executable = { command: executablePath(), args, transport: TransportKind.stdio };
  return { run: executable, debug: executable };
}

function clientOptions() {
  return {
    documentSelector: [{ scheme: "file", language: "swift" }],
    initializationOptions: serverSettings(),
    outputChannel,
  };
}

async function startClient() {
  client = new LanguageClient(SECTION, "SwiftUI Gotchas", serverOptions(), clientOptions());
  startFailure = undefined;
  try {
    await client.start();
  } catch (error) {
    startFailure = `could not start \`${executablePath()} lsp\` (${error && error.message ? error.message : error})`;
    const choice = await vscode.window.showErrorMessage(
      `SwiftUI Gotchas: ${startFailure}. Set \`swiftui-gotchas.path\` to the executable.`,
      "Open Settings"
    );
    if (choice === "Open Settings") {
      vscode.commands.executeCommand("workbench.action.openSettings", "swiftui-gotchas.path");
    }
  }
}

async function stopClient() {
  if (!client) return;
  const stopping = client;
  client = undefined;
  try {
    await stopping.stop();
  } catch (_) {
    // already stopped
  }
}

async function activate(context) {
  outputChannel = vscode.window.createOutputChannel("SwiftUI Gotchas");
  context.subscriptions.push(outputChannel);

  context.subscriptions.push(
    vscode.commands.registerCommand("swiftui-gotchas.fixAllInFile", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== "swift") return;
      if (!client || !client.isRunning()) {
        const reason = startFailure || "it is still starting, or was stopped";
        const choice = await vscode.window.showErrorMessage(
          `SwiftUI Gotchas: the server is not running: ${reason}. Fix \`swiftui-gotchas.path\`, then run "SwiftUI Gotchas: Restart Server".`,
          "Open Settings", "Restart Server"
        );
        if (choice === "Open Settings") vscode.commands.executeCommand("workbench.action.openSettings", "swiftui-gotchas.path");
        if (choice === "Restart Server") vscode.commands.executeCommand("swiftui-gotchas.restartServer");
        return;
      }
      await vscode.commands.executeCommand(SERVER_FIX_ALL, editor.document.uri.toString());
    }),
    vscode.commands.registerCommand("swiftui-gotchas.restartServer", async () => {
      await stopClient();
      await startClient();
    }),
    vscode.commands.registerCommand("swiftui-gotchas.showOutput", () => outputChannel.show(true)),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      if (event.affectsConfiguration(`${SECTION}.path`) || event.affectsConfiguration(`${SECTION}.logFile`)) {
        await stopClient();
        await startClient();
      } else if (client && client.isRunning()) {
        client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: serverSettings() } });
      }
    })
  );

  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate, serverSettings, serverOptions };
