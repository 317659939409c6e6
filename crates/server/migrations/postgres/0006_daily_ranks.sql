-- Daily ranks (issue 29). A clean time's rank is 1 + the clean counted
-- solves of its daily that are faster. Counting them one by one costs as
-- many steps as there are faster solves; so each daily keeps a count of its
-- clean counted solves per rank bucket (a time with all but its two leading
-- digits zeroed: 90 buckets a power of ten; `rank_bucket` in
-- storage/daily.rs is the same function), in 8 shards per bucket (by the
-- solve's millisecond) so that concurrent solves do not wait on one row.
-- A trigger keeps the counts, so a solve stays one INSERT statement. A rank sums the counts of
-- the buckets below its time and counts only its own bucket's solves,
-- through an index of exactly the clean solves in rank order.
CREATE INDEX IF NOT EXISTS daily_solves_clean_rank
    ON daily_solves (game, day, variant, time_ms, moves) WHERE counted AND NOT assisted;

CREATE TABLE IF NOT EXISTS daily_rank_counts (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    variant TEXT NOT NULL,
    bucket BIGINT NOT NULL,
    shard BIGINT NOT NULL,
    solves BIGINT NOT NULL,
    PRIMARY KEY (game, day, variant, bucket, shard)
);

-- The solves recorded before this migration, in shard 0.
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
) AS clean
GROUP BY game, day, variant, bucket;

CREATE OR REPLACE FUNCTION daily_solves_count_clean() RETURNS trigger AS $$
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
    ON CONFLICT (game, day, variant, bucket, shard)
    DO UPDATE SET solves = daily_rank_counts.solves + 1;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER daily_solves_count_clean
AFTER INSERT ON daily_solves
FOR EACH ROW WHEN (NEW.counted AND NOT NEW.assisted)
EXECUTE FUNCTION daily_solves_count_clean();
