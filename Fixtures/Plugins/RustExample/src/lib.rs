//! FieldCount: a Valuegen plugin in Rust.
//!
//! For every type that includes it, it adds the number of the type's attributes (or, for an
//! ADT, its cases):
//!
//! ```swift
//! extension Point {
//!     /// The number of Point's attributes.
//!     public static let fieldCount: Int = 2
//! }
//! ```
//!
//! It uses nothing but the standard library: the FFI declarations below mirror
//! PluginSDK/include/valuegen_plugin.h (ABI 1.0's layout, which every 1.x host accepts), and
//! the request is read through the host's `valuegen.query/1` extension instead of a JSON
//! crate. Rust 1.63 or later, edition 2021.

use std::ffi::CString;
use std::os::raw::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

// ---- valuegen_plugin.h ---------------------------------------------------------------------

const VALUEGEN_ABI_MAJOR: u32 = 1;
const VALUEGEN_ABI_MINOR: u32 = 0;

type ValuegenStatus = i32;
const VALUEGEN_STATUS_OK: ValuegenStatus = 0;
const VALUEGEN_STATUS_FAILED: ValuegenStatus = 1;
const VALUEGEN_STATUS_INTERNAL_ERROR: ValuegenStatus = 2;
const VALUEGEN_STATUS_INCOMPATIBLE: ValuegenStatus = 3;

const VALUEGEN_KIND_ALL: u32 = 0x7;
const VALUEGEN_FEATURE_THREAD_SAFE: u32 = 0x1;
const VALUEGEN_EMIT_DECLARATION: i32 = 2;
const VALUEGEN_SEVERITY_WARNING: i32 = 1;
const VALUEGEN_SEVERITY_ERROR: i32 = 2;

/// `valuegen_emission`: filled by the plugin, borrowed by the host during `emit`.
#[repr(C)]
struct ValuegenEmission {
    struct_size: u32,
    kind: i32,
    text: *const c_char,
    text_length: usize,
    type_name: *const c_char,
    path: *const c_char,
}

/// `valuegen_host`: owned by the host, valid only during `generate`, on its thread.
#[repr(C)]
struct ValuegenHost {
    struct_size: u32,
    abi_major: u32,
    abi_minor: u32,
    host_data: *mut c_void,
    emit: Option<unsafe extern "C" fn(*const ValuegenHost, *const ValuegenEmission) -> ValuegenStatus>,
    diagnose: Option<unsafe extern "C" fn(*const ValuegenHost, i32, *const c_char, i32, i32)>,
    get_extension: Option<unsafe extern "C" fn(*const ValuegenHost, *const c_char) -> *const c_void>,
}

type GenerateFn = unsafe extern "C" fn(*const ValuegenHost, *const c_char, usize) -> ValuegenStatus;

/// `valuegen_plugin`: the descriptor, owned by the plugin until the process exits.
#[repr(C)]
struct ValuegenPlugin {
    struct_size: u32,
    abi_major: u32,
    abi_minor: u32,
    id: *const c_char,
    version: *const c_char,
    include_names: *const *const c_char,
    include_name_count: u32,
    default_kinds: u32,
    supported_kinds: u32,
    features: u32,
    generate: Option<GenerateFn>,
}

/// `valuegen_negotiation`: owned by the host; the plugin fills the out fields. Public because
/// the exported function takes it; its fields stay private.
#[repr(C)]
pub struct ValuegenNegotiation {
    struct_size: u32,
    host_abi_major: u32,
    host_abi_minor: u32,
    plugin_abi_major: u32,
    plugin_abi_minor: u32,
    plugin: *const ValuegenPlugin,
    message: *const c_char,
}

/// `valuegen_query_extension`, the `"valuegen.query/1"` table.
#[repr(C)]
struct ValuegenQueryExtension {
    struct_size: u32,
    get_string: Option<unsafe extern "C" fn(*const ValuegenHost, *const c_char, *mut *const c_char, *mut usize) -> ValuegenStatus>,
    get_integer: Option<unsafe extern "C" fn(*const ValuegenHost, *const c_char, *mut i64) -> ValuegenStatus>,
    get_boolean: Option<unsafe extern "C" fn(*const ValuegenHost, *const c_char, *mut i32) -> ValuegenStatus>,
    get_count: Option<unsafe extern "C" fn(*const ValuegenHost, *const c_char, *mut i64) -> ValuegenStatus>,
}

// ---- The static descriptor -----------------------------------------------------------------

/// Raw pointers are not `Sync`, so a `static` cannot hold them directly. The descriptor and
/// the include names never change and point only at static data, so sharing them between
/// threads is safe: this wrapper says so.
#[repr(transparent)]
struct Shared<T>(T);
unsafe impl<T> Sync for Shared<T> {}

static INCLUDE_NAMES: Shared<[*const c_char; 1]> = Shared([b"FieldCount\0".as_ptr() as *const c_char]);

static DESCRIPTOR: Shared<ValuegenPlugin> = Shared(ValuegenPlugin {
    struct_size: std::mem::size_of::<ValuegenPlugin>() as u32,
    abi_major: VALUEGEN_ABI_MAJOR,
    abi_minor: VALUEGEN_ABI_MINOR,
    id: b"dev.valuegen.examples.field-count\0".as_ptr() as *const c_char,
    version: b"1.0.0\0".as_ptr() as *const c_char,
    include_names: &INCLUDE_NAMES.0 as *const [*const c_char; 1] as *const *const c_char,
    include_name_count: 1,
    default_kinds: 0,
    supported_kinds: VALUEGEN_KIND_ALL,
    features: VALUEGEN_FEATURE_THREAD_SAFE, // no state: generate may run on several threads
    generate: Some(generate),
});

/// The one exported symbol: answers with the static descriptor when the host speaks ABI 1.
#[no_mangle]
pub unsafe extern "C" fn valuegen_plugin_negotiate(io: *mut ValuegenNegotiation) -> ValuegenStatus {
    // The host's struct must reach the last out field, `message`.
    let needed = std::mem::size_of::<ValuegenNegotiation>() as u32;
    if io.is_null() || (*io).struct_size < needed {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    let io = &mut *io;
    io.plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io.plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if io.host_abi_major != VALUEGEN_ABI_MAJOR {
        io.plugin = ptr::null();
        io.message = b"FieldCount speaks valuegen plugin ABI 1\0".as_ptr() as *const c_char;
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io.plugin = &DESCRIPTOR.0;
    io.message = ptr::null();
    VALUEGEN_STATUS_OK
}

// ---- generate ------------------------------------------------------------------------------

/// Called once per schema file. A panic must not unwind into valuegen (C has no unwinding):
/// it is caught and reported as an internal error.
unsafe extern "C" fn generate(host: *const ValuegenHost, _request: *const c_char, _length: usize) -> ValuegenStatus {
    if host.is_null() {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    match catch_unwind(AssertUnwindSafe(|| Generation::new(&*host).map(|g| g.run()))) {
        Ok(Some(status)) => status,
        _ => VALUEGEN_STATUS_INTERNAL_ERROR,
    }
}

/// One generate() call: the host and its query table.
struct Generation<'a> {
    host: &'a ValuegenHost,
    query: &'a ValuegenQueryExtension,
}

impl<'a> Generation<'a> {
    fn new(host: &'a ValuegenHost) -> Option<Generation<'a>> {
        let get_extension = host.get_extension?;
        let id = b"valuegen.query/1\0".as_ptr() as *const c_char;
        let table = unsafe { get_extension(host, id) } as *const ValuegenQueryExtension;
        if table.is_null() {
            return None;
        }
        Some(Generation { host, query: unsafe { &*table } })
    }

    fn run(&self) -> ValuegenStatus {
        let access = match self.string("/accessLevel").as_deref() {
            Some("public") => "public ",
            Some("package") => "package ",
            _ => "",
        };
        let type_count = match self.count("/types") {
            Some(count) => count,
            None => return VALUEGEN_STATUS_INTERNAL_ERROR,
        };
        let mut status = VALUEGEN_STATUS_OK;
        for index in 0..type_count {
            let base = format!("/types/{}", index);
            if !self.includes_field_count(&base) {
                continue;
            }
            let (name, kind) = match (self.string(&format!("{}/name", base)), self.string(&format!("{}/kind", base))) {
                (Some(name), Some(kind)) => (name, kind),
                _ => return VALUEGEN_STATUS_INTERNAL_ERROR,
            };
            let members = if kind == "adtValue" { "cases" } else { "attributes" };
            let count = self.count(&format!("{}/{}", base, members)).unwrap_or(0);
            if count == 0 && kind == "adtValue" {
                // An enum without cases has no values: a count of 0 says nothing useful.
                self.diagnose_at(VALUEGEN_SEVERITY_ERROR, &format!("FieldCount cannot count the cases of '{}': it has none; add a subtype or remove FieldCount from its includes", name), &base);
                status = VALUEGEN_STATUS_FAILED;
                continue;
            }
            if count == 0 {
                self.diagnose_at(VALUEGEN_SEVERITY_WARNING, &format!("'{}' has no attributes, so its fieldCount is 0", name), &base);
            }
            let code = format!(
                "extension {name} {{\n    /// The number of {name}'s {members}.\n    {access}static let fieldCount: Int = {count}\n}}\n",
                name = name, members = members, access = access, count = count
            );
            if self.emit_declaration(&name, &code) != VALUEGEN_STATUS_OK {
                return VALUEGEN_STATUS_INTERNAL_ERROR;
            }
        }
        status
    }

    /// Whether the type at `base` includes FieldCount (the request lists canonical names).
    fn includes_field_count(&self, base: &str) -> bool {
        let count = self.count(&format!("{}/includes", base)).unwrap_or(0);
        (0..count).any(|index| self.string(&format!("{}/includes/{}", base, index)).as_deref() == Some("FieldCount"))
    }

    fn string(&self, pointer: &str) -> Option<String> {
        let get_string = self.query.get_string?;
        let pointer = CString::new(pointer).ok()?;
        let mut value: *const c_char = ptr::null();
        let mut length: usize = 0;
        if unsafe { get_string(self.host, pointer.as_ptr(), &mut value, &mut length) } != VALUEGEN_STATUS_OK {
            return None;
        }
        // Owned by the host until generate returns: copy it.
        let bytes = unsafe { std::slice::from_raw_parts(value as *const u8, length) };
        String::from_utf8(bytes.to_vec()).ok()
    }

    fn integer(&self, pointer: &str) -> Option<i64> {
        let get_integer = self.query.get_integer?;
        let pointer = CString::new(pointer).ok()?;
        let mut value: i64 = 0;
        if unsafe { get_integer(self.host, pointer.as_ptr(), &mut value) } != VALUEGEN_STATUS_OK {
            return None;
        }
        Some(value)
    }

    fn count(&self, pointer: &str) -> Option<i64> {
        let get_count = self.query.get_count?;
        let pointer = CString::new(pointer).ok()?;
        let mut count: i64 = 0;
        if unsafe { get_count(self.host, pointer.as_ptr(), &mut count) } != VALUEGEN_STATUS_OK {
            return None;
        }
        Some(count)
    }

    fn emit_declaration(&self, type_name: &str, code: &str) -> ValuegenStatus {
        let emit = match self.host.emit {
            Some(emit) => emit,
            None => return VALUEGEN_STATUS_INTERNAL_ERROR,
        };
        let type_name = match CString::new(type_name) {
            Ok(name) => name,
            Err(_) => return VALUEGEN_STATUS_INTERNAL_ERROR,
        };
        let emission = ValuegenEmission {
            struct_size: std::mem::size_of::<ValuegenEmission>() as u32,
            kind: VALUEGEN_EMIT_DECLARATION,
            text: code.as_ptr() as *const c_char, // need not be NUL-terminated
            text_length: code.len(),
            type_name: type_name.as_ptr(),
            path: ptr::null(), // ignored for a declaration
        };
        // The host copies the emission during the call.
        unsafe { emit(self.host, &emission) }
    }

    /// Reports a problem at the line and column of the type at `base`.
    fn diagnose_at(&self, severity: i32, message: &str, base: &str) {
        let line = self.integer(&format!("{}/location/line", base)).unwrap_or(0);
        let column = self.integer(&format!("{}/location/column", base)).unwrap_or(0);
        if let (Some(diagnose), Ok(message)) = (self.host.diagnose, CString::new(message)) {
            unsafe { diagnose(self.host, severity, message.as_ptr(), line as i32, column as i32) };
        }
    }
}

// A compile-time check that the structs have ABI 1.0's sizes on LP64 (docs/PluginABI.md,
// "The structs"); later minors only append fields, so these stay the headers' first bytes.
#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(std::mem::size_of::<ValuegenEmission>() == 40);
    assert!(std::mem::size_of::<ValuegenHost>() == 48);
    assert!(std::mem::size_of::<ValuegenPlugin>() == 64);
    assert!(std::mem::size_of::<ValuegenNegotiation>() == 40);
    assert!(std::mem::size_of::<ValuegenQueryExtension>() == 40);
};
