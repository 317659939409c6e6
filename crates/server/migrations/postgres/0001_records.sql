-- gridforge server schema, PostgreSQL. Times are Unix milliseconds.

-- Secrets shared by every server on this database (the start-token key).
CREATE TABLE IF NOT EXISTS server_secrets (
    name TEXT PRIMARY KEY,
    secret BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);

-- Every verified Triplex solve. The token's nonce is the key, so a token
-- can be used once.
CREATE TABLE IF NOT EXISTS triplex_solves (
    nonce BYTEA PRIMARY KEY,
    level TEXT NOT NULL,
    time_ms BIGINT NOT NULL,
    solved_at BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS triplex_solves_level_time ON triplex_solves (level, time_ms);

-- The first verified solver of each level (keyed by the level description,
-- which outlives pack numbering); the name is set once.
CREATE TABLE IF NOT EXISTS triplex_first_solvers (
    level TEXT PRIMARY KEY,
    nonce BYTEA NOT NULL,
    name TEXT,
    solved_at BIGINT NOT NULL
);
