#!/usr/bin/env bash
# Installs and starts the outside tools the test suite drives for real: bubblewrap (the bwrap
# sandbox), chromium (the HTML report's browser test) and docker.io (the docker sandbox), from
# Debian's packages, then starts dockerd without a bridge network when none is running.
# .ci/run calls this; on a laptop run it once with root (or sudo). Tests whose tool is still
# missing afterwards say so and why instead of passing in silence.
set -uo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; else SUDO="none"; fi
fi

missing=()
command -v bwrap >/dev/null || missing+=(bubblewrap)
command -v chromium >/dev/null || missing+=(chromium)
command -v dockerd >/dev/null || missing+=(docker.io)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$SUDO" = "none" ] || ! command -v apt-get >/dev/null; then
    echo "install-test-tools: cannot install ${missing[*]} here (needs apt-get and root or sudo); the tests that need them will say so" >&2
  else
    echo "install-test-tools: installing ${missing[*]} with apt-get (the tests drive them for real)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
      echo "install-test-tools: apt-get could not install ${missing[*]}" >&2
  fi
fi

# dockerd: no bridge and no iptables, so containers get `--network none` or the host's loopback and
# never a private-range address.
if command -v dockerd >/dev/null && ! docker info >/dev/null 2>&1; then
  if [ "$SUDO" = "none" ]; then
    echo "install-test-tools: dockerd is not running and cannot be started without root" >&2
  else
    log="${TMPDIR:-/tmp}/agent-evals-dockerd.log"
    $SUDO sh -c "nohup dockerd --bridge=none --iptables=false --ip6tables=false >'$log' 2>&1 &"
    for _ in $(seq 1 60); do
      docker info >/dev/null 2>&1 && break
      sleep 0.5
    done
    docker info >/dev/null 2>&1 || echo "install-test-tools: dockerd did not start (see $log)" >&2
  fi
fi
exit 0
