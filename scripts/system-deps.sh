#!/usr/bin/env bash
# Installs the Debian packages the tests and `make start` need (Chromium for end-to-end and visual tests,
# OpenSSH for agentless nodes, TigerVNC, xrdp and xterm for remote desktops), but only when run as root and
# only what is missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium chromium-driver)
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# The visual baselines were rendered with Liberation Sans, which Chromium takes for the theme's Arial.
[ -f /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || need+=(fonts-liberation)
command -v ssh-keygen >/dev/null || need+=(openssh-client)
# Remote desktops: a VNC server and an RDP server the tests start, with an xterm showing known content on each.
[ -x /usr/bin/Xvnc ] || need+=(tigervnc-standalone-server)
[ -x /usr/sbin/xrdp ] || need+=(xrdp)
[ -x /usr/bin/xterm ] || need+=(xterm)
# The agent reaches RDP desktops with FreeRDP, drawing into a private Xvnc the browser then sees over VNC.
[ -x /usr/bin/xfreerdp ] || need+=(freerdp2-x11)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "missing Debian packages: ${need[*]} (run as root, or install them yourself)" >&2
  exit 0
fi
echo "installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
