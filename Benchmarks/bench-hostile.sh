#!/usr/bin/env bash
# Hostile inputs that once took super-linear time or memory (issues 20 and 32), each run through the binary at
# 1x, 2x and 4x its size. A row is linear when the time ratio per doubling is at most 2.5 (times under 0.3 s count
# as noise) and fast when the 4x input takes at most 5 s.
#
# One file per case in Benchmarks/hostile/, sourced in a subshell, defines:
#   TITLE            what the case is, with its size at 1x
#   make_input D S   writes the input for scale S (1, 2 or 4) into directory D
#   run_case W H D   runs weft binary W with home H (providers/ and cache/ made) on the input in D
# Usage: bench-hostile.sh WEFT WORKDIR [CASE...]; WEFT_BEFORE=/path/to/older/weft adds its 4x figure beside.
set -uo pipefail
weft=$1
work=$2/hostile
shift 2
limit=${HOSTILE_LIMIT:-120}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for f in "$here"/hostile/*.sh; do cases+=("$(basename "$f" .sh)"); done
fi

# Seconds for one run as a decimal, or "limit" / "crash" (exit code 0 and 1 are answers: a refusal is fine).
measure() {
  local bin=$1 name=$2 input=$3 home
  home=$(mktemp -d "$work/home-XXXXXX")
  mkdir -p "$home/providers" "$home/cache" && chmod 700 "$home" "$home/cache"
  local start end status
  start=$(date +%s.%N)
  (source "$here/hostile/$name.sh" && export -f run_case && timeout "$limit" bash -c 'run_case "$@"' _ "$bin" "$home" "$input") \
    >/dev/null 2>&1
  status=$?
  end=$(date +%s.%N)
  rm -rf "$home"
  case $status in
  0 | 1) python3 -c "print(f'{$end - $start:.2f}')" ;;
  124) echo limit ;;
  *) echo "crash($status)" ;;
  esac
}

verdict() {
  python3 - "$@" <<'PY'
import sys
t = sys.argv[1:]
try:
    a, b, c = (float(x) for x in t)
except ValueError:
    print("FAIL"); sys.exit()
def ratio(x, y):
    return y / x if x > 0.3 or y > 0.3 else 1.0
r = max(ratio(a, b), ratio(b, c))
print(f"{r:.2f} " + ("ok" if r <= 2.5 and c <= 5 else "FAIL"))
PY
}

echo "## hostile inputs (issues 20 and 32)"
echo
head="| case | 1x s | 2x s | 4x s | worst ratio per doubling, verdict |"
rule="|---|---|---|---|---|"
[ -n "${WEFT_BEFORE:-}" ] && head="$head before, 4x s |" && rule="$rule---|"
echo "$head"
echo "$rule"
for name in "${cases[@]}"; do
  title=$(source "$here/hostile/$name.sh" && echo "$TITLE")
  times=()
  for scale in 1 2 4; do
    input="$work/$name-$scale"
    if [ ! -e "$input/.done" ]; then
      rm -rf "$input" && mkdir -p "$input"
      (source "$here/hostile/$name.sh" && make_input "$input" "$scale") && touch "$input/.done"
    fi
    times+=("$(measure "$weft" "$name" "$input")")
  done
  row="| $name: $title | ${times[0]} | ${times[1]} | ${times[2]} | $(verdict "${times[@]}") |"
  [ -n "${WEFT_BEFORE:-}" ] && row="$row $(measure "$WEFT_BEFORE" "$name" "$work/$name-4") |"
  echo "$row"
done
echo
