-- Daily puzzles (issue 29). Times are Unix milliseconds, days ISO dates.

-- Each day's puzzles, generated on first request and stored so that a
-- restart or a second server never changes them: game (`kakuro`, `chess`),
-- day, variant (a Kakuro difficulty, `setup` for ChessMemory). The
-- solution never leaves the server.
CREATE TABLE IF NOT EXISTS daily_puzzles (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game, day, variant)
);

-- Every verified daily solve. `nonce` (the start token's nonce, or the
-- ChessMemory game's id) is used once; a player has at most one counted
-- solve per daily (the partial unique index). `counted`: started and
-- finished within the day and its grace, so on the table; `assisted`:
-- hints or checks used (on the table apart from the clean times).
CREATE TABLE IF NOT EXISTS daily_solves (
    nonce BLOB PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    player TEXT NOT NULL,
    time_ms INTEGER NOT NULL,
    moves INTEGER,
    assisted BOOLEAN NOT NULL,
    counted BOOLEAN NOT NULL,
    name TEXT,
    hidden_at INTEGER,
    solved_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS daily_solves_one_counted
    ON daily_solves (game, day, variant, player) WHERE counted;
CREATE INDEX IF NOT EXISTS daily_solves_table
    ON daily_solves (game, day, variant, counted, assisted, time_ms);

-- ChessMemory dailies played through the API: the layout stays on the
-- server, which keeps each game's state and decides when it is won.
-- `matched` is a 64-bit mask of found pairs' squares; `shown` the squares
-- of the open move (`12` or `12 40`, empty when none); `log` every turned
-- square in order; `turns` also versions the row (a turn updates the row
-- only if no other turn came in between).
CREATE TABLE IF NOT EXISTS daily_chess_games (
    id BLOB PRIMARY KEY NOT NULL,
    day TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT,
    started_at INTEGER NOT NULL,
    next_turn_at INTEGER NOT NULL,
    matched INTEGER NOT NULL,
    shown TEXT NOT NULL,
    moves INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    log TEXT NOT NULL,
    finished_at INTEGER
);

CREATE INDEX IF NOT EXISTS daily_chess_games_player ON daily_chess_games (day, player);
