// Accounts with passkeys (issue 38) in Chromium against the real server,
// with Chromium's virtual authenticator (DevTools protocol: WebAuthn.*, a
// CTAP2 platform authenticator with resident keys and user verification).
// The page is opened at http://localhost:PORT: browsers refuse IP addresses
// as a relying party, and the server's default relying party is localhost.
// One context makes an account with a passkey; a second context, given that
// passkey (as a synced passkey arrives on another device), signs in with
// it and adds a passkey of its own; a third signs in with that one and
// signs out everywhere, which signs the first out too; the first signs in
// again and deletes the account. Screens: test-artifacts/account-*.png.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { expectAccessible } from "../lib/accessibility.mjs";
import { authenticator } from "../lib/authenticator.mjs";
import { e2eSuite, ready, text } from "../lib/browser.mjs";
import { WEB } from "../lib/engine.mjs";

const suite = e2eSuite("account");
const { withPage, snap } = suite;
const en = JSON.parse(readFileSync(path.join(WEB, "i18n", "en.json"), "utf8"));
const NAME = "Passkey Tester";

/** Opens the account screen at localhost. */
async function openAccount(page) {
  await page.goto(`${suite.url.replace("127.0.0.1", "localhost")}#/account`);
  await ready(page);
  await page.waitForSelector("#account-title");
}

/** Waits for the signed-in view and returns its line. */
async function signedIn(page) {
  await page.waitForSelector("#account-who", { timeout: 20_000 });
  return text(page, "#account-who");
}

const passkeysLine = (count) => en["account.passkeys"][count === 1 ? "one" : "other"].replace("{count}", count);

test("an account made with a passkey signs in on a second device, adds a passkey, signs out everywhere and is deleted", async () => {
  let first;
  let synced;
  await withPage("account-make", {}, async (page, context) => {
    first = await authenticator(context, page);
    await openAccount(page);
    await page.fill("#account-name", `  ${NAME} `);
    await expectAccessible(page, "the signed-out account screen");
    await page.click("#account-create-button");
    assert.match(await signedIn(page), new RegExp(NAME));
    assert.equal(await text(page, "#account-status"), en["account.made"]);
    // New accounts are provisional, and the screen says so.
    assert.match(await text(page, "#account-provisional"), new RegExp(en["account.provisional"]));
    assert.equal(await text(page, "#account-passkeys"), passkeysLine(1));
    const held = await first.credentials();
    assert.equal(held.length, 1, "the authenticator holds the new passkey");
    assert.equal(held[0].isResidentCredential, true, "a discoverable passkey");
    synced = held;
    // The session cookie is HttpOnly: the page's script cannot read it.
    assert.equal(await page.evaluate(() => document.cookie), "");
    await snap(page, "signed-in");
    await expectAccessible(page, "the signed-in account screen");
  });

  let added;
  await withPage("account-second-device", {}, async (page, context) => {
    // The passkey synced to this device; nothing typed to sign in.
    const device = await authenticator(context, page, synced);
    await openAccount(page);
    await page.waitForSelector("#account-signin");
    await page.click("#account-signin");
    assert.match(await signedIn(page), new RegExp(NAME));
    // A passkey of this device's own (the synced one leaves it first, so
    // the authenticator does not refuse a second one for the account).
    await device.clear();
    await page.click("#account-add-passkey");
    await page.waitForFunction(
      (line) => document.querySelector("#account-passkeys")?.textContent === line,
      passkeysLine(2),
      { timeout: 20_000 },
    );
    assert.equal(await text(page, "#account-status"), en["account.added"]);
    added = await device.credentials();
    assert.equal(added.length, 1);
    assert.notEqual(added[0].credentialId, synced[0].credentialId);
  });

  let latest;
  await withPage("account-signout-everywhere", {}, async (page, context) => {
    const third = await authenticator(context, page, added);
    await openAccount(page);
    await page.click("#account-signin");
    assert.match(await signedIn(page), new RegExp(NAME));
    // The passkey as it is now: its signature counter moved with the
    // sign-in, and the server refuses a copy whose counter lags (a clone).
    latest = await third.credentials();
    await page.click("#account-signout-everywhere");
    await page.waitForSelector("#account-create");
  });

  await withPage("account-delete", {}, async (page, context) => {
    await authenticator(context, page, latest);
    await openAccount(page);
    // Signed out everywhere: this browser has no session either.
    await page.waitForSelector("#account-create");
    await page.click("#account-signin");
    assert.match(await signedIn(page), new RegExp(NAME));
    await page.click("#account-delete");
    assert.equal(await text(page, "#account-delete"), en["account.deleteConfirm"]);
    await page.click("#account-delete");
    await page.waitForSelector("#account-create");
    assert.equal(await text(page, "#account-status"), en["account.deleted"]);
    // The passkey is left on the device, but it opens nothing any more.
    await page.click("#account-signin");
    await page.waitForSelector("#account-status.error");
    assert.match(await text(page, "#account-status"), /not known here/);
    await snap(page, "deleted");
  });
});
