// Memory locking, opt-in only. mlockall is a poor fit for a V8 process (docs/platform-notes.md c,
// P17): unprivileged it fails with ENOMEM (the kernel compares total_vm, ~711 MB of V8
// reservations, with RLIMIT_MEMLOCK); MCL_FUTURE makes V8 die on a later reservation, so
// it is never used; and with locks held V8 aborts at isolate teardown (madvise
// MADV_DONTNEED -> EINVAL), so munlockall() must run before exit. Two guards do that:
// a process.on('exit') handler registered in TypeScript (the one that counts: Node stops
// Worker threads, e.g. tsx's loader thread, BEFORE running env cleanup hooks, and a
// Worker's isolate teardown aborts the same way; seen in test/fixtures/platform-mlock.ts
// 'raw' mode under tsx), and the env cleanup hook below, enough for a process without
// Workers (plain node: natural exit and process.exit both end with code 0).
#include "errors.h"
#include "modules.h"

#ifdef __linux__
#include <sys/mman.h>

#include <atomic>
#include <cerrno>
#ifndef MCL_ONFAULT
#define MCL_ONFAULT 4  // since Linux 4.4 (man2/mlock.2); older headers lack it
#endif
#endif

namespace cyclebench {
namespace {

#ifdef __linux__
const bool kSupported = true;
// Process-wide, like the lock itself. Any environment's teardown unlocks (a Worker that
// loaded the addon included): an isolate torn down over locked pages aborts, whichever
// thread owns it.
std::atomic<bool> g_locked{false};

void UnlockAtTeardown(void*) {
  if (g_locked.exchange(false)) munlockall();
}

Napi::Value LockAll(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  // MCL_ONFAULT: lock pages as they are touched, instead of faulting in every
  // accessible page at once (10 ms and unchanged RSS vs 22 ms and +100 MB, §c).
  if (mlockall(MCL_CURRENT | MCL_ONFAULT) != 0) {
    ThrowErrno(env, errno, "mlockall");  // ENOMEM without CAP_IPC_LOCK, EPERM, EINVAL
    return env.Undefined();
  }
  g_locked = true;
  return env.Undefined();
}

Napi::Value UnlockAll(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (munlockall() != 0) {
    ThrowErrno(env, errno, "munlockall");
    return env.Undefined();
  }
  g_locked = false;
  return env.Undefined();
}

Napi::Value Locked(const Napi::CallbackInfo& info) { return Napi::Boolean::New(info.Env(), g_locked.load()); }
#else
const bool kSupported = false;
void UnlockAtTeardown(void*) {}
Napi::Value LockAll(const Napi::CallbackInfo& info) {
  Napi::Error e = Napi::Error::New(info.Env(), "memory locking needs Linux");
  e.Set("code", "ENOTSUP");
  e.ThrowAsJavaScriptException();
  return info.Env().Undefined();
}
Napi::Value UnlockAll(const Napi::CallbackInfo& info) { return info.Env().Undefined(); }
Napi::Value Locked(const Napi::CallbackInfo& info) { return Napi::Boolean::New(info.Env(), false); }
#endif

}  // namespace

void InitMemory(Napi::Env env, Napi::Object exports) {
  // Runs when this environment is torn down (normal exit or a Worker ending), which
  // precedes the isolate teardown where V8 would abort on locked pages.
  napi_add_env_cleanup_hook(env, UnlockAtTeardown, nullptr);
  exports.Set("memorySupported", Napi::Boolean::New(env, kSupported));
  exports.Set("memoryLockAll", Napi::Function::New(env, LockAll, "memoryLockAll"));
  exports.Set("memoryUnlockAll", Napi::Function::New(env, UnlockAll, "memoryUnlockAll"));
  exports.Set("memoryLocked", Napi::Function::New(env, Locked, "memoryLocked"));
}

}  // namespace cyclebench
