//! Rebuilds the server when the embedded web client or migrations change
//! (`include_dir!` cannot tell cargo itself).

fn main() {
    println!("cargo:rerun-if-changed=../../web");
    println!("cargo:rerun-if-changed=migrations");
}
