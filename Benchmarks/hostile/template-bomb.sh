TITLE="a stored variable holding {{v}} x 300 (the 3-pass rule)"
make_input() { python3 -c "print('{{v}}' * (300 * $2), end='')" > "$1/value"; }
run_case() {
  local where="--providers $2/providers --cache $2/cache"
  "$1" var set v "$(cat "$3/value")" $where && "$1" resolve '{{v}}' $where
}
