// Player accounts with passkeys (issue 38, see /api/openapi.json, tag
// "account"): the server's account routes, and the WebAuthn calls between
// them. The server speaks JSON with binary fields in base64url; the
// browser's navigator.credentials wants and gives ArrayBuffers, so this
// module converts both ways. Each call resolves to {ok: true, data}, to
// {ok: false, status, error}, or to null when there is no server.

import { request } from "./server.js";

/** base64url (no padding) → Uint8Array. */
export function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** ArrayBuffer or view → base64url (no padding). */
export function toBase64url(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The server's creation options as navigator.credentials.create() takes them. */
export function creationOptions(options) {
  const pk = options.publicKey;
  return {
    publicKey: {
      ...pk,
      challenge: fromBase64url(pk.challenge),
      user: { ...pk.user, id: fromBase64url(pk.user.id) },
      excludeCredentials: (pk.excludeCredentials ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) })),
    },
  };
}

/** The server's request options as navigator.credentials.get() takes them. */
export function requestOptions(options) {
  const pk = options.publicKey;
  return {
    publicKey: {
      ...pk,
      challenge: fromBase64url(pk.challenge),
      allowCredentials: (pk.allowCredentials ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) })),
    },
  };
}

/** A new credential (from create()) as the server reads it. */
export function createdCredential(credential) {
  const r = credential.response;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: toBase64url(r.attestationObject),
      clientDataJSON: toBase64url(r.clientDataJSON),
      transports: typeof r.getTransports === "function" ? r.getTransports() : undefined,
    },
    extensions: credential.getClientExtensionResults?.() ?? {},
  };
}

/** An assertion (from get()) as the server reads it. */
export function assertion(credential) {
  const r = credential.response;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: toBase64url(r.authenticatorData),
      clientDataJSON: toBase64url(r.clientDataJSON),
      signature: toBase64url(r.signature),
      userHandle: r.userHandle ? toBase64url(r.userHandle) : null,
    },
    extensions: credential.getClientExtensionResults?.() ?? {},
  };
}

/** Whether this browser can use passkeys at all. */
export function passkeysAvailable() {
  return typeof window !== "undefined" && !!window.PublicKeyCredential && !!navigator.credentials;
}

/** A client for the server at `base` (null: no server, every call is null). */
export function createAccountApi(base, fetchImpl = globalThis.fetch, credentials = globalThis.navigator?.credentials) {
  async function call(method, path, body) {
    const r = await request(base, fetchImpl, method, path, body);
    if (r === null) return null;
    if (r.ok) return { ok: true, data: r.data };
    return { ok: false, status: r.status, error: typeof r.data?.error === "string" ? r.data.error : "" };
  }
  /** A browser refusal (cancelled, no authenticator) as a failed call. */
  const refused = (e) => ({ ok: false, status: 0, error: e?.name === "NotAllowedError" ? "cancelled" : String(e?.message ?? e) });

  /** start → create() → finish, for a new account or one more passkey. */
  async function register(startPath, finishPath, body) {
    const started = await call("POST", startPath, body);
    if (!started?.ok) return started;
    let credential;
    try {
      credential = await credentials.create(creationOptions(started.data.options));
    } catch (e) {
      return refused(e);
    }
    return call("POST", finishPath, { ceremony: started.data.ceremony, credential: createdCredential(credential) });
  }

  return {
    online: base !== null,
    /** The signed-in account: {name, created_at, provisional, provisional_until, passkeys}; 401 when signed out. */
    me: () => call("GET", "api/account"),
    /** Makes an account named `name` with a new passkey on this device, and signs in. */
    create: (name) => register("api/account/register/start", "api/account/register/finish", { name }),
    /** Adds a passkey on this device to the signed-in account. */
    addPasskey: () => register("api/account/passkeys/start", "api/account/passkeys/finish", {}),
    /** Signs in with any passkey of this site the device has. */
    async signIn() {
      const started = await call("POST", "api/account/signin/start", {});
      if (!started?.ok) return started;
      let credential;
      try {
        credential = await credentials.get(requestOptions(started.data.options));
      } catch (e) {
        return refused(e);
      }
      return call("POST", "api/account/signin/finish", { ceremony: started.data.ceremony, credential: assertion(credential) });
    },
    signOut: () => call("POST", "api/account/signout", {}),
    signOutEverywhere: () => call("POST", "api/account/signout-everywhere", {}),
    deleteAccount: () => call("DELETE", "api/account"),
  };
}
