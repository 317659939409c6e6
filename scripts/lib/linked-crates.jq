# The crates a binary links, from `cargo metadata --format-version 1`: the
# root package's normal dependencies, followed transitively, without
# build and dev-dependencies or proc-macros (they run at build time, not in
# the binary). One line per crate: name, version, licence, authors, source.
. as $m
| ($m.resolve.nodes | map({key: .id, value: .}) | from_entries) as $nodes
| ($m.packages | map({key: .id, value: .}) | from_entries) as $pkgs
| def proc_macro($id): any($pkgs[$id].targets[].kind[]; . == "proc-macro");
  def normal_deps($id): $nodes[$id].deps[] | select(any(.dep_kinds[]; .kind == null)) | .pkg | select(proc_macro(.) | not);
  ($m.resolve.root) as $root
| {seen: [$root], todo: [$root]}
| until(.todo == [];
    .todo[0] as $id
    | .todo |= .[1:]
    | reduce normal_deps($id) as $d (.; if (.seen | index([$d])) then . else .seen += [$d] | .todo += [$d] end))
| .seen | map($pkgs[.]) | sort_by(.name) | .[]
| [.name, .version, (.license // ("file:" + (.license_file // "none"))), ((.authors // []) | join("; ") | if . == "" then "-" else . end), (.source // "local")] | @tsv
