-- Progress sync for signed-in players (issue 43). Times are Unix milliseconds.

-- One progress document per account: the JSON the web client merges
-- (web/js/progress-doc.js), its version (raised by one on every write, so a
-- writer that read an older version is told what it missed), its size in
-- bytes (bounded per account) and when it was last written. Deleting the
-- player's data keeps the row with no document, so versions never go back.
CREATE TABLE IF NOT EXISTS sync_documents (
    account_id BIGINT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    document TEXT,
    bytes BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
