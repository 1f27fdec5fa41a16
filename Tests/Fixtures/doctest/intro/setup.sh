weft refresh --quiet
