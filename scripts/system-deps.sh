#!/usr/bin/env bash
# Installs the Debian packages the tests and `make start` need (Chromium for end-to-end and visual tests,
# OpenSSH for agentless nodes), but only when run as root and only what is missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium chromium-driver)
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# The visual baselines were rendered with Liberation Sans, which Chromium takes for the theme's Arial.
[ -f /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || need+=(fonts-liberation)
command -v ssh-keygen >/dev/null || need+=(openssh-client)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "missing Debian packages: ${need[*]} (run as root, or install them yourself)" >&2
  exit 0
fi
echo "installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
