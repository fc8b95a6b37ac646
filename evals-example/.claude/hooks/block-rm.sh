#!/bin/sh
# PreToolUse hook (matcher: Bash): refuse recursive deletes outside build/. Exit 2 blocks the
# call; what goes to stderr is shown to Claude as the reason.
input=$(cat)
case "$input" in
  *'"tool_name":"Bash"'*) ;;
  *) exit 0 ;;
esac
if printf '%s' "$input" | grep -Eq '"command":"[^"]*rm -[a-zA-Z]*r[a-zA-Z]* ' &&
  ! printf '%s' "$input" | grep -Eq '"command":"rm -rf build/?"'; then
  echo "Blocked: recursive rm outside build/. Delete the files one by one, or ask the user." >&2
  exit 2
fi
exit 0
