# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_gridforge_global_optspecs
    string join \n h/help V/version
end

function __fish_gridforge_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_gridforge_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_gridforge_using_subcommand
    set -l cmd (__fish_gridforge_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c gridforge -n "__fish_gridforge_needs_command" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_needs_command" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "triplex" -d 'Triplex: pack dominoes and trominoes into a rectangle'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "chess" -d 'ChessMemory: generate, check and transform full-board memory-game setups'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "kakuro" -d 'Kakuro: generate unique puzzles, solve and rate them, list digit sets'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "serve" -d 'Run the game server: HTTP API, table of records, embedded web client'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "admin" -d 'Operator tools on the server\'s database (name moderation)'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "backup" -d 'Copy a running server\'s SQLite database to a file, consistently'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "health" -d 'Ask a running server\'s /healthz (a container\'s HEALTHCHECK); exit 0 when it answers 200'
complete -c gridforge -n "__fish_gridforge_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "solve" -d 'Solve a level given by its description (e.g. `4x3:2h,v,Lnw,Lse@`), a file holding one, or `-` for stdin; says unique, several or none (exit 1 for none or several)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "hint" -d 'A hint for a level in play: which placed pieces lie wrong and one piece to place next (the game\'s "show one piece"). Exit 1 when the level has no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "census" -d 'Find every level of one rectangle, or of every rectangle up to an area, for a piece set'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "pack" -d 'Write the level pack the web client plays: every level up to an area, numbered from 1 in increasing difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "game-levels" -d 'Run the census up to area 64 and write the game\'s level list (crates/triplex/data/game-levels.txt): every level up to area 36 in pack order (levels 1 to 724, as before), then every level of area 37 to 64 in pack order. Takes minutes'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "blockpuzzle-levels" -d 'Run the BlockPuzzle census (every rectangle up to an area) and write the BlockPuzzle family\'s level list (crates/triplex/data/blockpuzzle-levels.txt): 500 levels chosen by `select_levels` (equal quotas per area, the hardest of each difficulty slice), easiest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "stats" -d 'List the levels whose players\' median time disagrees most with the solver\'s order (verified solves without hints in the server\'s database)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "web-pack" -d 'Write a family\'s chained pack the web client carries (web/<family>/levels.json): no solutions, level k+1 sealed with a key from level k\'s solution'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "chain-vectors" -d 'Print, as JSON, the chain\'s values for the first levels of a family\'s web pack (cover of the previous solution, code, key, nonce), for testing the web client\'s implementation against this one'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "book" -d 'Write a PDF book of levels: each level\'s rectangle with its pieces under it (the rotatable piece ringed), several a page, then the solutions'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "export-html" -d 'Write the offline game: one HTML file holding the web client\'s code, styles, the chained level pack and every language'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and not __fish_seen_subcommand_from solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -l limit -d 'Stop after this many solutions (2 proves uniqueness)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -l budget -d 'Give up (exit 3) after this many search nodes' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -l timeout -d 'Give up (exit 3) after this many seconds, whatever the node budget' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -l json -d 'Print one JSON object instead of text'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from solve" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -l placed -d 'The pieces placed so far, as `solve` prints a solution: a row per line or rows joined by `/`, each cell its piece\'s letter (`a` is the level\'s first piece) or `.` when empty; text or a file' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -l budget -d 'Give up (exit 3) after this many search nodes' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -l timeout -d 'Give up (exit 3) after this many seconds, whatever the node budget' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -l json -d 'Print one JSON object: {"wrong": [pieces], "next": {"piece", "letter", "shape", "cells"} or null}'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from hint" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l width -d 'Width of the one rectangle (with --height)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l height -d 'Height of the one rectangle (with --width)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l max-area -d 'Every W×H with W ≥ H ≥ 2 and W·H ≤ this' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l threads -d 'Worker threads (default: one per core)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l seed -d 'Seed for the orientation each rotatable piece is shown in' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l budget -d 'Node budget of each solver run' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l pieces -d 'The piece set: `triplex`, `blockpuzzle`, or a list such as `h,v,1(##/#.),@` (a count in front caps a shape, e.g. 1 = at most once; a last `@` allows one rotatable piece)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l select -d 'Print only a family pack\'s selection of this many levels (across sizes, easiest first; see `select_levels`) as the JSON lines' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l plot -d 'Also draw levels and time per rectangle into this SVG file' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l workers -d 'Shard the census over timely dataflow with this many worker threads in each process (1 when only --hostfile or --local-processes is given)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l hostfile -d 'Be one process of a cluster: a file with every process\'s `host:port`, one per line, the same on every host (process 0 prints the results)' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l process -d 'This process\'s line in --hostfile, counting from 0' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l local-processes -d 'Start this many processes on this host, connected over loopback, run the census across them, and report each one\'s peak memory' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -l json -d 'Print one JSON object per level per line on stdout (without it, one line per level: description, solver nodes, solution rows)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from census" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l max-area -d 'Largest rectangle area to include' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l out -d 'The JSON file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l threads -d 'Worker threads (default: one per core)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l seed -d 'Seed for the orientation each rotatable piece is shown in' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l budget -d 'Node budget of each solver run' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -l game -d 'Write the game\'s pack instead (the committed level list, every level solved again: the numbers the server and the web client use)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from pack" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -l out -d 'The text file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -l threads -d 'Worker threads (default: one per core)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -l seed -d 'Seed for the orientation each rotatable piece is shown in' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -l budget -d 'Node budget of each solver run' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from game-levels" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -l out -d 'The text file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -l max-area -d 'Largest rectangle area of the census' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -l threads -d 'Worker threads (default: one per core)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -l seed -d 'Seed for the orientation each rotatable piece is shown in' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -l budget -d 'Node budget of each solver run' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from blockpuzzle-levels" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -l database -d 'The server\'s database: sqlite://path or postgres://…' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -l min-solves -d 'Only levels with at least this many solves without hints' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -l top -d 'How many levels to list' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -l json -d 'Print one JSON object instead of a table'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from stats" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from web-pack" -l out -d 'The JSON file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from web-pack" -l family -d 'The family of puzzles: its level list, chain and web pack' -r -f -a "triplex\t''
blockpuzzle\t''"
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from web-pack" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from web-pack" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from chain-vectors" -l count -d 'How many levels, from level 1' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from chain-vectors" -l family -d 'The family of puzzles: its level list, chain and web pack' -r -f -a "triplex\t''
blockpuzzle\t''"
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from chain-vectors" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from chain-vectors" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l levels -d 'Level numbers of the family\'s pack: N or A-B' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l input -d 'Levels to print instead, one description a line (a file, or - for standard input); each is solved (unique)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l family -d 'The family of puzzles: its level list, chain and web pack' -r -f -a "triplex\t''
blockpuzzle\t''"
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l out -d 'The file to write: the PDF, or with --format svg/png the puzzle\'s picture' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l format -d 'pdf (the book), or svg or png (one puzzle and its solution)' -r -f -a "pdf\t'The book, as PDF'
svg\t'One puzzle (exactly one) as SVG, and its solution beside it as NAME-solution.svg, drawn as in the book'
png\t'The same as PNG at 300 dpi (greyscale), the solution as NAME-solution.png'"
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l paper -d 'Trim size: a4, letter (the same as 8.5x11), a5 or 6x9' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l per-page -d 'Puzzles a page, 1 to 6 (default: as many as fit with clues of 6 pt or more)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l title -d 'The title on the first page (a default names the game); wrapped to three lines at most, and refused if longer or if it holds characters the book\'s font lacks' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l subtitle -d 'A line under the title' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l force -d 'Replace --out (and its -solution picture) if it exists; without it an existing file is refused before any work'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l bleed -d 'Extend every page 1/8 in (9 pt) beyond the trim on each side (BleedBox)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l crop-marks -d 'Draw crop marks at the trim\'s corners, outside the bleed'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -l json -d 'Print one JSON object saying what was written: out, pages, puzzles, paper'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from book" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from export-html" -l out -d 'The HTML file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from export-html" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from export-html" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "solve" -d 'Solve a level given by its description (e.g. `4x3:2h,v,Lnw,Lse@`), a file holding one, or `-` for stdin; says unique, several or none (exit 1 for none or several)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "hint" -d 'A hint for a level in play: which placed pieces lie wrong and one piece to place next (the game\'s "show one piece"). Exit 1 when the level has no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "census" -d 'Find every level of one rectangle, or of every rectangle up to an area, for a piece set'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "pack" -d 'Write the level pack the web client plays: every level up to an area, numbered from 1 in increasing difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "game-levels" -d 'Run the census up to area 64 and write the game\'s level list (crates/triplex/data/game-levels.txt): every level up to area 36 in pack order (levels 1 to 724, as before), then every level of area 37 to 64 in pack order. Takes minutes'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "blockpuzzle-levels" -d 'Run the BlockPuzzle census (every rectangle up to an area) and write the BlockPuzzle family\'s level list (crates/triplex/data/blockpuzzle-levels.txt): 500 levels chosen by `select_levels` (equal quotas per area, the hardest of each difficulty slice), easiest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "stats" -d 'List the levels whose players\' median time disagrees most with the solver\'s order (verified solves without hints in the server\'s database)'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "web-pack" -d 'Write a family\'s chained pack the web client carries (web/<family>/levels.json): no solutions, level k+1 sealed with a key from level k\'s solution'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "chain-vectors" -d 'Print, as JSON, the chain\'s values for the first levels of a family\'s web pack (cover of the previous solution, code, key, nonce), for testing the web client\'s implementation against this one'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "book" -d 'Write a PDF book of levels: each level\'s rectangle with its pieces under it (the rotatable piece ringed), several a page, then the solutions'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "export-html" -d 'Write the offline game: one HTML file holding the web client\'s code, styles, the chained level pack and every language'
complete -c gridforge -n "__fish_gridforge_using_subcommand triplex; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "generate" -d 'Generate valid setups, one 64-letter setup per line'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "check" -d 'Check a setup: print "valid", or one line per piece without exactly one partner and exit with code 1'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "symmetries" -d 'Print the 8 images of a setup under the board\'s symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "pairs" -d 'Print the 32 partner pairs of a valid setup, one line per pair (the squares and the piece\'s letter); an invalid setup is an error'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "book" -d 'Write a PDF book of setups, each an answer sheet for play on a real board: the board with its pieces and the key of its 32 pairs'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "web-pack" -d 'Write the offline pack of setups the web client plays without the server (web/chess/setups.json): valid setups from consecutive seeds, none of them an image of another under the board\'s symmetries, so that the client can vary each one with the 8 symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and not __fish_seen_subcommand_from generate check symmetries pairs book web-pack help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -l count -d 'How many setups to generate' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -l seed -d 'Seed of the first setup; setup i uses seed + i, so each can be made again alone' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -l method -d 'The generator: backtracking search, or the original restart method' -r -f -a "backtrack\t'Backtracking search with propagation (fast)'
restart\t'The original restart method (the slow baseline)'"
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -l json -d 'One JSON object per line: setup, method and the nodes or restarts it took'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from generate" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from check" -l json -d 'Print one JSON object: whether it is valid and every violation'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from check" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from symmetries" -l json -d 'One JSON object per image: the symmetry and the setup'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from symmetries" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from symmetries" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from pairs" -l json -d 'One JSON object: {"pairs": [{"piece", "squares": [a, b]}, …]}'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from pairs" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from pairs" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l count -d 'How many setups to generate' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l seed -d 'Seed of the first setup; setup i uses seed + i' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l input -d 'Setups to print instead, one 64-letter setup a line (a file, or - for standard input)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l out -d 'The file to write: the PDF, or with --format svg/png the puzzle\'s picture' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l format -d 'pdf (the book), or svg or png (one puzzle and its solution)' -r -f -a "pdf\t'The book, as PDF'
svg\t'One puzzle (exactly one) as SVG, and its solution beside it as NAME-solution.svg, drawn as in the book'
png\t'The same as PNG at 300 dpi (greyscale), the solution as NAME-solution.png'"
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l paper -d 'Trim size: a4, letter (the same as 8.5x11), a5 or 6x9' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l per-page -d 'Puzzles a page, 1 to 6 (default: as many as fit with clues of 6 pt or more)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l title -d 'The title on the first page (a default names the game); wrapped to three lines at most, and refused if longer or if it holds characters the book\'s font lacks' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l subtitle -d 'A line under the title' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l force -d 'Replace --out (and its -solution picture) if it exists; without it an existing file is refused before any work'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l bleed -d 'Extend every page 1/8 in (9 pt) beyond the trim on each side (BleedBox)'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l crop-marks -d 'Draw crop marks at the trim\'s corners, outside the bleed'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -l json -d 'Print one JSON object saying what was written: out, pages, puzzles, paper'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from book" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from web-pack" -l out -d 'The JSON file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from web-pack" -l count -d 'How many setups the pack holds' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from web-pack" -l seed -d 'Seed of the first setup tried; the same seed and count give the same file' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from web-pack" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from web-pack" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "generate" -d 'Generate valid setups, one 64-letter setup per line'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "check" -d 'Check a setup: print "valid", or one line per piece without exactly one partner and exit with code 1'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "symmetries" -d 'Print the 8 images of a setup under the board\'s symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "pairs" -d 'Print the 32 partner pairs of a valid setup, one line per pair (the squares and the piece\'s letter); an invalid setup is an error'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "book" -d 'Write a PDF book of setups, each an answer sheet for play on a real board: the board with its pieces and the key of its 32 pairs'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "web-pack" -d 'Write the offline pack of setups the web client plays without the server (web/chess/setups.json): valid setups from consecutive seeds, none of them an image of another under the board\'s symmetries, so that the client can vary each one with the 8 symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand chess; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "generate" -d 'Generate puzzles with exactly one solution, rated at the asked difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "solve" -d 'Solve a puzzle: print the solution and whether it is unique. Exits with code 1 when there is no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "rate" -d 'Rate a puzzle: the hardest technique the logical solver needs, and what the search solver spends on it. Exits with code 1 when the puzzle has no solution or more than one (and then does not rate it)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "hint" -d 'A hint for a position: the mistakes among the digits written in, or the deductions up to the next digit the logical solver places, each with its technique and why'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "combos" -d 'List every set of distinct digits 1-9 with the given sum and number of cells. Exits with code 1 when there is none'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "book" -d 'Write a PDF puzzle book: a title page, the puzzles several a page (large ones a page each) with number and difficulty, then the solutions. The same arguments give the same bytes'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "web-pack" -d 'Write the pack of pregenerated puzzles the web client plays when the server cannot be reached (web/kakuro/puzzles.json): `--count` puzzles of every size and difficulty, each as its layout and digits (the clues follow from them)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and not __fish_seen_subcommand_from generate solve rate hint combos book web-pack help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l size -d 'Board size N (an N×N grid including the clue row and column), 6 to 30' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l width -d 'Columns of a rectangular board (including the clue column), 6 to 30; with --height' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l height -d 'Rows of a rectangular board (including the clue row), 6 to 30; with --width' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l difficulty -d 'easy, medium, hard or expert' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l seed -d 'Seed of the first puzzle; puzzle i uses seed + i, so each can be made again alone' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l count -d 'How many puzzles to generate' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -l json -d 'One JSON object per line: size, difficulty, seed, puzzle, solution, technique'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from generate" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from solve" -l budget -d 'Search nodes allowed before giving up (exit 3)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from solve" -l timeout -d 'Give up (exit 3) after this many seconds, whatever the node budget' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from solve" -l json -d 'Print one JSON object: status, solutions and search statistics'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from solve" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from solve" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from rate" -l budget -d 'Nodes the search and then the logical solver may each spend before giving up (exit 3)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from rate" -l timeout -d 'Give up (exit 3) after this many seconds, whatever the node budget' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from rate" -l json -d 'Print one JSON object'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from rate" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from rate" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -l candidates -d 'A JSON file of pencil marks: {"row,col": [digits], ...} (0-based, as the API takes them)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -l budget -d 'Nodes the uniqueness proof and then the logical solver may each spend before giving up (exit 3)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -l timeout -d 'Give up (exit 3) after this many seconds, whatever the node budget' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -l json -d 'Print the JSON answer of POST /api/kakuro/hint'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from hint" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from combos" -l placed -d 'Digits already placed in the run (for example 13): only sets holding them' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from combos" -l excluded -d 'Digits ruled out (for example 89): only sets without them' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from combos" -l json -d 'Print one JSON array of the sets'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from combos" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from combos" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l size -d 'Board size N (N×N including the clue row and column), 6 to 30' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l width -d 'Columns of a rectangular board (including the clue column), 6 to 30; with --height' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l height -d 'Rows of a rectangular board (including the clue row), 6 to 30; with --width' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l difficulty -d 'easy, medium, hard or expert (with --size or --width and --height)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l mix -d 'A book of mixed difficulty: counts per difficulty, such as easy:10,medium:10,hard:10; printed easiest first, each captioned with its grade' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l seed -d 'Seed of the first puzzle; puzzle i uses seed + i' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l count -d 'How many puzzles to generate' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l input -d 'Puzzles to print instead, as `generate` writes them (a file, or - for standard input); each is solved (unique) and rated' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l out -d 'The file to write: the PDF, or with --format svg/png the puzzle\'s picture' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l format -d 'pdf (the book), or svg or png (one puzzle and its solution)' -r -f -a "pdf\t'The book, as PDF'
svg\t'One puzzle (exactly one) as SVG, and its solution beside it as NAME-solution.svg, drawn as in the book'
png\t'The same as PNG at 300 dpi (greyscale), the solution as NAME-solution.png'"
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l paper -d 'Trim size: a4, letter (the same as 8.5x11), a5 or 6x9' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l per-page -d 'Puzzles a page, 1 to 6 (default: as many as fit with clues of 6 pt or more)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l title -d 'The title on the first page (a default names the game); wrapped to three lines at most, and refused if longer or if it holds characters the book\'s font lacks' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l subtitle -d 'A line under the title' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l force -d 'Replace --out (and its -solution picture) if it exists; without it an existing file is refused before any work'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l bleed -d 'Extend every page 1/8 in (9 pt) beyond the trim on each side (BleedBox)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l crop-marks -d 'Draw crop marks at the trim\'s corners, outside the bleed'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -l json -d 'Print one JSON object saying what was written: out, pages, puzzles, paper'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from book" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from web-pack" -l out -d 'The JSON file to write' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from web-pack" -l seed -d 'Seed of each size and difficulty\'s first puzzle; puzzle i uses seed + i' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from web-pack" -l count -d 'Puzzles per size and difficulty' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from web-pack" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from web-pack" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "generate" -d 'Generate puzzles with exactly one solution, rated at the asked difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "solve" -d 'Solve a puzzle: print the solution and whether it is unique. Exits with code 1 when there is no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "rate" -d 'Rate a puzzle: the hardest technique the logical solver needs, and what the search solver spends on it. Exits with code 1 when the puzzle has no solution or more than one (and then does not rate it)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "hint" -d 'A hint for a position: the mistakes among the digits written in, or the deductions up to the next digit the logical solver places, each with its technique and why'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "combos" -d 'List every set of distinct digits 1-9 with the given sum and number of cells. Exits with code 1 when there is none'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "book" -d 'Write a PDF puzzle book: a title page, the puzzles several a page (large ones a page each) with number and difficulty, then the solutions. The same arguments give the same bytes'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "web-pack" -d 'Write the pack of pregenerated puzzles the web client plays when the server cannot be reached (web/kakuro/puzzles.json): `--count` puzzles of every size and difficulty, each as its layout and digits (the clues follow from them)'
complete -c gridforge -n "__fish_gridforge_using_subcommand kakuro; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l addr -d 'Address to listen on: IP:PORT, or unix:/PATH for a Unix socket (for a proxy on the same host; its peer is trusted as a proxy, so the client is the one its X-Forwarded-For names). A socket passed by systemd (gridforge.socket, LISTEN_FDS) is used instead when present' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l socket-mode -d 'The Unix socket\'s file mode, in octal (e.g. 0660: the owner and its group, such as the proxy\'s, may connect) [default: what the umask leaves]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l tls-cert -d 'Serve HTTPS with the certificate chain in this PEM file (the server\'s certificate first); with --tls-key. Both files are read again on SIGHUP: new connections get the new certificate, open ones go on' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l tls-key -d 'The private key of --tls-cert, a PEM file (PKCS#8, PKCS#1 or SEC1)' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l test-clock-file -d 'For the browser tests only: the server\'s clock is the system\'s plus the milliseconds written in this file, read again every 100 ms (so a test can move a running server past a daily\'s close). Hidden' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l database -d 'Database: `sqlite://FILE` (created on first start, WAL journal) or a `postgres://USER@HOST/DB` URL. Without it, the URL is read from the file GRIDFORGE_DATABASE_URL_FILE names, or from the systemd credential `database-url` (LoadCredential=) [default: sqlite://gridforge.db]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l db-connections -d 'Database connections this server may hold' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l rate-limit -d 'Write (POST) requests per second one client network (an IPv4 address, an IPv6 prefix: --ipv6-prefix), and one signed-in account, may make on average; 0 turns the limit off' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l rate-burst -d 'Write requests one client network or account may make in a burst' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l compute-slots -d 'Generator and solver runs at once [default: one per core]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l header-timeout -d 'Seconds a client has to send a request\'s headers, from the connection\'s opening or the end of the previous answer; then the connection is closed' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l idle-timeout -d 'Seconds a kept-alive connection may wait idle for its next request before it is closed (the header timeout closes it first if shorter)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l request-timeout -d 'Seconds a whole request, body included, may take; then the answer is 408 with a JSON error' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l max-connections -d 'Client connections open at once; further ones wait to be accepted until one closes. Lowered at start if the open-file limit is too low' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l trusted-proxy -d 'A proxy (CIDR, or one address) whose `X-Forwarded-For` names the client, for the rate limit and the logs; repeat for several. From any other peer the header is ignored' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l metrics-addr -d 'Serve Prometheus metrics at http://ADDR/metrics, a listener of their own (keep it off the public network) [default: no metrics]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l public-url -d 'The URL people open the server at, e.g. `https://puzzles.example.org`: its host name is the passkeys\' relying-party id, its origin the only one account requests may come from, and https makes the session cookie `Secure` [default: http://localhost on any port; open the client at localhost, not 127.0.0.1, to use passkeys]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l accounts-per-day -d 'Accounts one network (an IPv4 address, an IPv6 /64) may make a UTC day' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l provisional-days -d 'Days a new account stays provisional: marked so on the tables, its first-solver claims held for review (0: never provisional)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l dailies-every -d 'Seconds between two looks of the background task that makes today\'s and tomorrow\'s dailies (and one missing archive day per look) before anyone asks for them, in a compute slot of their own' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l dailies-archive-days -d 'Past days whose dailies the background task makes (newest first); older archive days are made on first request. 0: today and tomorrow only' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l ipv6-prefix -d 'Bits of an IPv6 client\'s prefix that count as one network for the rate limits (an IPv4 client counts by its address): 64 gives a /64, what one household or host is given; 56 a /56' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l compute-budget -d 'Compute time (seconds a generator or solver holds a compute slot) one client network, and one signed-in account, may spend per --compute-window; past it, its generator and solver requests (and archive days made on request) get 429 with Retry-After until enough has come back. 0 turns the budget off' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l compute-window -d 'The window the compute budget refills over, evenly' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l compute-queue -d 'Generator and solver requests that may wait for a compute slot at once (the least-spent client first); further ones get 503 with Retry-After at once. Default: four per compute slot' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l compute-deadline -d 'The compute queue\'s deadline: a request that waited this long for a slot gets 503 with Retry-After instead of running late' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l read-rate-limit -d 'Read requests (GET, HEAD: pages, levels, tables, health) per second one client network may make on average; 0 turns the limit off' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l read-rate-burst -d 'Read requests one client network may make in a burst' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l prune-every -d 'Seconds between two prunes of storage by the maintenance task (ChessMemory games that never turned a square, uncounted solves past --uncounted-per-daily); 0: never' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l abandoned-after -d 'Seconds after its start a ChessMemory game that never turned a square is deleted' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l uncounted-per-daily -d 'Uncounted solves (past days, replays) kept per player and daily, the fastest; the rest are pruned' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l log-format -d 'Log format on stderr' -r -f -a "text\t'Human-readable lines with key=value fields'
json\t'One JSON object per line'"
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l log -d 'Log filter, e.g. `info` or `gridforge_server=debug,tower_http=debug`' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -l access-log -d 'The access log: one line per request (method, route and path, status, bytes, latency in µs, client address, user agent, request id, also sent as X-Request-Id), as text or JSON, or off; not subject to --log [default: the --log-format]' -r -f -a "text\t'Human-readable lines with key=value fields'
json\t'One JSON object per line, the fields at its top level'
off\t'No access log'"
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gridforge -n "__fish_gridforge_using_subcommand serve" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "names" -d 'Names on the tables: Triplex first solvers and daily puzzle solvers (`daily/<game>/<date>/<variant>/<player>`): list, hide, show again, rename, and the audit log of every change'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "review" -d 'The review queue (issue 38): table entries held off the public tables (flagged solving paths, no path, provisional claims, perfect games), with their path statistics and flags, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "approve" -d 'Approve a held entry: it goes on the public tables'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "void" -d 'Void an entry: it leaves every table for good (a first-solver claim is removed and the level can be claimed again)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "ban" -d 'Ban an account: its solves leave every table, its sessions end, and its start requests are refused (403)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "audit" -d 'The review audit: every hold, approval, void and ban, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and not __fish_seen_subcommand_from names review approve void ban audit help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "list" -d 'Every level\'s first solver with their name, then every named daily solve (`daily/…`), hidden ones marked'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "hide" -d 'Show a first solver as anonymous everywhere the API shows names (the name is kept and can be shown again)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "unhide" -d 'Show a hidden name again'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "rename" -d 'Replace a first solver\'s name (1 to 32 characters, no control characters)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "log" -d 'The audit table: every hide, unhide and rename, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from names" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from review" -l database -d 'Database: `sqlite://FILE` (must exist) or a `postgres://` URL' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from review" -l json -d 'One JSON array: id, what, first, player, account, time_ms, solved_at, reason, path_stats, flags'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from review" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from review" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from approve" -l database -d 'Database: `sqlite://FILE` (must exist) or a `postgres://` URL' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from approve" -l actor -d 'Who is acting, for the audit table [default: the OS user]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from approve" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from approve" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from void" -l reason -d 'Why, for the audit table' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from void" -l database -d 'Database: `sqlite://FILE` (must exist) or a `postgres://` URL' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from void" -l actor -d 'Who is acting, for the audit table [default: the OS user]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from void" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from void" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from ban" -l reason -d 'Why, for the audit table' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from ban" -l database -d 'Database: `sqlite://FILE` (must exist) or a `postgres://` URL' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from ban" -l actor -d 'Who is acting, for the audit table [default: the OS user]' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from ban" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from ban" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from audit" -l database -d 'Database: `sqlite://FILE` (must exist) or a `postgres://` URL' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from audit" -l json -d 'One JSON array: id, at, actor, action, entry, reason'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from audit" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from audit" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "names" -d 'Names on the tables: Triplex first solvers and daily puzzle solvers (`daily/<game>/<date>/<variant>/<player>`): list, hide, show again, rename, and the audit log of every change'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "review" -d 'The review queue (issue 38): table entries held off the public tables (flagged solving paths, no path, provisional claims, perfect games), with their path statistics and flags, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "approve" -d 'Approve a held entry: it goes on the public tables'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "void" -d 'Void an entry: it leaves every table for good (a first-solver claim is removed and the level can be claimed again)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "ban" -d 'Ban an account: its solves leave every table, its sessions end, and its start requests are refused (403)'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "audit" -d 'The review audit: every hold, approval, void and ban, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand backup" -l database -d 'The database to copy: `sqlite://FILE`. Servers may keep writing to it meanwhile. (PostgreSQL: use pg_dump, see the README.)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand backup" -l out -d 'The copy to write; must not exist. It appears only once complete and checked' -r -F
complete -c gridforge -n "__fish_gridforge_using_subcommand backup" -l json -d 'One JSON object: out, bytes, solves'
complete -c gridforge -n "__fish_gridforge_using_subcommand backup" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand backup" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand health" -l addr -d 'The server\'s address, as `gridforge serve --addr` takes it (an unspecified address such as 0.0.0.0 is asked on loopback)' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand health" -l timeout -d 'Seconds to wait for the answer' -r
complete -c gridforge -n "__fish_gridforge_using_subcommand health" -s h -l help -d 'Print help'
complete -c gridforge -n "__fish_gridforge_using_subcommand health" -s V -l version -d 'Print version'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "triplex" -d 'Triplex: pack dominoes and trominoes into a rectangle'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "chess" -d 'ChessMemory: generate, check and transform full-board memory-game setups'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "kakuro" -d 'Kakuro: generate unique puzzles, solve and rate them, list digit sets'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "serve" -d 'Run the game server: HTTP API, table of records, embedded web client'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "admin" -d 'Operator tools on the server\'s database (name moderation)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "backup" -d 'Copy a running server\'s SQLite database to a file, consistently'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "health" -d 'Ask a running server\'s /healthz (a container\'s HEALTHCHECK); exit 0 when it answers 200'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and not __fish_seen_subcommand_from triplex chess kakuro serve admin backup health help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "solve" -d 'Solve a level given by its description (e.g. `4x3:2h,v,Lnw,Lse@`), a file holding one, or `-` for stdin; says unique, several or none (exit 1 for none or several)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "hint" -d 'A hint for a level in play: which placed pieces lie wrong and one piece to place next (the game\'s "show one piece"). Exit 1 when the level has no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "census" -d 'Find every level of one rectangle, or of every rectangle up to an area, for a piece set'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "pack" -d 'Write the level pack the web client plays: every level up to an area, numbered from 1 in increasing difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "game-levels" -d 'Run the census up to area 64 and write the game\'s level list (crates/triplex/data/game-levels.txt): every level up to area 36 in pack order (levels 1 to 724, as before), then every level of area 37 to 64 in pack order. Takes minutes'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "blockpuzzle-levels" -d 'Run the BlockPuzzle census (every rectangle up to an area) and write the BlockPuzzle family\'s level list (crates/triplex/data/blockpuzzle-levels.txt): 500 levels chosen by `select_levels` (equal quotas per area, the hardest of each difficulty slice), easiest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "stats" -d 'List the levels whose players\' median time disagrees most with the solver\'s order (verified solves without hints in the server\'s database)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "web-pack" -d 'Write a family\'s chained pack the web client carries (web/<family>/levels.json): no solutions, level k+1 sealed with a key from level k\'s solution'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "chain-vectors" -d 'Print, as JSON, the chain\'s values for the first levels of a family\'s web pack (cover of the previous solution, code, key, nonce), for testing the web client\'s implementation against this one'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "book" -d 'Write a PDF book of levels: each level\'s rectangle with its pieces under it (the rotatable piece ringed), several a page, then the solutions'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from triplex" -f -a "export-html" -d 'Write the offline game: one HTML file holding the web client\'s code, styles, the chained level pack and every language'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "generate" -d 'Generate valid setups, one 64-letter setup per line'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "check" -d 'Check a setup: print "valid", or one line per piece without exactly one partner and exit with code 1'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "symmetries" -d 'Print the 8 images of a setup under the board\'s symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "pairs" -d 'Print the 32 partner pairs of a valid setup, one line per pair (the squares and the piece\'s letter); an invalid setup is an error'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "book" -d 'Write a PDF book of setups, each an answer sheet for play on a real board: the board with its pieces and the key of its 32 pairs'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from chess" -f -a "web-pack" -d 'Write the offline pack of setups the web client plays without the server (web/chess/setups.json): valid setups from consecutive seeds, none of them an image of another under the board\'s symmetries, so that the client can vary each one with the 8 symmetries'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "generate" -d 'Generate puzzles with exactly one solution, rated at the asked difficulty'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "solve" -d 'Solve a puzzle: print the solution and whether it is unique. Exits with code 1 when there is no solution or more than one'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "rate" -d 'Rate a puzzle: the hardest technique the logical solver needs, and what the search solver spends on it. Exits with code 1 when the puzzle has no solution or more than one (and then does not rate it)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "hint" -d 'A hint for a position: the mistakes among the digits written in, or the deductions up to the next digit the logical solver places, each with its technique and why'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "combos" -d 'List every set of distinct digits 1-9 with the given sum and number of cells. Exits with code 1 when there is none'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "book" -d 'Write a PDF puzzle book: a title page, the puzzles several a page (large ones a page each) with number and difficulty, then the solutions. The same arguments give the same bytes'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from kakuro" -f -a "web-pack" -d 'Write the pack of pregenerated puzzles the web client plays when the server cannot be reached (web/kakuro/puzzles.json): `--count` puzzles of every size and difficulty, each as its layout and digits (the clues follow from them)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "names" -d 'Names on the tables: Triplex first solvers and daily puzzle solvers (`daily/<game>/<date>/<variant>/<player>`): list, hide, show again, rename, and the audit log of every change'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "review" -d 'The review queue (issue 38): table entries held off the public tables (flagged solving paths, no path, provisional claims, perfect games), with their path statistics and flags, oldest first'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "approve" -d 'Approve a held entry: it goes on the public tables'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "void" -d 'Void an entry: it leaves every table for good (a first-solver claim is removed and the level can be claimed again)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "ban" -d 'Ban an account: its solves leave every table, its sessions end, and its start requests are refused (403)'
complete -c gridforge -n "__fish_gridforge_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "audit" -d 'The review audit: every hold, approval, void and ban, oldest first'
