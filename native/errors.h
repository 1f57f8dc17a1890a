#pragma once
#include <napi.h>

namespace cyclebench {
// Throws a JS Error carrying errno, syscall and code (e.g. "ENOENT"); the TypeScript
// wrapper re-attaches the caller's stack (habit 3).
void ThrowErrno(Napi::Env env, int err, const char* syscall);
Napi::Object ErrnoInfo(Napi::Env env, int err, const char* syscall);
const char* ErrnoCode(int err);
}  // namespace cyclebench
