-- A clean time's rank is 1 + the clean counted solves of its daily that are
-- faster. An index of exactly those solves, in rank order, makes that count
-- a range scan of the index alone, of the faster solves only (the table
-- index daily_solves_table has no moves, so a tie on time read every row).
CREATE INDEX IF NOT EXISTS daily_solves_clean_rank
    ON daily_solves (game, day, variant, time_ms, moves) WHERE counted AND NOT assisted;
