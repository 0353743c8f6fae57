#!/usr/bin/env bash
# End-to-end check of `swiftui-gotchas lsp` with a real client: Neovim 0.7's built-in
# LSP client (Debian 12), headless. Opens a SwiftUI sample, waits for the
# `foreground-color` diagnostic, applies the preferred quick fix through
# vim.lsp.buf.code_action(), checks the buffer text, types an edit (on a line with an
# emoji) and waits for the diagnostics to update, hovers, then exits.
# Exit status: 0 when every check passed, non-zero otherwise. Takes well under a minute
# once the package is built.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if ! command -v nvim >/dev/null 2>&1; then
    echo "e2e-neovim: installing neovim" >&2
    apt-get install -y neovim >/dev/null || { apt-get update >/dev/null && apt-get install -y neovim >/dev/null; }
fi

BUILD_LOG="$(mktemp)"
if ! swift build >"$BUILD_LOG" 2>&1; then
    grep -E "error" "$BUILD_LOG" >&2 || tail -20 "$BUILD_LOG" >&2
    rm -f "$BUILD_LOG"
    echo "e2e-neovim: swift build failed" >&2
    exit 1
fi
rm -f "$BUILD_LOG"
BIN="$ROOT/.build/debug/swiftui-gotchas"
[ -x "$BIN" ] || { echo "e2e-neovim: $BIN was not built" >&2; exit 1; }

WORK="$(mktemp -d)"
SERVER_PID_FILE="$WORK/server.pid"
cleanup() {
    if [ -s "$SERVER_PID_FILE" ]; then
        pid="$(cat "$SERVER_PID_FILE")"
        if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/project/Sources"
SAMPLE="$WORK/project/Sources/Greeting.swift"
cat > "$SAMPLE" <<'SWIFT'
import SwiftUI

struct Greeting: View {
    var body: some View {
        VStack {
            Text("Hello").foregroundColor(.red)
        }
    }
}
SWIFT

# The server runs through a wrapper that records its pid, so it can be killed after the editor exits.
cat > "$WORK/server.sh" <<SH
#!/bin/sh
echo \$\$ > "$SERVER_PID_FILE"
exec "$BIN" lsp --log-file "$WORK/server.log"
SH
chmod +x "$WORK/server.sh"

cat > "$WORK/test.lua" <<'LUA'
local work = os.getenv("E2E_WORK")
local file = os.getenv("E2E_FILE")
local failures = 0
local function log(message) io.stdout:write(message .. "\n") end
local function check(condition, message)
  if condition then log("ok   - " .. message) else log("FAIL - " .. message); failures = failures + 1 end
  return condition
end
local function finish()
  if failures > 0 then vim.cmd("cquit 1") else vim.cmd("qall!") end
end

vim.cmd("edit " .. file)
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "swiftui-gotchas",
  cmd = { work .. "/server.sh" },
  root_dir = work .. "/project",
})
check(client_id ~= nil, "client started")
vim.lsp.buf_attach_client(bufnr, client_id)
local client = vim.lsp.get_client_by_id(client_id)

local function diagnostics() return vim.diagnostic.get(bufnr) end
local got = vim.wait(20000, function() return #diagnostics() > 0 end, 50)
if not check(got, "diagnostics received after open") then finish() return end
local d = diagnostics()[1]
check(d.lnum == 5 and d.col == 25, "diagnostic at line 6, byte column 25 (got " .. d.lnum .. ":" .. d.col .. ")")
check(d.message:find("foregroundColor", 1, true) ~= nil, "diagnostic message mentions foregroundColor")
local lsp = d.user_data and d.user_data.lsp or d
check(lsp.code == "foreground-color", "diagnostic code is the rule ID")
check(d.source == "swiftui-gotchas", "diagnostic source")

-- Quick fix through the real UI path: pick the preferred action in vim.ui.select.
vim.api.nvim_win_set_cursor(0, { 6, 30 })
local offered = {}
vim.ui.select = function(items, _, on_choice)
  local chosen
  for index, item in ipairs(items) do
    local action = item[2]
    table.insert(offered, action.title)
    if action.isPreferred and not chosen then chosen = index end
  end
  if chosen then on_choice(items[chosen], chosen) else on_choice(nil, nil) end
end
vim.lsp.buf.code_action()
local fixed = vim.wait(10000, function()
  return vim.api.nvim_buf_get_lines(bufnr, 5, 6, false)[1]:find("foregroundStyle", 1, true) ~= nil
end, 50)
check(#offered >= 4, "code actions offered: " .. table.concat(offered, " | "))
check(fixed, "quick fix applied: " .. vim.api.nvim_buf_get_lines(bufnr, 5, 6, false)[1])
check(vim.api.nvim_buf_get_lines(bufnr, 5, 6, false)[1] == '            Text("Hello").foregroundStyle(.red)', "buffer text after the fix")
check(vim.wait(10000, function() return #diagnostics() == 0 end, 50), "diagnostics cleared after the fix")

-- Type an edit (a new line with an emoji before the flagged call) and see diagnostics update.
vim.api.nvim_win_set_cursor(0, { 6, 0 })
vim.bo.autoindent = false
vim.bo.smartindent = false
vim.bo.cindent = false
vim.bo.indentexpr = ""
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('o            Text("😀").foregroundColor(.blue)<Esc>', true, false, true), "x", false)
local typed = vim.api.nvim_buf_get_lines(bufnr, 6, 7, false)[1]
check(typed == '            Text("😀").foregroundColor(.blue)', "typed line is in the buffer: " .. typed)
local updated = vim.wait(10000, function() return #diagnostics() == 1 end, 50)
if check(updated, "diagnostic published for the typed line") then
  local n = diagnostics()[1]
  -- Neovim reports byte columns; the server spoke UTF-16 (the emoji is 4 bytes, 2 units).
  check(n.lnum == 6 and n.col == 24, "new diagnostic at line 7, byte column 24 (got " .. n.lnum .. ":" .. n.col .. ")")
end

-- Hover over the new diagnostic.
local hover = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 6, character = 22 },
}, 10000, bufnr)
local value = hover and hover.result and hover.result.contents and hover.result.contents.value or ""
check(value:find("foreground-color", 1, true) ~= nil, "hover names the rule")

-- Fix everything via source.fixAll and check the text.
local response = client.request_sync("textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
  context = { diagnostics = {}, only = { "source.fixAll" } },
}, 10000, bufnr)
local actions = response and response.result or {}
if check(#actions == 1, "one source.fixAll action") then
  local action = actions[1]
  if not action.edit then
    local resolved = client.request_sync("codeAction/resolve", action, 10000, bufnr)
    action = resolved and resolved.result or action
  end
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  check(vim.api.nvim_buf_get_lines(bufnr, 6, 7, false)[1] == '            Text("😀").foregroundStyle(.blue)', "fix-all applied")
end

client.stop()
vim.wait(3000, function() return client.is_stopped() end, 50)
finish()
LUA

echo "e2e-neovim: $(nvim --version | head -1), server $BIN"
status=0
E2E_WORK="$WORK" E2E_FILE="$SAMPLE" timeout 150 nvim --headless --clean -n -u NONE \
    -c "luafile $WORK/test.lua" </dev/null 2>&1 | tee "$WORK/nvim.out" || status=$?
if grep -q "^FAIL" "$WORK/nvim.out" || ! grep -q "^ok" "$WORK/nvim.out"; then status=1; fi
if [ "$status" != 0 ]; then
    echo "e2e-neovim: FAILED; server log:" >&2
    tail -20 "$WORK/server.log" >&2 || true
    exit 1
fi
echo "e2e-neovim: all checks passed"
