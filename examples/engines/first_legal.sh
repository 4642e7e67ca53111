#!/bin/sh
# A complete huegames engine in POSIX shell: it plays the first legal move.
# Protocol version 1 (docs/arena.md): one JSON object a line on stdin and
# stdout. huegames writes each message on one line, compact, its keys in the
# documented order ("type" first, then "id" in a go), so a prefix tells the
# message; an engine ignores what it does not know.
#
#   huegames tournament linja --engine first=examples/engines/first_legal.sh \
#       --bots first,random --games 4 --out results.jsonl

while IFS= read -r line; do
    case $line in
    '{"type":"hello"'*)
        printf '{"type":"ready","name":"first-legal","version":"1"}\n' ;;
    '{"type":"go"'*)
        id=$(printf '%s\n' "$line" | sed -n 's/^{"type":"go","id":\([0-9]*\).*/\1/p')
        move=$(printf '%s\n' "$line" | sed -n 's/.*"legal":\["\([^"]*\)".*/\1/p')
        printf '{"type":"move","id":%s,"move":"%s"}\n' "$id" "$move" ;;
    '{"type":"quit"'*)
        exit 0 ;;
    esac  # new_game, game_over and anything unknown: nothing to say
done
