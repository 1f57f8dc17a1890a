#include "errors.h"

#include <cerrno>
#include <cstring>

namespace cyclebench {

const char* ErrnoCode(int err) {
  switch (err) {
    case EPERM: return "EPERM";
    case ENOENT: return "ENOENT";
    case ESRCH: return "ESRCH";
    case EINTR: return "EINTR";
    case EIO: return "EIO";
    case E2BIG: return "E2BIG";
    case ENOEXEC: return "ENOEXEC";
    case EBADF: return "EBADF";
    case ECHILD: return "ECHILD";
    case EAGAIN: return "EAGAIN";
    case ENOMEM: return "ENOMEM";
    case EACCES: return "EACCES";
    case EFAULT: return "EFAULT";
    case EBUSY: return "EBUSY";
    case EEXIST: return "EEXIST";
    case ENODEV: return "ENODEV";
    case ENOTDIR: return "ENOTDIR";
    case EINVAL: return "EINVAL";
    case EMFILE: return "EMFILE";
    case ENFILE: return "ENFILE";
    case ENOSPC: return "ENOSPC";
    case ERANGE: return "ERANGE";
    case ENOSYS: return "ENOSYS";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case ENXIO: return "ENXIO";
    case ETIMEDOUT: return "ETIMEDOUT";
    default: return "EUNKNOWN";
  }
}

Napi::Object ErrnoInfo(Napi::Env env, int err, const char* syscall) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("errno", Napi::Number::New(env, err));
  o.Set("code", Napi::String::New(env, ErrnoCode(err)));
  o.Set("syscall", Napi::String::New(env, syscall));
  o.Set("message", Napi::String::New(env, std::string(syscall) + ": " + std::strerror(err)));
  return o;
}

// Builds an Error like Node's system errors (message "syscall: strerror", with errno,
// code and syscall properties) and throws it. Built with NAPI_DISABLE_CPP_EXCEPTIONS:
// the caller must return right after this call.
void ThrowErrno(Napi::Env env, int err, const char* syscall) {
  std::string msg = std::string(syscall) + ": " + std::strerror(err) + " (" + ErrnoCode(err) + ")";
  Napi::Error e = Napi::Error::New(env, msg);
  e.Set("errno", Napi::Number::New(env, err));
  e.Set("code", Napi::String::New(env, ErrnoCode(err)));
  e.Set("syscall", Napi::String::New(env, syscall));
  e.ThrowAsJavaScriptException();
}

}  // namespace cyclebench
