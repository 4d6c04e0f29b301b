#!/usr/bin/env bash
# Install the toolkit into a project-local virtual environment `.venv`, so it works with the
# distribution's own python3 (PEP 668 "externally managed"), pyenv, or inside an active venv.
#   bash scripts/install.sh            the toolkit (then: .venv/bin/bingo draw)
#   bash scripts/install.sh --test     plus the test tools and, with apt, Chromium for the phone
#                                      tests and poppler for the print tests
#                                      (then: .venv/bin/mypy && .venv/bin/python -m pytest)
#   bash scripts/install.sh --sound    plus PySide6-Addons for the draw's sounds (about 440 MB)
# On Debian/Ubuntu it also installs, with apt-get and only when missing, the system libraries
# Qt needs and python3-venv (the Japanese font ships with the package). Safe to run again:
# with nothing changed it only checks, in about a second.
# PYTHON=/path/to/python3.12 picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."

MIN_PYTHON="3.11"
VENV=".venv"
extras=()
for arg in "$@"; do
  case "$arg" in
    --test) extras+=(test) ;;
    --sound) extras+=(sound) ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$arg' (use --test, --sound or --help)" >&2; exit 2 ;;
  esac
done

have() { command -v "$1" >/dev/null 2>&1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif have sudo; then sudo "$@"
  else return 1
  fi
}

# ------------------------------------------------------------------ system packages (apt only)
apt_install_missing() {
  have apt-get && have dpkg-query || return 0
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing system packages: ${missing[*]}"
  local log
  # DPkg::Lock::Timeout: wait up to 2 minutes for another apt (e.g. automatic updates) to finish.
  if ! log="$({ as_root apt-get -o DPkg::Lock::Timeout=120 update -qq &&
    DEBIAN_FRONTEND=noninteractive as_root apt-get -o DPkg::Lock::Timeout=120 install -y -qq \
      --no-install-recommends "${missing[@]}"; } 2>&1)"; then
    printf '%s\n' "$log" | tail -n 3 >&2
    if printf '%s' "$log" | grep -qiE 'could not get lock|is held by process|unable to acquire'; then
      echo "warning: could not install ${missing[*]}: another apt or dpkg (often the automatic updates) holds its lock; wait until it has finished, then run this again" >&2
    elif [ "$(id -u)" -ne 0 ] && ! have sudo; then
      echo "warning: could not install ${missing[*]} (run as root or with sudo)" >&2
    else
      echo "warning: could not install ${missing[*]} (apt-get failed: see its lines above)" >&2
    fi
    return 1
  fi
}

# ------------------------------------------------------------------ a Python >= 3.11
version_ok() { "$1" -c "import sys; sys.exit(sys.version_info < (${MIN_PYTHON/./, }))" 2>/dev/null; }

python=""
if [ -n "${PYTHON:-}" ]; then
  python="$PYTHON"
else
  for candidate in python3 python python3.13 python3.12 python3.11; do
    if have "$candidate" && version_ok "$candidate"; then python="$(command -v "$candidate")"; break; fi
  done
fi
if [ -z "$python" ] || ! version_ok "$python"; then
  found="$({ "${python:-python3}" -c 'import sys; print(sys.version.split()[0])'; } 2>/dev/null || echo none)"
  echo "This toolkit needs Python ${MIN_PYTHON} or newer (found: ${found}); install one (Debian/Ubuntu: apt install python3.11-venv where offered, otherwise pyenv install 3.11; macOS/Windows: python.org) and run again, or point PYTHON=/path/to/python3.11 at it." >&2
  exit 1
fi

if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ]; then
  echo "$VENV exists but is not a virtual environment: move it away and run again." >&2
  exit 1
fi

# ------------------------------------------------------------------ Qt's libraries and a font
apt_install_missing \
  libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3 \
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 \
  libxcb-shape0 libxcb-xinerama0 libxcb-randr0 libxcb-xfixes0 libpulse0 ||
  echo "warning: Qt windows may not open until those packages are installed" >&2
# the spoken call (display.voice) on Linux: espeak-ng's voices; the show runs silently without
apt_install_missing espeak-ng ||
  echo "warning: the spoken call needs espeak-ng (apt install espeak-ng); the draw runs without it" >&2

# the print-shop file's Japan Color profile (bingo cards --press, cards/press.py): Debian ships
# JapanColor2011Coated.icc in icc-profiles, in its non-free component (JPMA licence: may be
# used and embedded, not altered or sold), so that component is added where it is missing.
debian_non_free_for() {
  have apt-cache && [ -r /etc/os-release ] || return 0
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" && return 0
  apt-cache policy "$1" 2>/dev/null | grep -q "Candidate: [0-9]" && return 0
  local id codename
  id="$(. /etc/os-release && echo "${ID:-}")"
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
  [ "$id" = debian ] && [ -n "$codename" ] || return 0
  local list=/etc/apt/sources.list.d/debian-non-free.sources uri
  [ -e "$list" ] && return 0
  # the mirror this machine already uses for Debian's main component
  uri="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null)"
  [ -n "$uri" ] || uri="$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null)"
  [ -n "$uri" ] || return 0
  echo "Adding Debian's non-free component for $1 ($list)"
  printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" "$codename" | as_root tee "$list" >/dev/null || true
}
debian_non_free_for icc-profiles
apt_install_missing icc-profiles ||
  echo "warning: bingo cards --press needs a Japan Color profile: apt install icc-profiles (Debian non-free), or set [cards] cmyk_profile" >&2

# ------------------------------------------------------------------ the tests' system tools
# tests/test_web_browser.py drives the distribution's Chromium (nothing is downloaded by tests);
# tests/test_cards_print.py renders and inspects the PDFs with poppler and a second font;
# tests/test_caller_voice.py renders a call to a WAV file with espeak-ng (installed above).
if [[ " ${extras[*]:-} " == *" test "* ]]; then
  apt_install_missing chromium chromium-driver ||
    echo "warning: the phone tests need chromium and chromium-driver (apt)" >&2
  apt_install_missing poppler-utils fonts-dejavu-core ||
    echo "warning: the print tests need poppler-utils and fonts-dejavu-core (apt)" >&2
  # tests/test_cards_qr.py scans the cards' QR codes with zbarimg; tests/test_cards_press.py
  # checks the print-shop PDF with Ghostscript
  apt_install_missing zbar-tools ghostscript ||
    echo "warning: the QR and print-shop tests need zbar-tools and ghostscript (apt)" >&2
fi

# ------------------------------------------------------------------ the virtual environment
if ! "$python" -c "import ensurepip, venv" 2>/dev/null; then
  # Debian/Ubuntu split venv/ensurepip out of python3 into python3-venv / python3.X-venv.
  short="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  venv_pkg="python3-venv"
  if have apt-cache && apt-cache show "python${short}-venv" >/dev/null 2>&1; then
    venv_pkg="python${short}-venv"
  fi
  if ! apt_install_missing "$venv_pkg" || ! "$python" -c "import ensurepip, venv" 2>/dev/null; then
    echo "$python cannot create a virtual environment (no ensurepip): install ${venv_pkg} (Debian/Ubuntu) or a Python from python.org, then run again." >&2
    exit 1
  fi
fi
if ! "$VENV/bin/python" -c "import pip" 2>/dev/null; then
  echo "Creating $VENV with $python ($("$python" -c 'import sys; print(sys.version.split()[0])'))"
  # --clear: a half-made .venv (an earlier run stopped, or its Python was removed) is rebuilt.
  "$python" -m venv --clear "$VENV"
fi

# ------------------------------------------------------------------ the toolkit itself
# .venv/.installed remembers what was installed: pyproject.toml's checksum and the Python on the
# first line, the extras on the second. A run that asks for nothing new returns at once.
stamp_file="$VENV/.installed"
stamp="$(cksum <pyproject.toml) $(cksum <constraints.txt) $("$VENV/bin/python" -c 'import sys; print(*sys.version_info[:3], sys.executable)')"
installed_extras=()
if [ -f "$stamp_file" ] && [ "$(head -n 1 "$stamp_file")" = "$stamp" ] && [ -x "$VENV/bin/bingo" ]; then
  read -r -a installed_extras < <(sed -n 2p "$stamp_file")
  missing_extra=""
  for extra in "${extras[@]}"; do
    [[ " ${installed_extras[*]} " == *" $extra "* ]] || missing_extra="$extra"
  done
  if [ -z "$missing_extra" ]; then
    echo "Up to date: $VENV (nothing changed in pyproject.toml or constraints.txt)."
    exit 0
  fi
fi
all_extras=($(printf '%s\n' "${installed_extras[@]}" "${extras[@]}" | sort -u | grep . || true))
spec="."
if [ ${#all_extras[@]} -gt 0 ]; then spec=".[$(IFS=,; echo "${all_extras[*]}")]"; fi
if [ -x "$VENV/bin/bingo" ]; then
  echo "Updating the toolkit in $VENV"
else
  echo "Installing the toolkit and its libraries into $VENV (about 300 MB to download)"
fi
# constraints.txt: the exact versions the tests passed with (scripts/update-constraints.sh
# refreshes it), so a new release of a library never reaches an evening's install unasked.
"$VENV/bin/python" -m pip install --disable-pip-version-check -c constraints.txt -e "$spec"
echo "Compiling the odds engine and the COOL 24+24 hint once (numba), so they start in about a second..."
"$VENV/bin/python" -c "from bingo.probability import warm_up; warm_up()"
"$VENV/bin/python" -c "from games.cool24.sim import warm_up; warm_up()"  # COOL 24+24's hint
printf '%s\n%s\n' "$stamp" "${all_extras[*]}" >"$stamp_file"
echo "Installed in $VENV. Start the draw: .venv/bin/bingo draw   (check the settings: .venv/bin/bingo check-config)"
