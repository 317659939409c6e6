// Chromium's virtual authenticator (DevTools protocol: WebAuthn.*), a CTAP2
// platform authenticator with resident keys and user verification, for the
// tests that make and use passkeys (account, sync).

/** A virtual platform authenticator for `page`, holding `credentials`: {credentials(), clear()}. */
export async function authenticator(context, page, credentials = []) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of credentials) {
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
  }
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    clear: () => cdp.send("WebAuthn.clearCredentials", { authenticatorId }),
  };
}
