-- `cr lsp` in Neovim 0.7 or newer (Debian stable ships 0.7.2): diagnostics,
-- completion, hover, go to definition, references, outline, quick fixes and
-- rename for the YAML files of a rules folder, and for nothing else.
--
--   -- init.lua
--   vim.opt.runtimepath:append('/path/to/netrunner-cr/editors/neovim')
--   require('cr').setup()
--
-- Options: `cmd` (default: npx cr lsp --stdio, run from the repository),
-- `on_attach` (your keymaps). On 0.8 and newer the client is started with
-- vim.lsp.start (one per repository, reused); on 0.7, which has neither it
-- nor vim.fs, with vim.lsp.start_client and buf_attach_client.
-- tests/lsp/neovim.test.ts drives it headless on Debian's 0.7.2.
local M = {}

local clients = {}

-- A rules folder has chapter files (06_runs.yaml); a frozen release (releases/v26.03/) is never one.
local function is_rules_folder(dir)
  local tail = vim.fn.fnamemodify(dir, ':t')
  local parent = vim.fn.fnamemodify(dir, ':h:t')
  if tail:match('^v%d%d%.%d%d$') and parent == 'releases' then
    return false
  end
  return vim.fn.glob(dir .. '/[0-9]*_*.yaml') ~= '' or vim.fn.glob(dir .. '/[0-9]*_*.yml') ~= ''
end

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'npx', 'cr', 'lsp', '--stdio' }
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'yaml',
    group = vim.api.nvim_create_augroup('cr_lsp', { clear = true }),
    callback = function(args)
      local file = vim.api.nvim_buf_get_name(args.buf)
      if file == '' then
        return
      end
      local dir = vim.fn.fnamemodify(file, ':p:h')
      if not is_rules_folder(dir) then
        return
      end
      -- The repository: messages name files as `cr check` run there does (rules/06_runs.yaml).
      local root = vim.fn.fnamemodify(dir, ':h')
      local config = {
        name = 'cr',
        cmd = cmd,
        cmd_cwd = root,
        root_dir = root,
        workspace_folders = { { uri = vim.uri_from_fname(root), name = 'cr' } },
        on_attach = opts.on_attach,
      }
      if vim.lsp.start then
        vim.lsp.start(config, { bufnr = args.buf })
        return
      end
      local id = clients[root]
      if not id or not vim.lsp.get_client_by_id(id) then
        id = vim.lsp.start_client(config)
        clients[root] = id
      end
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end,
  })
end

return M
