-- Daily ranks in two widths (issue 38's load with accounts). A rank summed
-- the counts of the two-leading-digit buckets below a time (in 8 shards)
-- and then counted its own bucket's solves one by one: with a crowded
-- daily that is a few hundred counts and a hundred index entries (each a
-- heap visit while the rows are new) for every listed solve. Now each
-- daily keeps its clean public solves' tallies in two widths: `digits` 2
-- (the time with all but its two leading digits zeroed) and 3 (all but
-- three), each 3-digit bucket inside one 2-digit bucket. A rank sums the
-- 2-digit tallies below its 2-digit bucket, the 3-digit tallies of that
-- bucket below its own 3-digit bucket (at most 9), and counts only its
-- 3-digit bucket's solves (`better_solves` in storage/daily.rs;
-- `rank_bucket` there is `daily_rank_bucket` here, the rank test on both
-- backends holds them together).
--
-- No shards: one writer per server records the daily solves
-- (storage/group_commit.rs), and the triggers below take a statement's
-- tally rows in one order (digits, bucket), so two servers' writers wait
-- for each other's commit rather than deadlock.

-- Not STRICT: a STRICT SQL function whose body is not strict itself
-- (GREATEST and LEAST skip nulls) is never inlined into the query.
CREATE OR REPLACE FUNCTION daily_rank_bucket(time_ms BIGINT, digits INTEGER) RETURNS BIGINT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT time_ms - time_ms % substr('1000000000000', 1,
        1 + LEAST(12, GREATEST(0, length(time_ms::text) - digits)))::bigint
$$;

CREATE TABLE IF NOT EXISTS daily_rank_tallies (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    digits INTEGER NOT NULL,
    bucket BIGINT NOT NULL,
    solves BIGINT NOT NULL,
    PRIMARY KEY (game, day, variant, digits, bucket)
);

-- No solve is written between the tally of the solves so far and the new
-- triggers (the migration is one transaction): a server still running the
-- old schema waits, then fails on the dropped counts rather than writing a
-- solve no tally counts.
LOCK TABLE daily_solves IN SHARE ROW EXCLUSIVE MODE;
DROP TRIGGER IF EXISTS daily_solves_count_clean ON daily_solves;
DROP TRIGGER IF EXISTS daily_solves_count_review ON daily_solves;
DROP FUNCTION IF EXISTS daily_solves_count_clean();
DROP FUNCTION IF EXISTS daily_solves_count_review();
DROP TABLE IF EXISTS daily_rank_counts;

INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
SELECT game, day, variant, d.digits, daily_rank_bucket(time_ms, d.digits), count(*)
FROM daily_solves CROSS JOIN (VALUES (2), (3)) AS d (digits)
WHERE counted AND NOT assisted AND review IN ('none', 'approved') AND account_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;


-- What a statement changed in the tallies: +1 for each row it left clean
-- and public, -1 for each it found so, per bucket, upserted in the
-- tallies' key order. Statement-level, so a group commit's INSERT of 64
-- solves is one upsert of its few buckets, not 64. One function for the
-- three triggers: the INSERT and DELETE triggers name their transition
-- table `changed_rows`, the UPDATE trigger `old_rows` and `new_rows`.
-- Static statements, so that each is planned once a session (a transition
-- table is seen only by its trigger's own function: no helper function,
-- and EXECUTE would plan every time).
CREATE OR REPLACE FUNCTION daily_solves_tally() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        -- Rows whose clean public state did not change cancel out.
        INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
        SELECT game, day, variant, d.digits, daily_rank_bucket(time_ms, d.digits), sum(delta)
        FROM (
            SELECT game, day, variant, time_ms, 1 AS delta FROM new_rows
            WHERE counted AND NOT assisted AND review IN ('none', 'approved')
                AND account_id IS NOT NULL
            UNION ALL
            SELECT game, day, variant, time_ms, -1 FROM old_rows
            WHERE counted AND NOT assisted AND review IN ('none', 'approved')
                AND account_id IS NOT NULL
        ) AS changed CROSS JOIN (VALUES (2), (3)) AS d (digits)
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(delta) <> 0
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (game, day, variant, digits, bucket)
        DO UPDATE SET solves = daily_rank_tallies.solves + EXCLUDED.solves;
    ELSE
        INSERT INTO daily_rank_tallies (game, day, variant, digits, bucket, solves)
        SELECT game, day, variant, d.digits, daily_rank_bucket(time_ms, d.digits),
            CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END
        FROM changed_rows CROSS JOIN (VALUES (2), (3)) AS d (digits)
        WHERE counted AND NOT assisted AND review IN ('none', 'approved')
            AND account_id IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (game, day, variant, digits, bucket)
        DO UPDATE SET solves = daily_rank_tallies.solves + EXCLUDED.solves;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER daily_solves_tally_inserted
AFTER INSERT ON daily_solves REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION daily_solves_tally();

-- Any UPDATE (a review, a ban, a deletion voiding an account's solves).
CREATE TRIGGER daily_solves_tally_updated
AFTER UPDATE ON daily_solves REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION daily_solves_tally();

CREATE TRIGGER daily_solves_tally_deleted
AFTER DELETE ON daily_solves REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION daily_solves_tally();
