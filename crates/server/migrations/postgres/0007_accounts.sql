-- Player accounts with passkeys (issue 38). Times are Unix milliseconds.

-- An account: its WebAuthn user handle (a random UUID, what a discoverable
-- passkey hands back at sign-in), its display name (NFKC-normalised) and
-- that name's key (lower-cased: names are unique case-insensitively), when
-- it was made and until when it is provisional, and whether an operator
-- banned it.
CREATE TABLE IF NOT EXISTS accounts (
    id BIGSERIAL PRIMARY KEY,
    handle TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    provisional_until BIGINT NOT NULL,
    banned_at BIGINT
);

-- An account's passkeys: the credential id (unique over all accounts) and
-- webauthn-rs's stored credential (JSON: public key, counter, flags).
CREATE TABLE IF NOT EXISTS account_passkeys (
    credential_id BYTEA PRIMARY KEY NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    passkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX IF NOT EXISTS account_passkeys_account ON account_passkeys (account_id);

-- Signed-in sessions: the SHA-256 of the cookie's random token (the token
-- itself is never stored), the account, and when the session ends.
CREATE TABLE IF NOT EXISTS account_sessions (
    token_hash BYTEA PRIMARY KEY NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions (account_id);

-- WebAuthn ceremonies in progress (registration, sign-in, adding a passkey):
-- the server-side state webauthn-rs needs to finish one, used once, for a
-- few minutes. `account_id` is set when a signed-in account adds a passkey;
-- `name` and `handle` when a new account registers.
CREATE TABLE IF NOT EXISTS account_ceremonies (
    id BYTEA PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    account_id BIGINT REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT,
    handle TEXT,
    expires_at BIGINT NOT NULL
);

-- Accounts made per network (an IPv4 address, an IPv6 /64) and UTC day,
-- for the creation limit.
CREATE TABLE IF NOT EXISTS account_creations (
    network TEXT NOT NULL,
    day TEXT NOT NULL,
    made BIGINT NOT NULL,
    PRIMARY KEY (network, day)
);
