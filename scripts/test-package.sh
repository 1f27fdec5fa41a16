#!/bin/bash
# make test-package: installs DIST/weft_VERSION_ARCH.deb with apt into a fresh Debian 12 root and runs weft there as
# a user would (the example providers, a calendar through libical), checks its systemd user units with
# systemd-analyze verify, and runs lintian on the .deb. The debootstrapped root is kept in .build-pkgroot/base and
# copied for each run, so only the first run downloads Debian (a few minutes); the packages apt adds for weft's
# Depends are kept in .build-pkgroot/archives.
# Usage: scripts/test-package.sh DIST   (as root: debootstrap, chroot and mount need it)
set -euo pipefail

dist="$1"
deb="$(ls -t "$dist"/weft_"$(bin/weft --version)"-*_"$(dpkg --print-architecture)".deb 2>/dev/null | head -1)"
[ -f "$deb" ] || { echo "no weft .deb in $dist: run make deb first" >&2; exit 1; }
cache=.build-pkgroot
base="$cache/base"
run="$cache/run"
# This machine's Debian mirror, as apt uses it.
mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
mirror="${mirror:-http://deb.debian.org/debian}"

if [ ! -e "$base/.weft-base-complete" ]; then
    echo "debootstrap bookworm from $mirror into $base (once)"
    rm -rf "$base.partial" "$base"
    # minbase plus systemd: what a Debian 12 desktop has, and systemd-analyze to verify the units with.
    debootstrap --variant=minbase --include=systemd bookworm "$base.partial" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
        { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    mv "$base.partial" "$base"
    touch "$base/.weft-base-complete"
fi

rm -rf "$run"
cp -a "$base" "$run"
cp /etc/resolv.conf "$run/etc/resolv.conf"
mkdir -p "$cache/archives/partial" "$run/tmp/pkg"
cp "$deb" "$run/tmp/pkg/"
# The libraries weft opens at run time (their sonames are literals in the binary): each must be there after apt
# installed the package's Depends.
strings -a bin/weft bin/weft-serve bin/weft-notify | grep -E '^lib[A-Za-z0-9_+-]+\.so\.[0-9]+$' | sort -u \
    >"$run/tmp/pkg/sonames"

# The mounts live in a private mount namespace and end with it.
unshare -m bash -c '
    set -e
    run="$1"
    mount -t proc proc "$run/proc"
    mount --rbind /dev "$run/dev"
    mount --bind "$2" "$run/var/cache/apt/archives"
    chroot "$run" /bin/bash -s' test-package "$run" "$cache/archives" <<'INSIDE'
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 TZ=Europe/Berlin
deb="$(ls /tmp/pkg/*.deb)"
echo "== apt-get install $deb"
apt-get install -y -qq --no-install-recommends "$deb" >/tmp/pkg/apt.log 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$deb" >/tmp/pkg/apt.log 2>&1; } ||
    { cat /tmp/pkg/apt.log; exit 1; }
dpkg-query -W -f='installed ${Package} ${Version}\nDepends: ${Depends}\n' weft
ldconfig -p >/tmp/pkg/ldconfig
while read -r soname; do
    grep -q "^[[:space:]]*$soname " /tmp/pkg/ldconfig || { echo "FAIL: $soname is not installed" >&2; exit 1; }
done </tmp/pkg/sonames
echo "every library the binaries link or open is installed: $(paste -sd' ' /tmp/pkg/sonames)"

useradd --create-home anna
cat >/tmp/pkg/as-anna.sh <<'ANNA'
set -euo pipefail
cd ~
providers=~/.config/weft/providers
mkdir -p "$providers"
cp -r /usr/share/doc/weft/examples/providers/. "$providers/"
cat >"$providers/calendar.toml" <<'TOML'
type = "calendar"
sources = [{ name = "Home", path = "home.ics" }]
TOML
day="$(date -u -d tomorrow +%Y%m%d)"
printf '%s\r\n' BEGIN:VCALENDAR VERSION:2.0 PRODID:-//weft//test-package//EN BEGIN:VEVENT UID:launch@weft \
    DTSTAMP:20260101T000000Z "DTSTART:${day}T090000Z" "DTEND:${day}T100000Z" 'SUMMARY:Launch party' END:VEVENT \
    END:VCALENDAR >"$providers/home.ics"
set -x
command -v weft
weft --version
weft check
weft refresh
weft resolve '{{__time}}'
weft resolve '{{__calendar_next_title|no event}} {{__calendar_next_label|}} · {{__q_author|no quote}} · {{__habits_percent_today|?}}%'
weft serve --help | sed -n 1,2p
weft notify --help | sed -n 1,2p
ANNA
chmod 644 /tmp/pkg/as-anna.sh
runuser -u anna -- env HOME=/home/anna bash /tmp/pkg/as-anna.sh

echo "== systemd-analyze --user verify"
mkdir -p -m 700 /tmp/pkg/xdg
units=(/usr/lib/systemd/user/weft-*)
ls -l "${units[@]}"
out="$(XDG_RUNTIME_DIR=/tmp/pkg/xdg systemd-analyze --user verify "${units[@]}" 2>&1)" ||
    { echo "$out"; echo "FAIL: systemd-analyze verify" >&2; exit 1; }
[ -z "$out" ] || { echo "$out"; echo "FAIL: systemd-analyze verify had something to say" >&2; exit 1; }
echo "systemd-analyze verify: ${#units[@]} units, nothing to say"
INSIDE

echo "== lintian $deb"
lintian --fail-on error --display-info "$deb" || { echo "FAIL: lintian reports errors" >&2; exit 1; }
echo "test-package: passed"
