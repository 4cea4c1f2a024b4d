# Puts the Node.js the project is tested on first on PATH when this shell's Node is older.
#
#   source scripts/use-node.sh
#
# The project is tested on Node 24 (.nvmrc). When `node` here is missing or older than 24, this installs the official
# Node binary from the npm registry (the node-linux-<arch> package, no other download) into .tools/node-<version>
# and puts its bin folder first on PATH, for this shell only. npm stays the machine's own and runs on that Node;
# native addons, where a package builds one, compile against the same Node's headers. .ci/run sources it too.
# Nothing is installed when the shell's Node is already 24 or newer.

REISESTEINE_NODE_VERSION="24.21.0"
# The sourced file's own path: BASH_SOURCE in bash, $0 in zsh (at the top level of a sourced file).
REISESTEINE_USE_NODE_SCRIPT="${BASH_SOURCE[0]:-$0}"

reisesteine_use_node() {
  local root wanted current arch package dir
  root="$(cd "$(dirname "$REISESTEINE_USE_NODE_SCRIPT")/.." && pwd)"
  wanted="${REISESTEINE_NODE_VERSION%%.*}"
  # `|| true`: .ci/run sources this under `set -euo pipefail`, where a missing or broken `node` would end it here.
  current="$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')" || true
  if [ -n "$current" ] && [ "$current" -ge "$wanted" ] 2>/dev/null; then
    return 0
  fi

  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) arch="x64" ;;
    Linux-aarch64 | Linux-arm64) arch="arm64" ;;
    *)
      echo "use-node: no Node $wanted package for $(uname -s) $(uname -m) on the npm registry;" \
        "install Node $wanted yourself (nvm reads .nvmrc)." >&2
      return 1
      ;;
  esac
  package="node-linux-$arch"
  dir="$root/.tools/node-$REISESTEINE_NODE_VERSION"

  if [ "$("$dir/node_modules/$package/bin/node" --version 2>/dev/null)" != "v$REISESTEINE_NODE_VERSION" ]; then
    echo "use-node: installing Node $REISESTEINE_NODE_VERSION ($package from the npm registry) into ${dir#"$root/"}" >&2
    mkdir -p "$dir" || return 1
    # Its own package.json, so npm does not look for one further up (the project's) and install there.
    [ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "$package@$REISESTEINE_NODE_VERSION" >&2 ||
      return 1
  fi

  export PATH="$dir/node_modules/$package/bin:$PATH"
  export npm_config_nodedir="$dir/node_modules/$package"
  hash -r
  echo "use-node: $(node --version) from ${dir#"$root/"}" >&2
}

reisesteine_use_node
