// perf_event_open wrappers: raw syscalls only. Grouping, id → slot mapping, multiplex
// scaling and the errno → reason text all live in TypeScript (habit 2):
// src/platform/native-counters.ts and src/platform/counters-math.ts.
//
// Exports (every platform):
//   perfConstants                    { supported, reason?, TYPE_HARDWARE, TYPE_SOFTWARE, HW_*, SW_* }
//   perfOpen(type, config, groupFd, { excludeKernel, excludeHv, disabled, inherit,
//            enableOnExec, pid, cpu }) → fd        throws an errno error
//   perfId(fd) → number                            PERF_EVENT_IOC_ID
//   perfIoctl(fd, 'enable' | 'disable' | 'reset')  with PERF_IOC_FLAG_GROUP
//   perfReadGroup(fd, Float64Array) → count        raw [nr, enabled, running, v0, id0, ...]
//   perfClose(fd)
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "errors.h"
#include "modules.h"
#include "perf.h"

#if defined(__linux__)
#include <sys/ioctl.h>
#include <unistd.h>
#endif

namespace cyclebench {
namespace {

// Cheap backstop for calls that bypass the TypeScript validation (habit 3).
[[maybe_unused]] Napi::Value TypeErr(Napi::Env env, const char* usage) {
  Napi::TypeError::New(env, std::string("usage: ") + usage).ThrowAsJavaScriptException();
  return env.Undefined();
}

#if defined(__linux__)

// Boolean/number members of the flags object, with defaults when absent.
bool Flag(const Napi::Object& o, const char* key) {
  Napi::Value v = o.Get(key);
  return v.IsBoolean() ? v.As<Napi::Boolean>().Value() : false;
}
int64_t IntFlag(const Napi::Object& o, const char* key, int64_t dflt) {
  Napi::Value v = o.Get(key);
  return v.IsNumber() ? v.As<Napi::Number>().Int64Value() : dflt;
}

Napi::Value PerfOpen(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 4 || !info[0].IsNumber() || !info[1].IsNumber() || !info[2].IsNumber() || !info[3].IsObject())
    return TypeErr(env, "perfOpen(type, config, groupFd, flags)");
  Napi::Object f = info[3].As<Napi::Object>();
  PerfFlags flags;
  flags.disabled = Flag(f, "disabled");
  flags.inherit = Flag(f, "inherit");
  flags.enableOnExec = Flag(f, "enableOnExec");
  flags.excludeKernel = Flag(f, "excludeKernel");
  flags.excludeHv = Flag(f, "excludeHv");
  int fd = PerfEventOpen(info[0].As<Napi::Number>().Uint32Value(),
                         static_cast<uint64_t>(info[1].As<Napi::Number>().Int64Value()),
                         info[2].As<Napi::Number>().Int32Value(), flags, static_cast<pid_t>(IntFlag(f, "pid", 0)),
                         static_cast<int>(IntFlag(f, "cpu", -1)));
  if (fd < 0) {
    ThrowErrno(env, errno, "perf_event_open");
    return env.Undefined();
  }
  return Napi::Number::New(env, static_cast<double>(fd));
}

Napi::Value PerfId(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) return TypeErr(env, "perfId(fd)");
  uint64_t id = 0;
  if (ioctl(info[0].As<Napi::Number>().Int32Value(), PERF_EVENT_IOC_ID, &id) != 0) {
    ThrowErrno(env, errno, "ioctl(PERF_EVENT_IOC_ID)");
    return env.Undefined();
  }
  return Napi::Number::New(env, static_cast<double>(id));
}

Napi::Value PerfIoctl(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 2 || !info[0].IsNumber() || !info[1].IsString())
    return TypeErr(env, "perfIoctl(fd, 'enable'|'disable'|'reset')");
  std::string op = info[1].As<Napi::String>().Utf8Value();
  unsigned long req;
  if (op == "enable") req = PERF_EVENT_IOC_ENABLE;
  else if (op == "disable") req = PERF_EVENT_IOC_DISABLE;
  else if (op == "reset") req = PERF_EVENT_IOC_RESET;
  else return TypeErr(env, "perfIoctl(fd, 'enable'|'disable'|'reset')");
  // FLAG_GROUP: one call acts on the leader and all its members.
  if (ioctl(info[0].As<Napi::Number>().Int32Value(), req, PERF_IOC_FLAG_GROUP) != 0) {
    ThrowErrno(env, errno, "ioctl(perf)");
    return env.Undefined();
  }
  return env.Undefined();
}

Napi::Value PerfReadGroup(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 2 || !info[0].IsNumber() || !info[1].IsTypedArray() ||
      info[1].As<Napi::TypedArray>().TypedArrayType() != napi_float64_array)
    return TypeErr(env, "perfReadGroup(fd, Float64Array)");
  Napi::Float64Array out = info[1].As<Napi::Float64Array>();
  uint64_t buf[kMaxGroupWords];
  ssize_t n = read(info[0].As<Napi::Number>().Int32Value(), buf, sizeof buf);
  if (n < 0) {
    ThrowErrno(env, errno, "read(perf)");
    return env.Undefined();
  }
  size_t words = static_cast<size_t>(n) / sizeof(uint64_t);
  if (words > out.ElementLength()) {
    ThrowErrno(env, ENOSPC, "read(perf)");  // the caller's array is too small for this group
    return env.Undefined();
  }
  // u64 → double is exact below 2^53 (~104 days of task-clock ns); counts never get there.
  double* dst = out.Data();
  for (size_t i = 0; i < words; i++) dst[i] = static_cast<double>(buf[i]);
  return Napi::Number::New(env, static_cast<double>(words));
}

Napi::Value PerfClose(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) return TypeErr(env, "perfClose(fd)");
  if (close(info[0].As<Napi::Number>().Int32Value()) != 0) {
    ThrowErrno(env, errno, "close");
    return env.Undefined();
  }
  return env.Undefined();
}

void SetConstants(Napi::Env env, Napi::Object c) {
  c.Set("supported", Napi::Boolean::New(env, true));
  c.Set("TYPE_HARDWARE", Napi::Number::New(env, PERF_TYPE_HARDWARE));
  c.Set("TYPE_SOFTWARE", Napi::Number::New(env, PERF_TYPE_SOFTWARE));
  c.Set("HW_CPU_CYCLES", Napi::Number::New(env, PERF_COUNT_HW_CPU_CYCLES));
  c.Set("HW_INSTRUCTIONS", Napi::Number::New(env, PERF_COUNT_HW_INSTRUCTIONS));
  c.Set("HW_CACHE_REFERENCES", Napi::Number::New(env, PERF_COUNT_HW_CACHE_REFERENCES));
  c.Set("HW_CACHE_MISSES", Napi::Number::New(env, PERF_COUNT_HW_CACHE_MISSES));
  c.Set("HW_BRANCH_INSTRUCTIONS", Napi::Number::New(env, PERF_COUNT_HW_BRANCH_INSTRUCTIONS));
  c.Set("HW_BRANCH_MISSES", Napi::Number::New(env, PERF_COUNT_HW_BRANCH_MISSES));
  c.Set("SW_TASK_CLOCK", Napi::Number::New(env, PERF_COUNT_SW_TASK_CLOCK));
  c.Set("SW_PAGE_FAULTS", Napi::Number::New(env, PERF_COUNT_SW_PAGE_FAULTS));
  c.Set("SW_CONTEXT_SWITCHES", Napi::Number::New(env, PERF_COUNT_SW_CONTEXT_SWITCHES));
  c.Set("SW_CPU_MIGRATIONS", Napi::Number::New(env, PERF_COUNT_SW_CPU_MIGRATIONS));
}

#else  // !__linux__: every export exists and reports "unsupported" (habit 1).

Napi::Value Unsupported(const Napi::CallbackInfo& info) {
  ThrowErrno(info.Env(), ENOSYS, "perf_event_open");
  return info.Env().Undefined();
}
Napi::Value PerfOpen(const Napi::CallbackInfo& info) { return Unsupported(info); }
Napi::Value PerfId(const Napi::CallbackInfo& info) { return Unsupported(info); }
Napi::Value PerfIoctl(const Napi::CallbackInfo& info) { return Unsupported(info); }
Napi::Value PerfReadGroup(const Napi::CallbackInfo& info) { return Unsupported(info); }
Napi::Value PerfClose(const Napi::CallbackInfo& info) { return Unsupported(info); }
void SetConstants(Napi::Env env, Napi::Object c) {
  c.Set("supported", Napi::Boolean::New(env, false));
  c.Set("reason", Napi::String::New(env, "perf_event_open is Linux-only"));
}

#endif

}  // namespace

void InitCounters(Napi::Env env, Napi::Object exports) {
  Napi::Object c = Napi::Object::New(env);
  SetConstants(env, c);
  exports.Set("perfConstants", c);
  exports.Set("perfOpen", Napi::Function::New(env, PerfOpen, "perfOpen"));
  exports.Set("perfId", Napi::Function::New(env, PerfId, "perfId"));
  exports.Set("perfIoctl", Napi::Function::New(env, PerfIoctl, "perfIoctl"));
  exports.Set("perfReadGroup", Napi::Function::New(env, PerfReadGroup, "perfReadGroup"));
  exports.Set("perfClose", Napi::Function::New(env, PerfClose, "perfClose"));
}

}  // namespace cyclebench
