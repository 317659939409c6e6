-- gridforge server schema, SQLite. Times are Unix milliseconds.

-- Secrets shared by every server on this database (the start-token key).
CREATE TABLE IF NOT EXISTS server_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    secret BLOB NOT NULL,
    created_at INTEGER NOT NULL
);

-- Every verified Triplex solve. The token's nonce is the key, so a token
-- can be used once.
CREATE TABLE IF NOT EXISTS triplex_solves (
    nonce BLOB PRIMARY KEY NOT NULL,
    level TEXT NOT NULL,
    time_ms INTEGER NOT NULL,
    solved_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS triplex_solves_level_time ON triplex_solves (level, time_ms);

-- The first verified solver of each level (keyed by the level description,
-- which outlives pack numbering); the name is set once.
CREATE TABLE IF NOT EXISTS triplex_first_solvers (
    level TEXT PRIMARY KEY NOT NULL,
    nonce BLOB NOT NULL,
    name TEXT,
    solved_at INTEGER NOT NULL
);
