-- Moderation of first-solver names (`gridforge admin names`). Times are Unix
-- milliseconds.

-- When an operator hid the name; NULL while it is shown. A hidden name is
-- kept (it can be shown again) but the API shows the solver as anonymous.
ALTER TABLE triplex_first_solvers ADD COLUMN hidden_at INTEGER;

-- Every moderation change, never updated or deleted by the server.
CREATE TABLE IF NOT EXISTS name_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    level TEXT NOT NULL,
    old_name TEXT,
    new_name TEXT
);
