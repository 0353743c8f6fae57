#!/usr/bin/env bash
# End-to-end check, with a real client (headless Neovim: 0.7 from Debian, and 0.11 from the
# venv e2e-neovim.sh caches, when it is there), that a workspace root that is too wide is not
# walked: the server is started with the workspace folder `/`, then with a folder that is the
# (fake) home directory. For each it checks that the client gets one window/showMessage
# warning naming the folder, that an open file still gets its diagnostics promptly (within
# 10 s; its own directory's .swiftui-gotchas.json applies), and that the server's log says it
# did not index the folder and indexed no file. Exit status: 0 when every check passed.
set -euo pipefail

NAME=e2e-wide-root
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

if ! command -v nvim >/dev/null 2>&1; then
    e2e_install neovim
fi
NVIMS=("$(command -v nvim)")
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/swiftui-gotchas-e2e/nvim-0.11"
if [ -x "$VENV/bin/nvim" ]; then NVIMS+=("$VENV/bin/nvim"); fi

e2e_build
e2e_workdir

# The server through a wrapper that records its pid, logs to a file and gets the HOME of the run.
cat > "$WORK/server.sh" <<SH
#!/bin/sh
echo \$\$ > "$WORK/server-\$E2E_RUN.pid"
HOME="\$E2E_SERVER_HOME" exec "$BIN" lsp --log-file "$WORK/server-\$E2E_RUN.log"
SH
chmod +x "$WORK/server.sh"

cat > "$WORK/test.lua" <<'LUA'
local work = os.getenv("E2E_WORK")
local root = os.getenv("E2E_FOLDER")
local file = os.getenv("E2E_FILE")
local failures = 0
local function log(message) io.stdout:write(message .. "\n") end
local function check(condition, message)
  if condition then log("ok   - " .. message) else log("FAIL - " .. message); failures = failures + 1 end
  return condition
end

vim.cmd("filetype on")
local messages = {}
local client_id = vim.lsp.start_client({
  name = "swiftui_gotchas",
  cmd = { work .. "/server.sh" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
  handlers = {
    ["window/showMessage"] = function(_, result) table.insert(messages, result) end,
  },
})
check(client_id ~= nil, "server started with the workspace folder " .. root)
local started = vim.loop.hrtime()
vim.cmd("edit " .. file)
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local function ours()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "swiftui-gotchas" then table.insert(found, d) end
  end
  return found
end
local got = vim.wait(10000, function() return #ours() > 0 end, 50)
local seconds = (vim.loop.hrtime() - started) / 1e9
check(got, string.format("diagnostics for the open file arrived (%.1f s)", seconds))
if got then
  check(ours()[1].severity == vim.diagnostic.severity.ERROR, "the file's own .swiftui-gotchas.json applies (foreground-color: error)")
end
vim.wait(1000, function() return #messages > 0 end, 50)
local warnings = {}
for _, m in ipairs(messages) do
  if m.type == 2 and m.message:find("the workspace folder " .. root .. " ", 1, true) then table.insert(warnings, m.message) end
end
check(#warnings == 1, "one showMessage warning naming " .. root .. ": " .. (warnings[1] or vim.inspect(messages)))
check(warnings[1] ~= nil and warnings[1]:find("only open files are linted", 1, true) ~= nil, "... saying only open files are linted")
-- The index walk ends (with nothing walked) before the client stops: `shutdown` cancels a
-- walk still running, and its "indexed" line is checked below.
local log_path = os.getenv("E2E_WORK") .. "/server-" .. os.getenv("E2E_RUN") .. ".log"
vim.wait(10000, function()
  local file = io.open(log_path)
  if not file then return false end
  local text = file:read("*a")
  file:close()
  return text:find("indexed 0 files", 1, true) ~= nil
end, 50)
local client = vim.lsp.get_client_by_id(client_id)
if client then
  client.stop()
  vim.wait(3000, function() return client.is_stopped() end, 50)
end
if failures > 0 then vim.cmd("cquit 1") else vim.cmd("qall!") end
LUA

status=0
run=0
for nvim in "${NVIMS[@]}"; do
    for kind in root home; do
        run=$((run + 1))
        HOME_DIR="$WORK/home-$run"
        SCRATCH="$HOME_DIR/scratch"
        mkdir -p "$SCRATCH" "$HOME_DIR/.cache/deep"
        printf 'import SwiftUI\n\nstruct Scratch: View {\n    var body: some View {\n        Text("Hi").foregroundColor(.red)\n    }\n}\n' > "$SCRATCH/Scratch.swift"
        echo '{ "rules": { "foreground-color": "error" } }' > "$SCRATCH/.swiftui-gotchas.json"
        # A dotfiles repository makes the home directory the root.
        git init -q "$HOME_DIR"
        if [ "$kind" = root ]; then folder=/; else folder="$HOME_DIR"; fi
        echo "e2e-wide-root: $("$nvim" --version | head -1), workspace folder $folder"
        result=0
        E2E_RUN="$run" E2E_WORK="$WORK" E2E_FOLDER="$folder" E2E_FILE="$SCRATCH/Scratch.swift" E2E_SERVER_HOME="$HOME_DIR" \
            timeout 60 "$nvim" --headless --clean -n -c "luafile $WORK/test.lua" </dev/null > "$WORK/nvim-$run.out" 2>&1 || result=$?
        cat "$WORK/nvim-$run.out"
        server_log="$WORK/server-$run.log"
        # The server said it did not walk the folder, and indexed nothing.
        for expected in "not indexing the workspace folder $folder (" "indexed 0 files of 1 workspace folder(s)"; do
            if grep -qF "$expected" "$server_log" 2>/dev/null; then
                echo "ok   - server log: $expected"
            else
                echo "FAIL - server log lacks: $expected"
                result=1
            fi
        done
        if [ "$result" != 0 ] || grep -q "^FAIL" "$WORK/nvim-$run.out" || ! grep -q "^ok" "$WORK/nvim-$run.out"; then
            echo "e2e-wide-root: FAILED with $nvim, folder $folder (status $result); server log:" >&2
            tail -20 "$server_log" >&2 || true
            status=1
        fi
    done
done
[ "$status" = 0 ] || exit 1
echo "e2e-wide-root: all checks passed ($run runs)"
