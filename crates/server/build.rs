//! Rebuilds the server when the embedded web client, manual or migrations change
//! (`include_dir!` cannot tell cargo itself).

fn main() {
    println!("cargo:rerun-if-changed=../../web");
    println!("cargo:rerun-if-changed=../../docs/html");
    println!("cargo:rerun-if-changed=migrations");
}
