-- swiftui-gotchas for Neovim 0.7 and later (built-in LSP client; no plugins needed).
--
--   vim.opt.runtimepath:append("/path/to/swiftui-gotchas/editors/neovim")
--   require("swiftui_gotchas").setup()
--
-- Options (all optional):
--   cmd          = { "swiftui-gotchas", "lsp" }   -- the server command (an absolute path works too)
--   filetypes    = { "swift" }
--   root_markers = { ".swiftui-gotchas.json", ".git", { "*.xcodeproj", "*.xcworkspace" } }
--                  -- the OUTERMOST directory holding the first kind found is the root …
--   package_markers = { "Package.swift" }          -- … else the NEAREST holding one of these
--   settings     = { rules = { ["any-view"] = "off" }, ["docs-base-url"] = "https://…" }
--                  -- the keys of .swiftui-gotchas.json; sent as initializationOptions and settings
--   fix_on_save  = false   -- apply every safe fix (source.fixAll.swiftui-gotchas) before :write
--   on_attach    = function(client, bufnr) end
--   capabilities = nil     -- e.g. from cmp_nvim_lsp
--
-- Commands: :SwiftUIGotchasFixAll, :SwiftuiGotchasRestart, :SwiftuiGotchasProject (the whole
-- project's findings in the quickfix list). Saving a .swiftui-gotchas.json in Neovim tells the
-- running servers (see forward_configuration_save).
--
-- Starts through vim.lsp.config/vim.lsp.enable on 0.11+, vim.lsp.start from a FileType
-- autocommand on 0.8–0.10 and vim.lsp.start_client + vim.lsp.buf_attach_client on 0.7.
-- Other servers for Swift (sourcekit-lsp) keep working: each client attaches on its own.
local M = {}

M.name = "swiftui_gotchas"
M.fix_all_kind = "source.fixAll.swiftui-gotchas"

M.defaults = {
  cmd = { "swiftui-gotchas", "lsp" },
  filetypes = { "swift" },
  root_markers = { ".swiftui-gotchas.json", ".git", { "*.xcodeproj", "*.xcworkspace" } },
  package_markers = { "Package.swift" },
  settings = nil,
  fix_on_save = false,
  on_attach = nil,
  capabilities = nil,
}

M.options = vim.deepcopy(M.defaults)

local function has(version) return vim.fn.has("nvim-" .. version) == 1 end

local uv = vim.uv or vim.loop

-- The workspace root for a file. An app with local packages (App.xcodeproj next to
-- Packages/Timeline/Package.swift) must get ONE server whose index spans the app and its
-- packages, so the root is the OUTERMOST directory holding the first kind of marker found in
-- `root_markers` (each entry a name, a glob such as "*.xcodeproj", or a list of those of equal
-- rank), before the NEAREST directory holding one of `package_markers`, before the file's own
-- directory. / and the home directory are never a root (a dotfiles repository in $HOME would
-- make the whole home directory the project). Works on 0.7, which has no vim.fs.
local function has_marker(dir, marker)
  if marker:find("[*?%[]") then return vim.fn.glob(dir .. "/" .. marker, true, true)[1] ~= nil end
  return uv.fs_stat(dir .. "/" .. marker) ~= nil
end

local function has_any(dir, markers)
  if type(markers) == "string" then markers = { markers } end
  for _, marker in ipairs(markers) do
    if has_marker(dir, marker) then return true end
  end
  return false
end

function M.root_for_path(path)
  local options = M.options
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local home = vim.fn.fnamemodify(vim.fn.expand("~"), ":p"):gsub("/$", "")
  local outermost = {}   -- rank in root_markers -> outermost directory holding it
  local nearest_package
  local current = dir
  while true do
    if current ~= home and current ~= "/" then
      for rank, markers in ipairs(options.root_markers or {}) do
        if has_any(current, markers) then outermost[rank] = current end
      end
      if not nearest_package and has_any(current, options.package_markers or {}) then nearest_package = current end
    end
    local parent = vim.fn.fnamemodify(current, ":h")
    if parent == current then break end
    current = parent
  end
  for rank = 1, #(options.root_markers or {}) do
    if outermost[rank] then return outermost[rank] end
  end
  return nearest_package or dir
end

function M.root_dir(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr or 0)
  if path == "" then return uv.cwd() end
  return M.root_for_path(path)
end

-- Checked once, in setup(): a missing executable otherwise fails silently (0.11) or with a
-- bare spawn error, and the user sees no diagnostics and no reason.
function M.check_executable()
  local program = M.options.cmd and M.options.cmd[1]
  if program and vim.fn.executable(program) == 1 then return true end
  vim.notify(("swiftui-gotchas: the server command %q was not found or is not executable, so the "
    .. "language server is not started. Install the executable on PATH (in a clone, `swift package "
    .. "experimental-install --product swiftui-gotchas` puts it in ~/.swiftpm/bin; see docs/editors.md) "
    .. "or set its path: require(\"swiftui_gotchas\").setup({ cmd = { \"/path/to/swiftui-gotchas\", \"lsp\" } })")
    :format(tostring(program)), vim.log.levels.WARN)
  return false
end

local function request_sync(client, method, params, timeout, bufnr)
  if has("0.11") then return client:request_sync(method, params, timeout, bufnr) end
  return client.request_sync(method, params, timeout, bufnr)
end

-- The swiftui-gotchas client attached to a buffer, if any.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local clients
  if vim.lsp.get_clients then
    clients = vim.lsp.get_clients({ bufnr = bufnr, name = M.name })
  elseif has("0.8") then
    clients = vim.lsp.get_active_clients({ bufnr = bufnr, name = M.name })
  else
    clients = vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
  end
  for _, client in pairs(clients) do
    if client.name == M.name then return client end
  end
  return nil
end

-- Applies every safe fix in the buffer, synchronously (so it can run in BufWritePre).
-- Returns true when an edit was applied.
function M.fix_all(bufnr, timeout)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if not client then return false end
  local response = request_sync(client, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { M.fix_all_kind } },
  }, timeout or 3000, bufnr)
  local applied = false
  for _, action in ipairs(response and response.result or {}) do
    if not action.edit and action.data then
      local resolved = request_sync(client, "codeAction/resolve", action, timeout or 3000, bufnr)
      action = resolved and resolved.result or action
    end
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      applied = true
    end
  end
  return applied
end

local function method(client, name, ...)
  if has("0.11") then return client[name](client, ...) end
  return client[name](...)
end

-- Every running swiftui-gotchas client (any root).
function M.clients()
  local clients
  if vim.lsp.get_clients then clients = vim.lsp.get_clients({ name = M.name })
  else clients = vim.lsp.get_active_clients() end
  local found = {}
  for _, client in pairs(clients) do
    if client.name == M.name and not method(client, "is_stopped") then table.insert(found, client) end
  end
  return found
end

local function attached_buffers(client)
  local buffers = {}
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.lsp.buf_is_attached(bufnr, client.id) then table.insert(buffers, bufnr) end
  end
  return buffers
end

-- Neovim disables workspace/didChangeWatchedFiles on Linux by default, and a JSON buffer is not
-- attached to this server, so neither a watcher event nor didSave arrives when the user saves
-- .swiftui-gotchas.json. Forward the save ourselves (type 2 = Changed). A client that pulls
-- diagnostics (0.10+) is not told to pull again (Neovim 0.11 has no
-- workspace/diagnostic/refresh), so pull the attached buffers right after: the notification
-- goes first on the same stream, and the result ID names the configuration generation.
function M.forward_configuration_save(path)
  local uri = vim.uri_from_fname(vim.fn.fnamemodify(path, ":p"))
  for _, client in ipairs(M.clients()) do
    method(client, "notify", "workspace/didChangeWatchedFiles", { changes = { { uri = uri, type = 2 } } })
    local pulls = client.server_capabilities and client.server_capabilities.diagnosticProvider
      and vim.lsp.diagnostic.on_diagnostic
    if pulls then
      for _, bufnr in ipairs(attached_buffers(client)) do
        method(client, "request", "textDocument/diagnostic", { textDocument = { uri = vim.uri_from_bufnr(bufnr) } },
          function(err, result, ctx) vim.lsp.diagnostic.on_diagnostic(err, result, ctx) end, bufnr)
      end
    end
  end
end

-- :SwiftuiGotchasProject — every finding of the project in the quickfix list. Neovim asks a
-- server only about the buffers it has open, so findings in other files (a cross-file rule, a
-- file nobody opened) never reach vim.diagnostic. With a server running, ask it for
-- workspace/diagnostic (it answers every client, advertised or not: open buffers as edited,
-- the rest from disk); without one, run `swiftui-gotchas lint` in the root and read its
-- swiftc-style lines with 'errorformat'.
M.lint_errorformat = "%f:%l:%c: %t%*[a-z]: %m,%-G%.%#"

local quickfix_types = { "E", "W", "I", "N" }

-- The byte column of an LSP position (the server speaks the client's offset encoding).
local function byte_column(text, character, encoding)
  if encoding == "utf-8" or text == nil then return character end
  local ok, index
  if has("0.11") then ok, index = pcall(vim.str_byteindex, text, encoding, character, false)
  else ok, index = pcall(vim.str_byteindex, text, character, encoding == "utf-16") end
  return ok and index or character
end

local function line_of(path, lnum0, files)
  local bufnr = vim.fn.bufnr(path)
  if bufnr ~= -1 and vim.api.nvim_buf_is_loaded(bufnr) then
    return vim.api.nvim_buf_get_lines(bufnr, lnum0, lnum0 + 1, false)[1]
  end
  if files[path] == nil then files[path] = vim.fn.filereadable(path) == 1 and vim.fn.readfile(path) or {} end
  return files[path][lnum0 + 1]
end

-- Quickfix items from a workspace/diagnostic report (full reports only: no previous IDs are sent).
function M.quickfix_items(report, encoding)
  local items, files = {}, {}
  for _, document in ipairs(report and report.items or {}) do
    local path = vim.uri_to_fname(document.uri)
    for _, diagnostic in ipairs(document.items or {}) do
      local start, finish = diagnostic.range.start, diagnostic.range["end"]
      local text = diagnostic.message
      if diagnostic.code and not text:find("[" .. diagnostic.code .. "]", 1, true) then
        text = text .. " [" .. diagnostic.code .. "]"
      end
      table.insert(items, {
        filename = path,
        lnum = start.line + 1,
        col = byte_column(line_of(path, start.line, files), start.character, encoding) + 1,
        end_lnum = finish.line + 1,
        end_col = byte_column(line_of(path, finish.line, files), finish.character, encoding) + 1,
        type = quickfix_types[diagnostic.severity or 1],
        text = text,
      })
    end
  end
  table.sort(items, function(a, b)
    if a.filename ~= b.filename then return a.filename < b.filename end
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  return items
end

-- Fills the quickfix list with the project's findings; returns the number of items and where
-- they came from ("server" or "lint"). `options.open` (default true) opens the window.
function M.project(options)
  options = options or {}
  local timeout = options.timeout or 60000
  local client = M.client(0) or M.clients()[1]
  local items, source
  if client then
    local response = request_sync(client, "workspace/diagnostic", { previousResultIds = {} }, timeout)
    if response and response.result then
      items, source = M.quickfix_items(response.result, client.offset_encoding), "server"
    end
  end
  local title
  if items then
    title = "swiftui-gotchas: project (" .. tostring(client.config.root_dir) .. ")"
    vim.fn.setqflist({}, " ", { title = title, items = items })
  else
    local root = M.root_dir(0)
    local program = M.options.cmd and M.options.cmd[1] or "swiftui-gotchas"
    if vim.fn.executable(program) ~= 1 then
      vim.notify("swiftui-gotchas: no server running and " .. program .. " not found", vim.log.levels.WARN)
      return 0, nil
    end
    -- `lint` prints paths relative to nothing in particular: give it the absolute root.
    local lines = vim.fn.systemlist({ program, "lint", root })
    title = "swiftui-gotchas lint " .. root
    vim.fn.setqflist({}, " ", { title = title, lines = lines, efm = M.lint_errorformat })
    source = "lint"
  end
  local count = #vim.fn.getqflist()
  if options.open ~= false then
    if count > 0 then vim.cmd("copen") else vim.cmd("cclose") end
  end
  if count == 0 then vim.notify(title .. ": no findings", vim.log.levels.INFO) end
  return count, source
end

local attach  -- set by setup(): starts (or reuses) the client for a buffer

-- :SwiftuiGotchasRestart — Neovim 0.11 has no restart command without nvim-lspconfig. Stops
-- every swiftui-gotchas client, waits until they are gone (vim.lsp.start would otherwise reuse
-- a stopping one), then starts again for the buffers they served and the current buffer.
function M.restart()
  local buffers = {}
  local current = vim.api.nvim_get_current_buf()
  if vim.tbl_contains(M.options.filetypes, vim.bo[current].filetype) then buffers[current] = true end
  local stopping = M.clients()
  for _, client in ipairs(stopping) do
    for _, bufnr in ipairs(attached_buffers(client)) do buffers[bufnr] = true end
    method(client, "stop")
  end
  local function gone()
    for _, client in ipairs(stopping) do
      if vim.lsp.get_client_by_id(client.id) then return false end
    end
    return true
  end
  if not vim.wait(3000, gone, 50) then
    for _, client in ipairs(stopping) do method(client, "stop", true) end
    vim.wait(2000, gone, 50)
  end
  if not attach then return end
  for bufnr in pairs(buffers) do
    if vim.api.nvim_buf_is_valid(bufnr) then attach(bufnr) end
  end
end

local function on_attach(client, bufnr)
  if M.options.fix_on_save then
    local group = vim.api.nvim_create_augroup("swiftui_gotchas_fix_on_save_" .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd("BufWritePre", {
      group = group,
      buffer = bufnr,
      callback = function() M.fix_all(bufnr) end,
    })
  end
  if M.options.on_attach then M.options.on_attach(client, bufnr) end
end

-- The client configuration shared by every Neovim version.
function M.config()
  local options = M.options
  local config = {
    name = M.name,
    cmd = options.cmd,
    filetypes = options.filetypes,
    init_options = options.settings,
    settings = options.settings and { ["swiftui-gotchas"] = options.settings } or nil,
    on_attach = on_attach,
    capabilities = options.capabilities,
  }
  return config
end

local started = {}  -- 0.7: root directory -> client id

local function attach_0_7(bufnr)
  local root = M.root_dir(bufnr)
  local id = started[root]
  if id and (not vim.lsp.get_client_by_id(id) or vim.lsp.get_client_by_id(id).is_stopped()) then id = nil end
  if not id then
    local config = M.config()
    config.root_dir = root
    config.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
    id = vim.lsp.start_client(config)
    if not id then return end
    started[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

local function attach_0_8(bufnr)
  local config = M.config()
  config.root_dir = M.root_dir(bufnr)
  vim.lsp.start(config, { bufnr = bufnr })
end

-- 0.11: what vim.lsp.enable does for a buffer, with the config as vim.lsp.config holds it.
local function attach_0_11(bufnr)
  local config = vim.deepcopy(vim.lsp.config[M.name])
  config.name = M.name
  config.root_dir = M.root_dir(bufnr)
  vim.lsp.start(config, { bufnr = bufnr })
end

function M.setup(options)
  M.options = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), options or {})

  vim.api.nvim_create_user_command("SwiftUIGotchasFixAll", function() M.fix_all(0) end,
    { desc = "swiftui-gotchas: apply every safe fix in this buffer" })
  vim.api.nvim_create_user_command("SwiftuiGotchasRestart", function() M.restart() end,
    { desc = "swiftui-gotchas: stop the language server(s) and start again" })
  vim.api.nvim_create_user_command("SwiftuiGotchasProject", function() M.project() end,
    { desc = "swiftui-gotchas: every finding of the project in the quickfix list" })
  vim.api.nvim_create_autocmd("BufWritePost", {
    group = vim.api.nvim_create_augroup("swiftui_gotchas_configuration", { clear = true }),
    pattern = ".swiftui-gotchas.json",
    callback = function(args) M.forward_configuration_save(args.file) end,
  })

  if not M.check_executable() then return end

  if vim.lsp.config and vim.lsp.enable then
    local config = M.config()
    config.name = nil
    config.root_dir = function(bufnr, on_dir) on_dir(M.root_dir(bufnr)) end
    vim.lsp.config(M.name, config)
    vim.lsp.enable(M.name)
    attach = attach_0_11
    return
  end

  attach = vim.lsp.start and attach_0_8 or attach_0_7
  local group = vim.api.nvim_create_augroup("swiftui_gotchas", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args) attach(args.buf) end,
  })
  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.options.filetypes, vim.bo[bufnr].filetype) then
      attach(bufnr)
    end
  end
end

return M
