-- Daily ranks in two widths (issue 38's load with accounts); PostgreSQL's
-- migration 13 says why. Each daily keeps its clean public solves'
-- tallies per bucket in two widths: `digits` 2 (the time with all but its
-- two leading digits zeroed) and 3 (all but three). The bucket is
-- `rank_bucket` in storage/daily.rs, written out here as SQL: the time
-- less its remainder by 10^(its length - digits), at least 1 and at most
-- 10^12. No shards: one connection writes.
CREATE TABLE IF NOT EXISTS daily_rank_tallies (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    digits INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    solves INTEGER NOT NULL,
    PRIMARY KEY (game, day, variant, digits, bucket)
);

INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
SELECT game, day, variant, d.digits,
    time_ms - time_ms % CAST(substr('1000000000000', 1,
        1 + min(12, max(0, length(time_ms) - d.digits))) AS INTEGER) AS bucket,
    count(*)
FROM daily_solves CROSS JOIN (SELECT 2 AS digits UNION ALL SELECT 3) AS d
WHERE counted AND NOT assisted AND review IN ('none', 'approved') AND account_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;

DROP TRIGGER IF EXISTS daily_solves_count_clean;
DROP TRIGGER IF EXISTS daily_solves_count_review;
DROP TABLE IF EXISTS daily_rank_counts;

-- A solve that enters clean and public adds 1 to its two buckets; any
-- UPDATE that changes that state (a review, a ban, a deletion voiding an
-- account's solves) moves 1 in or out; a DELETE of such a solve takes 1.
CREATE TRIGGER daily_solves_tally_inserted
AFTER INSERT ON daily_solves
WHEN NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
    AND NEW.account_id IS NOT NULL
BEGIN
    INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
    SELECT NEW.game, NEW.day, NEW.variant, d.digits,
        NEW.time_ms - NEW.time_ms % CAST(substr('1000000000000', 1,
            1 + min(12, max(0, length(NEW.time_ms) - d.digits))) AS INTEGER), 1
    FROM (SELECT 2 AS digits UNION ALL SELECT 3) AS d WHERE true
    ON CONFLICT (game, day, variant, digits, bucket) DO UPDATE SET solves = solves + 1;
END;

CREATE TRIGGER daily_solves_tally_updated
AFTER UPDATE ON daily_solves
WHEN (OLD.counted AND NOT OLD.assisted AND OLD.review IN ('none', 'approved')
        AND OLD.account_id IS NOT NULL)
    <> (NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
        AND NEW.account_id IS NOT NULL)
BEGIN
    -- The state changed: out of the old row's buckets, or into the new's.
    INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
    SELECT OLD.game, OLD.day, OLD.variant, d.digits,
        OLD.time_ms - OLD.time_ms % CAST(substr('1000000000000', 1,
            1 + min(12, max(0, length(OLD.time_ms) - d.digits))) AS INTEGER), -1
    FROM (SELECT 2 AS digits UNION ALL SELECT 3) AS d
    WHERE OLD.counted AND NOT OLD.assisted AND OLD.review IN ('none', 'approved')
        AND OLD.account_id IS NOT NULL
    ON CONFLICT (game, day, variant, digits, bucket) DO UPDATE SET solves = solves - 1;
    INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
    SELECT NEW.game, NEW.day, NEW.variant, d.digits,
        NEW.time_ms - NEW.time_ms % CAST(substr('1000000000000', 1,
            1 + min(12, max(0, length(NEW.time_ms) - d.digits))) AS INTEGER), 1
    FROM (SELECT 2 AS digits UNION ALL SELECT 3) AS d
    WHERE NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
        AND NEW.account_id IS NOT NULL
    ON CONFLICT (game, day, variant, digits, bucket) DO UPDATE SET solves = solves + 1;
END;

CREATE TRIGGER daily_solves_tally_deleted
AFTER DELETE ON daily_solves
WHEN OLD.counted AND NOT OLD.assisted AND OLD.review IN ('none', 'approved')
    AND OLD.account_id IS NOT NULL
BEGIN
    INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
    SELECT OLD.game, OLD.day, OLD.variant, d.digits,
        OLD.time_ms - OLD.time_ms % CAST(substr('1000000000000', 1,
            1 + min(12, max(0, length(OLD.time_ms) - d.digits))) AS INTEGER), -1
    FROM (SELECT 2 AS digits UNION ALL SELECT 3) AS d WHERE true
    ON CONFLICT (game, day, variant, digits, bucket) DO UPDATE SET solves = solves - 1;
END;
