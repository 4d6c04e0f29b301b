#!/usr/bin/env bash
# Install everything the toolkit needs on a fresh Debian/Ubuntu machine (or just the Python
# parts elsewhere): the system libraries Qt needs (offscreen and on a real screen), a Japanese
# font, then the package itself with pip. `--test` adds the test tools.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

extras=""
[ "${1:-}" = "--test" ] && extras="[test]"

system_packages=(
  libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
  libxcb-shape0 libxcb-xinerama0 libxcb-randr0 libxcb-xfixes0 libpulse0 fonts-noto-cjk
)

if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  for p in "${system_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
    echo "Installing system packages: ${missing[*]}"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; }; then
      echo "warning: could not install ${missing[*]}; Qt windows or sound may not work" >&2
    fi
  fi
fi

python3 -m pip install --quiet -e ".${extras}"
echo "Installed. Try: bingo check-config"
