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

-- The triggers' functions are migration 8's; only their conditions change.
DROP TRIGGER IF EXISTS daily_solves_count_clean ON daily_solves;
CREATE TRIGGER daily_solves_count_clean
AFTER INSERT ON daily_solves
FOR EACH ROW WHEN (NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
    AND NEW.account_id IS NOT NULL)
EXECUTE FUNCTION daily_solves_count_clean();

DROP TRIGGER IF EXISTS daily_solves_count_review ON daily_solves;
CREATE TRIGGER daily_solves_count_review
AFTER UPDATE OF review ON daily_solves
FOR EACH ROW WHEN (NEW.counted AND NOT NEW.assisted AND NEW.account_id IS NOT NULL
    AND (OLD.review IN ('none', 'approved')) IS DISTINCT FROM (NEW.review IN ('none', 'approved')))
EXECUTE FUNCTION daily_solves_count_review();


-- An account's first start of a Triplex or BlockPuzzle level (its
-- description): a first-solver claim is timed from it, whatever the
-- account restarted since.
CREATE TABLE IF NOT EXISTS triplex_starts (
    level TEXT NOT NULL,
    account_id BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    PRIMARY KEY (level, account_id)
);
