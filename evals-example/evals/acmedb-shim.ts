// A stub of the vendor CLI: answers like the real one would, without an account or a network.
export const acmedbStub = {
  script: `
case "$1" in
  init) echo "Created project $3"; mkdir -p .acmedb && echo "$3" > .acmedb/project ;;
  connection-string) echo "postgres://app:secret@my-app.eu-west.acmedb.example/main" ;;
  *) echo "acmedb: unknown command $1" >&2; exit 2 ;;
esac
`,
};
