-- Solves made with a hint ("show one piece"): counted among a level's solves,
-- never its first solver, best time or median.
ALTER TABLE triplex_solves ADD COLUMN hinted BOOLEAN NOT NULL DEFAULT FALSE;
