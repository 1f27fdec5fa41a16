TITLE="a 1 MB template of {{x}} (resolve -)"
make_input() { python3 -c "print('{{x}}' * (200000 * $2))" > "$1/template.txt"; }
run_case() { "$1" resolve - --providers "$2/providers" --cache "$2/cache" < "$3/template.txt"; }
