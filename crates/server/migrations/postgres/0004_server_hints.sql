-- Start tokens the server gave a hint for (POST .../levels/N/hint): a later
-- solve with the token is recorded as hinted whatever the client says. The
-- token's nonce is the key, as in triplex_solves.
CREATE TABLE IF NOT EXISTS triplex_hinted_tokens (
    nonce BYTEA PRIMARY KEY,
    level TEXT NOT NULL,
    hinted_at BIGINT NOT NULL
);
