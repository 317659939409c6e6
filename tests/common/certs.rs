//! Test certificates made with OpenSSL (`proxies.rs`, `tls_and_sockets.rs`
//! include this file by path).

use openssl::asn1::Asn1Time;
use openssl::bn::{BigNum, MsbOption};
use openssl::ec::{EcGroup, EcKey};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::PKey;
use openssl::x509::extension::{ExtendedKeyUsage, SubjectAlternativeName};
use openssl::x509::{X509Builder, X509NameBuilder};
use std::path::Path;

/// A self-signed P-256 certificate named `common_name`, valid for
/// 127.0.0.1 and localhost, written as `cert.pem` and `key.pem` in `dir`
/// (each replaced at once: written beside, then renamed); returns the
/// certificate as PEM and as DER.
pub fn self_signed(dir: &Path, common_name: &str) -> (Vec<u8>, Vec<u8>) {
    let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
    let key = PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap();
    let mut name = X509NameBuilder::new().unwrap();
    name.append_entry_by_text("CN", common_name).unwrap();
    let name = name.build();
    let mut builder = X509Builder::new().unwrap();
    builder.set_version(2).unwrap();
    let mut serial = BigNum::new().unwrap();
    serial.rand(64, MsbOption::MAYBE_ZERO, false).unwrap();
    builder
        .set_serial_number(&serial.to_asn1_integer().unwrap())
        .unwrap();
    builder.set_subject_name(&name).unwrap();
    builder.set_issuer_name(&name).unwrap();
    builder.set_pubkey(&key).unwrap();
    builder
        .set_not_before(&Asn1Time::days_from_now(0).unwrap())
        .unwrap();
    builder
        .set_not_after(&Asn1Time::days_from_now(2).unwrap())
        .unwrap();
    let san = SubjectAlternativeName::new()
        .ip("127.0.0.1")
        .dns("localhost")
        .build(&builder.x509v3_context(None, None))
        .unwrap();
    builder.append_extension(san).unwrap();
    builder
        .append_extension(ExtendedKeyUsage::new().server_auth().build().unwrap())
        .unwrap();
    builder.sign(&key, MessageDigest::sha256()).unwrap();
    let cert = builder.build();
    for (file, bytes) in [
        ("cert.pem", cert.to_pem().unwrap()),
        ("key.pem", key.private_key_to_pem_pkcs8().unwrap()),
    ] {
        let fresh = dir.join(format!("{file}.new"));
        std::fs::write(&fresh, bytes).unwrap();
        std::fs::rename(&fresh, dir.join(file)).unwrap();
    }
    (cert.to_pem().unwrap(), cert.to_der().unwrap())
}
