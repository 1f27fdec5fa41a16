TITLE="weft bar reading an 8 MB click line without a newline, then a click"
# The i3bar of the CLI test (Tests/Fixtures/bar/i3bar-long-click.py) sends the line and the click, and ends when
# the clicked block has rendered again.
make_input() {
  cp "$here/../Tests/Fixtures/bar/i3bar-long-click.py" "$1/client.py"
  printf '[[block]]\nname = "water"\ntemplate = "water {{water|0}}/8"\non_click = ["weft", "var", "incr", "water"]\n' \
    > "$1/bar.toml"
  echo $(((8 << 20) * $2)) > "$1/size"
}
run_case() {
  python3 "$3/client.py" "$1" "$3/bar.toml" "$(cat "$3/size")" --providers "$2/providers" --cache "$2/cache"
}
