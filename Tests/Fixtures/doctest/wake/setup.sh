weft alarm add 07:00 --days daily --label Wake >/dev/null
