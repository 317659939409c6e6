//! A software passkey for the account tests: what a browser and its
//! authenticator do with the server's WebAuthn options, with a real P-256
//! key (OpenSSL), "none" attestation, a discoverable credential (it keeps
//! the user handle) and a signature counter. Also a cookie jar of one
//! cookie and the requests a same-site page makes.
//!
//! The CBOR here is the few shapes an authenticator writes (maps of small
//! integers, text and bytes); the server reads it with webauthn-rs.

#![allow(dead_code)]

use super::harness::{read, TestServer};
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use openssl::bn::BigNumContext;
use openssl::ec::{EcGroup, EcKey, PointConversionForm};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::sign::Signer;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A discoverable credential held by the software authenticator.
pub struct SoftPasskey {
    pub credential_id: Vec<u8>,
    key: PKey<Private>,
    pub rp_id: String,
    pub user_handle: Vec<u8>,
    counter: u32,
}

fn cbor_head(major: u8, value: u64, out: &mut Vec<u8>) {
    let m = major << 5;
    match value {
        0..=23 => out.push(m | value as u8),
        24..=0xff => out.extend([m | 24, value as u8]),
        0x100..=0xffff => {
            out.push(m | 25);
            out.extend((value as u16).to_be_bytes());
        }
        _ => {
            out.push(m | 26);
            out.extend((value as u32).to_be_bytes());
        }
    }
}

fn cbor_int(v: i64, out: &mut Vec<u8>) {
    if v >= 0 {
        cbor_head(0, v as u64, out);
    } else {
        cbor_head(1, (-1 - v) as u64, out);
    }
}

fn cbor_bytes(b: &[u8], out: &mut Vec<u8>) {
    cbor_head(2, b.len() as u64, out);
    out.extend(b);
}

fn cbor_text(t: &str, out: &mut Vec<u8>) {
    cbor_head(3, t.len() as u64, out);
    out.extend(t.as_bytes());
}

fn b64(bytes: &[u8]) -> String {
    B64.encode(bytes)
}

fn unb64(text: &str) -> Vec<u8> {
    B64.decode(text.trim_end_matches('='))
        .unwrap_or_else(|e| panic!("not base64url: {text}: {e}"))
}

/// The origin the test "page" has: the local default accepts localhost on
/// any port.
pub fn origin(server: &TestServer) -> String {
    server.base.replace("127.0.0.1", "localhost")
}

impl SoftPasskey {
    /// Makes a credential for the options of `navigator.credentials.create()`
    /// and answers the credential JSON the browser would send, with the
    /// client data's `origin`.
    pub fn create(options: &Value, origin: &str) -> (SoftPasskey, Value) {
        let public_key = &options["publicKey"];
        let rp_id = public_key["rp"]["id"].as_str().expect("rp.id").to_string();
        let user_handle = unb64(public_key["user"]["id"].as_str().expect("user.id"));
        assert_eq!(
            public_key["authenticatorSelection"]["residentKey"], "required",
            "the server asks for a discoverable credential"
        );
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let ec = EcKey::generate(&group).unwrap();
        let mut ctx = BigNumContext::new().unwrap();
        let point = ec
            .public_key()
            .to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
            .unwrap();
        let (x, y) = (&point[1..33], &point[33..65]);
        let mut credential_id = vec![0u8; 16];
        openssl::rand::rand_bytes(&mut credential_id).unwrap();
        let passkey = SoftPasskey {
            credential_id,
            key: PKey::from_ec_key(ec).unwrap(),
            rp_id,
            user_handle,
            counter: 0,
        };
        let client_data = json!({
            "type": "webauthn.create",
            "challenge": public_key["challenge"],
            "origin": origin,
            "crossOrigin": false,
        })
        .to_string();
        // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
        let mut cose = Vec::new();
        cbor_head(5, 5, &mut cose);
        for (k, v) in [(1, 2), (3, -7), (-1, 1)] {
            cbor_int(k, &mut cose);
            cbor_int(v, &mut cose);
        }
        cbor_int(-2, &mut cose);
        cbor_bytes(x, &mut cose);
        cbor_int(-3, &mut cose);
        cbor_bytes(y, &mut cose);
        // Flags: user present, user verified, attested credential data.
        let mut auth_data = passkey.auth_data_head(0x45, 0);
        auth_data.extend([0u8; 16]); // AAGUID
        auth_data.extend((passkey.credential_id.len() as u16).to_be_bytes());
        auth_data.extend(&passkey.credential_id);
        auth_data.extend(&cose);
        let mut attestation = Vec::new();
        cbor_head(5, 3, &mut attestation);
        cbor_text("fmt", &mut attestation);
        cbor_text("none", &mut attestation);
        cbor_text("attStmt", &mut attestation);
        cbor_head(5, 0, &mut attestation);
        cbor_text("authData", &mut attestation);
        cbor_bytes(&auth_data, &mut attestation);
        let id = b64(&passkey.credential_id);
        let credential = json!({
            "id": id,
            "rawId": id,
            "type": "public-key",
            "response": {
                "attestationObject": b64(&attestation),
                "clientDataJSON": b64(client_data.as_bytes()),
            },
            "extensions": {},
        });
        (passkey, credential)
    }

    fn auth_data_head(&self, flags: u8, counter: u32) -> Vec<u8> {
        let mut data = Sha256::digest(self.rp_id.as_bytes()).to_vec();
        data.push(flags);
        data.extend(counter.to_be_bytes());
        data
    }

    /// Answers the options of `navigator.credentials.get()` as a browser
    /// would with this discoverable credential (no credential list needed).
    pub fn get(&mut self, options: &Value, origin: &str) -> Value {
        self.get_signed_by(options, origin, None)
    }

    /// As [`SoftPasskey::get`], signed with `forger`'s key when given (a
    /// forged assertion).
    pub fn get_signed_by(
        &mut self,
        options: &Value,
        origin: &str,
        forger: Option<&SoftPasskey>,
    ) -> Value {
        let public_key = &options["publicKey"];
        assert_eq!(public_key["rpId"].as_str(), Some(self.rp_id.as_str()));
        let client_data = json!({
            "type": "webauthn.get",
            "challenge": public_key["challenge"],
            "origin": origin,
            "crossOrigin": false,
        })
        .to_string();
        self.counter += 1;
        let auth_data = self.auth_data_head(0x05, self.counter);
        let key = forger.map_or(&self.key, |f| &f.key);
        let mut signer = Signer::new(MessageDigest::sha256(), key).unwrap();
        signer.update(&auth_data).unwrap();
        signer
            .update(&Sha256::digest(client_data.as_bytes()))
            .unwrap();
        let signature = signer.sign_to_vec().unwrap();
        let id = b64(&self.credential_id);
        json!({
            "id": id,
            "rawId": id,
            "type": "public-key",
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(client_data.as_bytes()),
                "signature": b64(&signature),
                "userHandle": b64(&self.user_handle),
            },
            "extensions": {},
        })
    }
}

/// A browser's view of the server: its one session cookie, and the
/// headers a same-site page of the web client sends.
pub struct Browser<'s> {
    pub server: &'s TestServer,
    pub cookie: Option<String>,
    pub origin: String,
}

impl<'s> Browser<'s> {
    pub fn new(server: &'s TestServer) -> Browser<'s> {
        Browser {
            server,
            cookie: None,
            origin: origin(server),
        }
    }

    /// A request as the web client makes it (with `extra` headers).
    pub async fn send(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
        extra: &[(&str, &str)],
    ) -> (StatusCode, Value, Option<String>) {
        let mut request = self
            .server
            .client
            .request(method, self.server.url(path))
            .header("x-gridforge-request", "1")
            .header("origin", &self.origin);
        if let Some(cookie) = &self.cookie {
            request = request.header("cookie", format!("gridforge_session={cookie}"));
        }
        for (name, value) in extra {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.unwrap();
        let set_cookie = response
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string());
        if let Some(set) = &set_cookie {
            let value = set
                .strip_prefix("gridforge_session=")
                .and_then(|rest| rest.split(';').next())
                .unwrap_or("");
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        let (status, body) = read(response).await;
        (status, body, set_cookie)
    }

    pub async fn post(&mut self, path: &str, body: &Value) -> (StatusCode, Value) {
        let (status, body, _) = self
            .send(reqwest::Method::POST, path, Some(body), &[])
            .await;
        (status, body)
    }

    pub async fn get(&mut self, path: &str) -> (StatusCode, Value) {
        let (status, body, _) = self.send(reqwest::Method::GET, path, None, &[]).await;
        (status, body)
    }

    /// Makes an account named `name` with a new passkey; returns the
    /// passkey and the answer to the finish.
    pub async fn register(&mut self, name: &str) -> (Option<SoftPasskey>, StatusCode, Value) {
        let (status, started) = self
            .post("/api/account/register/start", &json!({ "name": name }))
            .await;
        if status != StatusCode::OK {
            return (None, status, started);
        }
        let (passkey, credential) = SoftPasskey::create(&started["options"], &self.origin);
        let (status, body) = self
            .post(
                "/api/account/register/finish",
                &json!({ "ceremony": started["ceremony"], "credential": credential }),
            )
            .await;
        (Some(passkey), status, body)
    }

    /// Signs in with `passkey`.
    pub async fn sign_in(&mut self, passkey: &mut SoftPasskey) -> (StatusCode, Value) {
        let (status, started) = self.post("/api/account/signin/start", &json!({})).await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let credential = passkey.get(&started["options"], &self.origin);
        self.post(
            "/api/account/signin/finish",
            &json!({ "ceremony": started["ceremony"], "credential": credential }),
        )
        .await
    }
}
