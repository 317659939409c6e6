-- Solving paths kept with solves, and the review hold (issue 38, steps 3
-- and 4). Times are Unix milliseconds.

-- Every table entry (a daily solve: Kakuro or ChessMemory; a Triplex or
-- BlockPuzzle solve, whose nonce a first-solver row names) gets:
--   account_id      the account that made it (NULL: anonymous);
--   path            the solving path (the wire text of gridforge-game's path
--                   module), NULL when none was sent;
--   path_stats      its statistics (JSON object), flags the review flags
--                   (JSON array of one-line texts), both NULL without a path;
--   review          'none' (never held: public), 'held' (off every public
--                   table until an operator decides), 'approved' (public),
--                   'voided' (off every table for good);
--   review_at/_by/_reason  the last review change: when, who (`server` for
--                   an automatic hold, else the operator), why.
-- An entry is public exactly when review IN ('none', 'approved').
ALTER TABLE daily_solves ADD COLUMN account_id INTEGER;
ALTER TABLE daily_solves ADD COLUMN path TEXT;
ALTER TABLE daily_solves ADD COLUMN path_stats TEXT;
ALTER TABLE daily_solves ADD COLUMN flags TEXT;
ALTER TABLE daily_solves ADD COLUMN review TEXT NOT NULL DEFAULT 'none';
ALTER TABLE daily_solves ADD COLUMN review_at INTEGER;
ALTER TABLE daily_solves ADD COLUMN review_by TEXT;
ALTER TABLE daily_solves ADD COLUMN review_reason TEXT;
ALTER TABLE triplex_solves ADD COLUMN account_id INTEGER;
ALTER TABLE triplex_solves ADD COLUMN path TEXT;
ALTER TABLE triplex_solves ADD COLUMN path_stats TEXT;
ALTER TABLE triplex_solves ADD COLUMN flags TEXT;
ALTER TABLE triplex_solves ADD COLUMN review TEXT NOT NULL DEFAULT 'none';
ALTER TABLE triplex_solves ADD COLUMN review_at INTEGER;
ALTER TABLE triplex_solves ADD COLUMN review_by TEXT;
ALTER TABLE triplex_solves ADD COLUMN review_reason TEXT;

-- Every review action (hold, approve, void, ban), never updated or deleted
-- by the server. `entry` is the entry's id (`daily-<nonce hex>`,
-- `triplex-<nonce hex>`) or `account-<id>` for a ban.
CREATE TABLE IF NOT EXISTS review_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    entry TEXT NOT NULL,
    reason TEXT
);

-- The review queue reads the held entries; a ban finds an account's solves.
CREATE INDEX IF NOT EXISTS daily_solves_held ON daily_solves (solved_at) WHERE review = 'held';
CREATE INDEX IF NOT EXISTS triplex_solves_held ON triplex_solves (solved_at) WHERE review = 'held';
CREATE INDEX IF NOT EXISTS daily_solves_account ON daily_solves (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS triplex_solves_account ON triplex_solves (account_id) WHERE account_id IS NOT NULL;

-- Ranks count public clean solves only (migration 6's index and counts, now
-- with the review): a held or voided solve is in no one's rank, and the
-- counts follow an entry's review changes.
DROP INDEX IF EXISTS daily_solves_clean_rank;
CREATE INDEX IF NOT EXISTS daily_solves_clean_rank
    ON daily_solves (game, day, variant, time_ms, moves)
    WHERE counted AND NOT assisted AND review IN ('none', 'approved');

DROP TRIGGER IF EXISTS daily_solves_count_clean;
CREATE TRIGGER daily_solves_count_clean
AFTER INSERT ON daily_solves
WHEN NEW.counted AND NOT NEW.assisted AND NEW.review IN ('none', 'approved')
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

CREATE TRIGGER daily_solves_count_review
AFTER UPDATE OF review ON daily_solves
WHEN NEW.counted AND NOT NEW.assisted
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
