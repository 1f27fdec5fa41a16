#!/bin/bash
# The installed tree of weft and the two things made of it (make deb, make release):
#   scripts/package.sh stage DIR     DIR/usr: make install's files (bin/, .build/man/) with PREFIX=/usr, the systemd
#                                    user units, the example providers, the copyright and changelog.Debian.gz
#   scripts/package.sh deb OUTDIR    OUTDIR/weft_VERSION-REVISION_ARCH.deb from a fresh stage, through dpkg-deb
#   scripts/package.sh tarball OUTDIR  OUTDIR/weft-VERSION-linux-ARCH.tar.gz of the same stage
# Each writes OUTDIR/SHA256SUMS again over every .deb and .tar.gz there. Run from the repository's top folder after
# the release binaries (bin/) and the man pages (.build/man/) are built.
set -euo pipefail

weft=bin/weft
work=.build-pkg
# One owner: WeftVersion.current, as `weft --version` prints it; the package's Debian revision follows it (a
# non-native package, so its changelog is changelog.Debian.gz).
upstream="$("$weft" --version)"
version="$upstream-${DEB_REVISION:-1}"
arch="$(dpkg --print-architecture)"
# Reproducible dates: the commit's, as Debian's tools read SOURCE_DATE_EPOCH.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
maintainer="$(git log -1 --format='%an <%ae>' 2>/dev/null || echo 'weft maintainers <weft@localhost>')"

stage() {
    local root="$1"
    rm -rf "$root"
    make --no-print-directory install-files DESTDIR="$root" PREFIX=/usr >/dev/null
    local usr="$root/usr" doc="$root/usr/share/doc/weft"
    # Debian's place for a package's zsh completions (site-functions is the administrator's).
    install -d "$usr/share/zsh/vendor-completions"
    mv "$usr/share/zsh/site-functions/_weft" "$usr/share/zsh/vendor-completions/_weft"
    rmdir "$usr/share/zsh/site-functions"
    # A completion is sourced, not run: no #! line (the generated script starts with one).
    sed -i '1{/^#!/d}' "$usr/share/bash-completion/completions/weft"
    # SwiftPM links with RPATH=$ORIGIN; the installed binaries load only system libraries. .comment holds only the
    # compilers' names.
    chrpath -d "$usr/bin/weft" "$usr/bin/weft-serve" "$usr/bin/weft-notify" >/dev/null
    strip --remove-section=.comment "$usr/bin/weft" "$usr/bin/weft-serve" "$usr/bin/weft-notify"
    gzip -9n "$usr"/share/man/man*/*
    # weft-serve and weft-notify are the programs behind `weft serve` and `weft notify`: weft(1) is their page.
    ln -s weft.1.gz "$usr/share/man/man1/weft-serve.1.gz"
    ln -s weft.1.gz "$usr/share/man/man1/weft-notify.1.gz"
    "$weft" schedule --package-units "$usr/lib/systemd/user"
    # The repository's providers/ as a whole (its files name their data as examples/…, relative to themselves).
    install -d "$doc/examples/providers"
    cp -r providers/. "$doc/examples/providers/"
    install -m 644 packaging/copyright "$doc/copyright"
    changelog "$doc"
    find "$root" -type d -exec chmod 755 {} +
    find "$root" -type f ! -perm -u+x -exec chmod 644 {} +
    find "$root" -type f -perm -u+x -exec chmod 755 {} +
}

# changelog.Debian.gz: one entry for this version, dated at the commit.
changelog() {
    local date
    date="$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
    printf '%s\n' "weft ($version) unstable; urgency=medium" "" \
        "  * Built from the weft repository at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)." "" \
        " -- $maintainer  $date" | gzip -9n >"$1/changelog.Debian.gz"
}

# Depends: the libraries the binaries link (dpkg-shlibdeps on their NEEDED entries, with versions from the symbols
# files) and those they dlopen at run time (libcurl, libical, libxml2, libsystemd: their sonames are literals in the
# binaries), each named by the package that owns it here.
depends() {
    local usr="$1/usr" shl="$work/shlibdeps" linked soname path owner extra=()
    rm -rf "$shl" && mkdir -p "$shl/debian"
    printf 'Source: weft\n\nPackage: weft\nArchitecture: any\n' >"$shl/debian/control"
    linked="$(cd "$shl" && dpkg-shlibdeps -O -e "$OLDPWD/$usr/bin/weft" -e "$OLDPWD/$usr/bin/weft-serve" \
        -e "$OLDPWD/$usr/bin/weft-notify" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
    [ -n "$linked" ] || { echo "dpkg-shlibdeps found no libraries" >&2; exit 1; }
    local needed
    needed="$(objdump -p "$usr"/bin/* | awk '$1 == "NEEDED" { print $2 }' | sort -u)"
    for soname in $(strings -a "$usr"/bin/* | grep -E '^lib[A-Za-z0-9_+-]+\.so\.[0-9]+$' | sort -u); do
        grep -qxF "$soname" <<<"$needed" && continue
        path="$(ldconfig -p | awk -v s="$soname" '$1 == s { print $NF; exit }')"
        [ -n "$path" ] || { echo "no $soname on this machine to name its package" >&2; exit 1; }
        owner="$(dpkg -S "$(readlink -f "$path")" | head -1 | cut -d: -f1)"
        extra+=("$owner")
    done
    { tr ',' '\n' <<<"$linked" | sed 's/^ *//'; printf '%s\n' "${extra[@]}"; } | sort -u -t' ' -k1,1 | paste -sd, |
        sed 's/,/, /g'
}

sums() {
    (cd "$1" && sha256sum -- *.deb *.tar.gz 2>/dev/null >SHA256SUMS || true)
}

deb() {
    local out="$1" root="$work/deb"
    stage "$root"
    local deps size
    deps="$(depends "$root")"
    size="$(du -sk --apparent-size "$root/usr" | cut -f1)"
    install -d "$root/DEBIAN"
    cat >"$root/DEBIAN/control" <<EOF
Package: weft
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $deps
Section: utils
Priority: optional
Description: local data providers and snapshot cache for status bars
 weft refreshes providers (weather nowcasts over HTTP, next-up events from
 iCalendar files and URLs, step counts and habits from exports, anything a
 program prints as JSON) into one SQLite cache, and resolves templates such
 as '{{__weather_nowcast}} · {{__calendar_next_title}}' from it for status
 bars, prompts and scripts, fast enough to run every second.
 .
 The package holds weft, weft-serve (the loopback dashboard and API behind
 weft serve) and weft-notify (desktop notifications behind weft notify), the
 systemd user units weft-refresh.timer and weft-notify.service, shell
 completions and example provider files.
EOF
    (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
    chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    install -d "$out"
    local file="$out/weft_${version}_${arch}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$root" "$file" >/dev/null
    sums "$out"
    echo "$file"
}

tarball() {
    local out="$1" root="$work/tar"
    stage "$root"
    install -d "$out"
    local file="$out/weft-${upstream}-linux-${arch}.tar.gz"
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$root" -cf - usr |
        gzip -9n >"$file"
    sums "$out"
    echo "$file"
}

case "${1:-}" in
    stage) stage "$2" ;;
    deb) deb "$2" ;;
    tarball) tarball "$2" ;;
    *) echo "usage: $0 stage DIR | deb OUTDIR | tarball OUTDIR" >&2; exit 64 ;;
esac
