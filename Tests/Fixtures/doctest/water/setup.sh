weft var set water 3 >/dev/null
