#!/usr/bin/env bash
# Installs the real agent CLIs that the end-to-end tests drive against fake model servers:
# pinned @anthropic-ai/claude-code and @openai/codex into .agent-clis/ at the repo root, with
# .agent-clis/bin/claude and .agent-clis/bin/codex pointing at binaries that actually run; and
# @google/gemini-cli (the pinned version and the one before it), opencode-ai,
# @mariozechner/pi-coding-agent and @github/copilot each into a
# prefix of its own (.agent-clis/<name>/), so that adding or bumping one never re-resolves (or
# prunes) the others' trees, with .agent-clis/bin/<name> beside claude and codex.
# Says what it downloads and why before it starts. Idempotent: once every pinned version is in
# place and was seen to run, a second run only reads the versions (.agent-clis/.verified) and says so;
# nothing at all with AGENT_EVALS_TEST_INSTALL=0. Only the heavy test tier needs these
# (`npm test` and `npm run test:heavy` run this first; .ci/run calls it too).
set -euo pipefail

CLAUDE_VERSION="2.1.332"
CODEX_VERSION="0.171.0"
# name|package|version|bin path inside the package
EXTRA_CLIS=(
  "gemini|@google/gemini-cli|0.61.0|bundle/gemini.js"
  "opencode|opencode-ai|1.18.33|bin/opencode.exe"
  "pi|@mariozechner/pi-coding-agent|0.73.1|dist/cli.js"
  "copilot|@github/copilot|1.0.102|npm-loader.js"
  # The previous gemini release beside the pinned one: the tests that qualify a new CLI version
  # replay one version's recording to the other (docs/record-replay.md).
  "gemini-0.60.0|@google/gemini-cli|0.60.0|bundle/gemini.js"
)

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$ROOT/.agent-clis"
NM="$DIR/node_modules"
BIN="$DIR/bin"

installed_version() {
  # $1: package name, $2: node_modules folder (default: claude's and codex's). Prints its
  # installed version, or nothing.
  local pkg_json="${2:-$NM}/$1/package.json"
  [[ -f "$pkg_json" ]] || return 0
  node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).version ?? ""))' "$pkg_json"
}

# `--version` with a HOME and TMPDIR of its own, removed at the end: opencode leaves $TMPDIR/opencode
# and several of them write config under $HOME even for that.
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
version_of() {
  HOME="$SCRATCH" TMPDIR="$SCRATCH" timeout 60 "$1" --version </dev/null 2>&1
}

# A binary "works" when `--version` exits 0 and prints something within a minute (gemini took 20 s
# on a busy 2-core machine; pi prints its version on stderr).
works() {
  local out
  out="$(version_of "$1")" || return 1
  [[ -n "$out" ]]
}

# What a checked install looks like: every pinned version, written once each binary ran.
WANT="claude $CLAUDE_VERSION, codex $CODEX_VERSION"
for entry in "${EXTRA_CLIS[@]}"; do
  IFS="|" read -r name _ version _ <<<"$entry"
  WANT="$WANT, $name $version"
done
STAMP="$DIR/.verified"

# All there and checked before: no download, and no six cold starts of `--version` (a minute on a
# busy 2-core machine).
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
  all=1
  for name in claude codex; do [[ -x "$BIN/$name" ]] || all=0; done
  for entry in "${EXTRA_CLIS[@]}"; do
    IFS="|" read -r name _ _ _ <<<"$entry"
    [[ -x "$BIN/$name" ]] || all=0
  done
  # The packages still at their pinned versions (reading package.json files, no CLI started).
  [[ "$(installed_version @anthropic-ai/claude-code)" == "$CLAUDE_VERSION" ]] || all=0
  [[ "$(installed_version @openai/codex)" == "$CODEX_VERSION" ]] || all=0
  for entry in "${EXTRA_CLIS[@]}"; do
    IFS="|" read -r name pkg version _ <<<"$entry"
    [[ "$(installed_version "$pkg" "$DIR/$name/node_modules")" == "$version" ]] || all=0
  done
  if [[ "$all" == 1 ]]; then
    echo "install-agent-clis: nothing to download ($WANT already in .agent-clis/)"
    exit 0
  fi
fi

if [[ "${AGENT_EVALS_TEST_INSTALL:-1}" == "0" ]]; then
  echo "install-agent-clis: AGENT_EVALS_TEST_INSTALL=0: not installing the agent CLIs; the heavy tier's tests that drive them will fail and say how to install them" >&2
  exit 0
fi

need_install=0
[[ "$(installed_version @anthropic-ai/claude-code)" == "$CLAUDE_VERSION" ]] || need_install=1
[[ "$(installed_version @openai/codex)" == "$CODEX_VERSION" ]] || need_install=1
extra_missing=()
for entry in "${EXTRA_CLIS[@]}"; do
  IFS="|" read -r name pkg version _ <<<"$entry"
  [[ "$(installed_version "$pkg" "$DIR/$name/node_modules")" == "$version" ]] || extra_missing+=("$pkg@$version")
done
if [[ "$need_install" == 1 || ${#extra_missing[@]} -gt 0 ]]; then
  echo "install-agent-clis: downloading the pinned agent CLIs into .agent-clis/ (about 1.8 GB for all six and a second gemini, once):"
  echo "  the heavy test tier drives these real CLIs against fake model servers on 127.0.0.1; they are not dependencies of the package"
  echo "  (AGENT_EVALS_TEST_INSTALL=0 skips this; \`npm run test:unit\` and \`npm run test:integration\` need none of it)"
fi

if [[ "$need_install" == 1 ]]; then
  # Said before the download starts: it is large, and a newcomer's `npm test` begins with it.
  echo "downloading @anthropic-ai/claude-code@$CLAUDE_VERSION and @openai/codex@$CODEX_VERSION (about 810 MB on disk) into .agent-clis/:"
  echo "  the end-to-end tests drive these real CLIs against fake model servers; once only, and not a dependency of the package"
  mkdir -p "$DIR"
  # A package.json of its own, so that npm installs here and never walks up to the project's.
  if [[ ! -f "$DIR/package.json" ]]; then
    printf '{ "name": "agent-clis", "private": true }\n' >"$DIR/package.json"
  fi
  npm install --prefix "$DIR" --no-save --no-audit --no-fund --loglevel=error \
    "@anthropic-ai/claude-code@$CLAUDE_VERSION" "@openai/codex@$CODEX_VERSION"
else
  echo "already installed: @anthropic-ai/claude-code@$CLAUDE_VERSION, @openai/codex@$CODEX_VERSION"
fi

mkdir -p "$BIN"

# claude: bin/claude.exe is the native binary once its postinstall ran; when npm skipped install
# scripts it is a stub that exits 1, and the binary sits in the platform package instead.
arch="$(uname -m)"
case "$arch" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
esac
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
claude_target=""
for candidate in \
  "$NM/@anthropic-ai/claude-code/bin/claude.exe" \
  "$NM/@anthropic-ai/claude-code-$os-$arch/claude" \
  "$NM/@anthropic-ai/claude-code-$os-$arch-musl/claude"; do
  if [[ -f "$candidate" ]]; then
    chmod +x "$candidate" 2>/dev/null || true
    if works "$candidate"; then
      claude_target="$candidate"
      break
    fi
  fi
done
if [[ -z "$claude_target" ]]; then
  echo "error: no working claude binary under $NM/@anthropic-ai/" >&2
  exit 1
fi
# Relative links: the folder stays valid when it is reached through another path (a worktree's
# symlink to it, a moved checkout).
ln -sfn "../${claude_target#"$DIR/"}" "$BIN/claude"

# codex: bin/codex.js is a Node shim that starts the static binary from @openai/codex-<platform>.
codex_target="$NM/@openai/codex/bin/codex.js"
if [[ ! -f "$codex_target" ]]; then
  echo "error: $codex_target is missing" >&2
  exit 1
fi
chmod +x "$codex_target" 2>/dev/null || true
ln -sfn "../${codex_target#"$DIR/"}" "$BIN/codex"
if ! works "$BIN/codex"; then
  echo "error: $BIN/codex --version failed" >&2
  exit 1
fi

echo "claude -> $claude_target"
echo "  $(version_of "$BIN/claude" | grep -m 1 -E "[0-9]+\.[0-9]+")"
echo "codex  -> $codex_target"
echo "  $(version_of "$BIN/codex" | grep -m 1 -E "[0-9]+\.[0-9]+")"

# The other CLIs: one npm prefix each (gemini twice, opencode, pi and copilot: about 950 MB together).
for entry in "${EXTRA_CLIS[@]}"; do
  IFS="|" read -r name pkg version bin_path <<<"$entry"
  prefix="$DIR/$name"
  if [[ "$(installed_version "$pkg" "$prefix/node_modules")" != "$version" ]]; then
    echo "downloading $pkg@$version into $prefix (100 to 350 MB; once only)"
    mkdir -p "$prefix"
    if [[ ! -f "$prefix/package.json" ]]; then
      printf '{ "name": "agent-clis-%s", "private": true }\n' "$name" >"$prefix/package.json"
    fi
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "$pkg@$version"
  fi
  target="$prefix/node_modules/$pkg/$bin_path"
  if [[ ! -f "$target" ]]; then
    echo "error: $target is missing" >&2
    exit 1
  fi
  chmod +x "$target" 2>/dev/null || true
  ln -sfn "../$name/node_modules/$pkg/$bin_path" "$BIN/$name"
  if ! works "$BIN/$name"; then
    echo "error: $BIN/$name --version failed" >&2
    exit 1
  fi
  printf '%-7s-> %s\n  %s\n' "$name" "$target" "$(version_of "$BIN/$name" | grep -m 1 -E "[0-9]+\.[0-9]+")"
done

# Seen to run: the next call only reads this.
printf '%s' "$WANT" >"$STAMP"
