-- Only accounts on public tables; first-solver claims timed from an
-- account's first start (issue 38). Times are Unix milliseconds.

-- A daily solve is on a public table, and in anyone's rank, only when an
-- account made it (and its review allows it): the rank index, the rank
-- counts and their triggers now test `account_id IS NOT NULL` too
-- (storage/review.rs `LISTED`, verbatim). An anonymous solve is still
-- recorded; its player is told the rank it would have.
DROP INDEX IF EXISTS daily_solves_clean_rank;
CREATE INDEX IF NOT EXISTS daily_solves_clean_rank
    ON daily_solves (game, day, variant, time_ms, moves)
    WHERE counted AND NOT assisted AND review IN ('none', 'approved') AND account_id IS NOT NULL;

DELETE FROM daily_rank_counts;
-- The counts again, of the public clean solves made by accounts (in
-- shard 0): anonymous solves leave every rank.
INSERT INTO daily_rank_counts (game, day, variant, bucket, shard, solves)
SELECT game, day, variant, bucket, 0, count(*) FROM (
    SELECT game, day, variant, CASE
        WHEN time_ms < 100 THEN time_ms - time_ms % 1
        WHEN time_ms < 1000 THEN time_ms - time_ms % 10
        WHEN time_ms < 10000 THEN time_ms - time_ms % 100
        WHEN time_ms < 100000 THEN time_ms - time_ms % 1000
        WHEN time_ms < 1000000 THEN time_ms - time_ms % 10000
        WHEN time_ms < 10000000 THEN time_ms - time_ms % 100000
        WHEN time_ms < 100000000 THEN time_ms - time_ms % 1000000
        WHEN time_ms < 1000000000 THEN time_ms - time_ms % 10000000
        WHEN time_ms < 10000000000 THEN time_ms - time_ms % 100000000
        WHEN time_ms < 100000000000 THEN time_ms - time_ms % 1000000000
        WHEN time_ms < 1000000000000 THEN time_ms - time_ms % 10000000000
        WHEN time_ms < 10000000000000 THEN time_ms - time_ms % 100000000000
        ELSE time_ms - time_ms % 1000000000000
    END AS bucket
    FROM daily_solves WHERE counted AND NOT assisted
        AND review IN ('none', 'approved') AND account_id IS NOT NULL
) AS clean
GROUP BY game, day, variant, bucket;

DROP TRIGGER IF EXISTS daily_solves_count_clean;
CREATE TRIGGER daily_solves_count_clean
AFTER INSERT ON daily_solves
WHEN NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
    AND NEW.account_id IS NOT NULL
BEGIN
    INSERT INTO daily_rank_counts (game, day, variant, bucket, shard, solves)
    VALUES (NEW.game, NEW.day, NEW.variant, CASE
        WHEN NEW.time_ms < 100 THEN NEW.time_ms - NEW.time_ms % 1
        WHEN NEW.time_ms < 1000 THEN NEW.time_ms - NEW.time_ms % 10
        WHEN NEW.time_ms < 10000 THEN NEW.time_ms - NEW.time_ms % 100
        WHEN NEW.time_ms < 100000 THEN NEW.time_ms - NEW.time_ms % 1000
        WHEN NEW.time_ms < 1000000 THEN NEW.time_ms - NEW.time_ms % 10000
        WHEN NEW.time_ms < 10000000 THEN NEW.time_ms - NEW.time_ms % 100000
        WHEN NEW.time_ms < 100000000 THEN NEW.time_ms - NEW.time_ms % 1000000
        WHEN NEW.time_ms < 1000000000 THEN NEW.time_ms - NEW.time_ms % 10000000
        WHEN NEW.time_ms < 10000000000 THEN NEW.time_ms - NEW.time_ms % 100000000
        WHEN NEW.time_ms < 100000000000 THEN NEW.time_ms - NEW.time_ms % 1000000000
        WHEN NEW.time_ms < 1000000000000 THEN NEW.time_ms - NEW.time_ms % 10000000000
        WHEN NEW.time_ms < 10000000000000 THEN NEW.time_ms - NEW.time_ms % 100000000000
        ELSE NEW.time_ms - NEW.time_ms % 1000000000000
    END, NEW.solved_at % 8, 1)
    ON CONFLICT (game, day, variant, bucket, shard) DO UPDATE SET solves = solves + 1;
END;

DROP TRIGGER IF EXISTS daily_solves_count_review;
CREATE TRIGGER daily_solves_count_review
AFTER UPDATE OF review ON daily_solves
WHEN NEW.counted AND NOT NEW.assisted AND NEW.account_id IS NOT NULL
    AND (OLD.review IN ('none', 'approved')) <> (NEW.review IN ('none', 'approved'))
BEGIN
    INSERT INTO daily_rank_counts (game, day, variant, bucket, shard, solves)
    VALUES (NEW.game, NEW.day, NEW.variant, CASE
        WHEN NEW.time_ms < 100 THEN NEW.time_ms - NEW.time_ms % 1
        WHEN NEW.time_ms < 1000 THEN NEW.time_ms - NEW.time_ms % 10
        WHEN NEW.time_ms < 10000 THEN NEW.time_ms - NEW.time_ms % 100
        WHEN NEW.time_ms < 100000 THEN NEW.time_ms - NEW.time_ms % 1000
        WHEN NEW.time_ms < 1000000 THEN NEW.time_ms - NEW.time_ms % 10000
        WHEN NEW.time_ms < 10000000 THEN NEW.time_ms - NEW.time_ms % 100000
        WHEN NEW.time_ms < 100000000 THEN NEW.time_ms - NEW.time_ms % 1000000
        WHEN NEW.time_ms < 1000000000 THEN NEW.time_ms - NEW.time_ms % 10000000
        WHEN NEW.time_ms < 10000000000 THEN NEW.time_ms - NEW.time_ms % 100000000
        WHEN NEW.time_ms < 100000000000 THEN NEW.time_ms - NEW.time_ms % 1000000000
        WHEN NEW.time_ms < 1000000000000 THEN NEW.time_ms - NEW.time_ms % 10000000000
        WHEN NEW.time_ms < 10000000000000 THEN NEW.time_ms - NEW.time_ms % 100000000000
        ELSE NEW.time_ms - NEW.time_ms % 1000000000000
    END, NEW.solved_at % 8,
        CASE WHEN NEW.review IN ('none', 'approved') THEN 1 ELSE -1 END)
    ON CONFLICT (game, day, variant, bucket, shard)
    DO UPDATE SET solves = solves + excluded.solves;
END;


-- An account's first start of a Triplex or BlockPuzzle level (its
-- description): a first-solver claim is timed from it, whatever the
-- account restarted since.
CREATE TABLE IF NOT EXISTS triplex_starts (
    level TEXT NOT NULL,
    account_id INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    PRIMARY KEY (level, account_id)
);
