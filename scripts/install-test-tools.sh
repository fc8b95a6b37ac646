#!/usr/bin/env bash
# Installs the outside tools the heavy test tier drives for real, from Debian's packages:
# bubblewrap (the bwrap sandbox), chromium (the HTML report's browser tests) and docker.io (the
# docker sandbox). Says what it installs and why before it does; installs only what is missing, and
# nothing at all with AGENT_EVALS_TEST_INSTALL=0. It starts no service: the heavy tier's global
# setup (test/heavy-setup.ts) starts dockerd when none answers and stops it when the tests end.
# `npm test` and `npm run test:heavy` run this first (pretest); .ci/run calls it too. On a laptop it
# needs root or password-less sudo. Tests whose tool is still missing say so and why instead of
# passing in silence (and fail under CI=true).
set -uo pipefail

# name of the package|the command it provides|what the tests use it for
TOOLS=(
  "bubblewrap|bwrap|the bwrap sandbox's tests (test/bwrap.test.ts and others)"
  "chromium|chromium|the HTML report's tests in a real browser (test/html-report*.test.ts)"
  "docker.io|dockerd|the docker sandbox's tests (test/docker.test.ts and others)"
)

missing=()
present=()
for entry in "${TOOLS[@]}"; do
  IFS="|" read -r package command _ <<<"$entry"
  if command -v "$command" >/dev/null; then present+=("$package"); else missing+=("$entry"); fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-test-tools: nothing to install (${present[*]} already there)"
  exit 0
fi

names=()
for entry in "${missing[@]}"; do
  IFS="|" read -r package _ _ <<<"$entry"
  names+=("$package")
done

if [ "${AGENT_EVALS_TEST_INSTALL:-1}" = "0" ]; then
  echo "install-test-tools: AGENT_EVALS_TEST_INSTALL=0: not installing ${names[*]}; the heavy tier's tests that need them will say so" >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; else SUDO="none"; fi
fi
if [ "$SUDO" = "none" ] || ! command -v apt-get >/dev/null; then
  echo "install-test-tools: cannot install ${names[*]} here (needs apt-get and root or sudo); the heavy tier's tests that need them will say so" >&2
  exit 0
fi

# Said before anything is downloaded: all three with their dependencies came to 35 packages and
# about 650 MB on a fresh Debian machine.
echo "install-test-tools: installing Debian packages ${names[*]} (with their dependencies up to about 650 MB, once) for the heavy test tier:"
for entry in "${missing[@]}"; do
  IFS="|" read -r package _ why <<<"$entry"
  echo "  $package: $why"
done
echo "  (AGENT_EVALS_TEST_INSTALL=0 skips this; \`npm run test:unit\` and \`npm run test:integration\` need none of it)"
$SUDO apt-get update -qq
# apt's own figure for this machine, then the install.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install --assume-no --no-install-recommends "${names[@]}" 2>/dev/null |
  grep -E "^(Need to get|After this operation)" | sed 's/^/  apt-get: /'
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${names[@]}" ||
  echo "install-test-tools: apt-get could not install ${names[*]}" >&2
exit 0
