-- Clues only after start (issue 38). Times are Unix milliseconds.

-- Who started which daily, and when first: `starter` is `account:<id>` for
-- a signed-in account (its time runs from this first start, whatever it
-- restarts, reloads or plays on another device) or `token:<nonce hex>` for
-- an anonymous start token that asked the daily's own help. `assisted`:
-- the daily's hint or candidates route answered this starter, so its solve
-- is assisted.
CREATE TABLE IF NOT EXISTS daily_starts (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    starter TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    assisted BOOLEAN NOT NULL,
    PRIMARY KEY (game, day, variant, starter)
);
