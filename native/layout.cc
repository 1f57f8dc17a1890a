// Address-space layout: personality(2) get/set, which the orchestrator uses to start a worker
// with ASLR off (docs/platform-notes.md d, P21-P23).
#include "errors.h"
#include "modules.h"

#ifdef __linux__
#include <sys/personality.h>

#include <cerrno>
#endif

namespace cyclebench {
namespace {

#ifndef ADDR_NO_RANDOMIZE
#define ADDR_NO_RANDOMIZE 0x0040000  // include/uapi/linux/personality.h
#endif

#ifdef __linux__
const bool kSupported = true;

Napi::Value GetPersonality(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), double(unsigned(personality(0xffffffff))));
}

Napi::Value SetPersonality(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) {
    Napi::TypeError::New(env, "personality must be a number").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  unsigned long value = info[0].As<Napi::Number>().Uint32Value();
  int prev = personality(value);
  // EPERM: Docker's default seccomp allows only 0, 8, 0x20000, 0x20008, 0xffffffff (P22).
  if (prev == -1) {
    ThrowErrno(env, errno, "personality");
    return env.Undefined();
  }
  return Napi::Number::New(env, double(unsigned(prev)));
}
#else
const bool kSupported = false;
Napi::Value Unsupported(const Napi::CallbackInfo& info) {
  Napi::Error e = Napi::Error::New(info.Env(), "personality(2) needs Linux");
  e.Set("code", "ENOTSUP");
  e.ThrowAsJavaScriptException();
  return info.Env().Undefined();
}
#define GetPersonality Unsupported
#define SetPersonality Unsupported
#endif

}  // namespace

void InitLayout(Napi::Env env, Napi::Object exports) {
  exports.Set("layoutSupported", Napi::Boolean::New(env, kSupported));
  exports.Set("ADDR_NO_RANDOMIZE", Napi::Number::New(env, ADDR_NO_RANDOMIZE));
  exports.Set("layoutGetPersonality", Napi::Function::New(env, GetPersonality, "layoutGetPersonality"));
  exports.Set("layoutSetPersonality", Napi::Function::New(env, SetPersonality, "layoutSetPersonality"));
}

}  // namespace cyclebench
