// Clock: fenced TSC on x86-64, cntvct_el0 on aarch64, CLOCK_MONOTONIC_RAW elsewhere.
// Raw readings only: ticks and the calibration facts; ticks -> ns is done in TypeScript
// (habit 2). Quirks cite docs/platform-notes.md b and pitfalls P12-P16, P26.
#include <time.h>

#include <cstdint>
#include <mutex>

#include "modules.h"
#ifdef __linux__
#include <sched.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define CYCLEBENCH_CLOCK_SEES_VALGRIND 1
#endif
#endif
#endif

namespace cyclebench {
namespace {

[[maybe_unused]] int CurrentCpu() {
#ifdef __linux__
  return sched_getcpu();  // vDSO getcpu (man2/getcpu.2); -1 on failure
#else
  return -1;
#endif
}

uint64_t RawNs() {
  timespec ts;  // NOLINT(cppcoreguidelines-pro-type-member-init): clock_gettime fills it; no stores on the clock's path
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

#if defined(__x86_64__)
const char* const kSource = "tsc";
const bool kTicksAreCycles = true;
const bool kReportsCpu = true;
const bool kCalibrate = true;
// Start and end both use `rdtscp; lfence`. rdtscp waits for all older instructions
// (SDM/APM, quoted in docs/platform-notes.md b) and the trailing lfence keeps younger ones from
// starting early. At the start this costs ~25 cycles more than `lfence; rdtsc` but
// returns IA32_TSC_AUX, so migrations are seen at both ends of a sample (P26);
// bench/clock.bench.ts measures both variants (clockStartLfence is the other one).
//
// Only where CPUID says the CPU has RDTSCP (leaf 0x80000001, EDX bit 27). A hypervisor can hide
// it while the instruction still executes: the guest kernel then never writes IA32_TSC_AUX, so
// the CPU number read back is not the guest's CPU (read as 85, 137, 274, 317 on a 2-vCPU KVM
// guest, P26b), and Valgrind, which decodes RDTSCP only where the host CPUID has it, stops the
// process with SIGILL. Without it both ends are `lfence; rdtsc; lfence` with getcpu (the vDSO)
// beside them, as on other architectures. Valgrind's own CPUID lists RDTSCP whatever the host
// has, so under Valgrind (`--counters simulate`, where timing means nothing) it is not used.
bool CpuHasRdtscp() {
#ifdef CYCLEBENCH_CLOCK_SEES_VALGRIND
  if (RUNNING_ON_VALGRIND) return false;
#endif
  unsigned a, b, c, d;
  return __get_cpuid_max(0x80000000, nullptr) >= 0x80000001 && __get_cpuid(0x80000001, &a, &b, &c, &d) &&
         ((d >> 27) & 1) != 0;
}
const bool kHasRdtscp = CpuHasRdtscp();
inline uint64_t FencedRdtsc() {
  _mm_lfence();
  uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}
inline uint64_t ReadEnd(int* cpu) {
  if (!kHasRdtscp) {
    uint64_t t = FencedRdtsc();
    *cpu = CurrentCpu();
    return t;
  }
  unsigned aux;
  uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  *cpu = int(aux & 0xfff);  // Linux encodes cpu | node << 12 (setup_getcpu, P26)
  return t;
}
inline uint64_t ReadStart(int* cpu) {
  if (!kHasRdtscp) {
    *cpu = CurrentCpu();
    return FencedRdtsc();
  }
  return ReadEnd(cpu);
}
inline uint64_t ReadStartLfence() {  // kernel rdtsc_ordered(): lfence; rdtsc (P12)
  _mm_lfence();
  return __rdtsc();
}
#else
#if defined(__aarch64__)
const char* const kSource = "cntvct";
const bool kTicksAreCycles = false;  // cntvct is a timer, not a cycle counter (P15)
const bool kCalibrate = true;        // cross-check of cntfrq_el0
inline uint64_t Ticks() {
  uint64_t v;
  asm volatile("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");  // Linux arch_timer.h
  return v;
}
#else
const char* const kSource = "clock_gettime";
const bool kTicksAreCycles = false;
const bool kCalibrate = false;  // nanoseconds by definition
inline uint64_t Ticks() { return RawNs(); }
#endif
// No aux register here: the CPU comes from getcpu at both ends (P15, P26).
#ifdef __linux__
const bool kReportsCpu = true;
#else
const bool kReportsCpu = false;
#endif
inline uint64_t ReadStart(int* cpu) {
  *cpu = CurrentCpu();
  return Ticks();
}
inline uint64_t ReadEnd(int* cpu) {
  uint64_t t = Ticks();
  *cpu = CurrentCpu();
  return t;
}
inline uint64_t ReadStartLfence() { return Ticks(); }
#endif

// Facts gathered once (calibration takes ~20 ms; shared by all threads).
struct ClockFacts {
  double reportedHz = 0;    // CPUID 0x15/0x16 or cntfrq_el0; 0 = the CPU does not say
  double calibratedHz = 0;  // 0 = no calibration for this source
  double calibrationNs = 0;
  int invariant = -1;   // -1 = not applicable
  int hypervisor = -1;  // -1 = not applicable
  double resolutionTicks = 0;
};

#if defined(__x86_64__)
void CpuidFacts(ClockFacts* f) {
  unsigned a, b, c, d;
  unsigned maxExt = __get_cpuid_max(0x80000000, nullptr);
  if (maxExt >= 0x80000007 && __get_cpuid(0x80000007, &a, &b, &c, &d))
    f->invariant = static_cast<int>((d >> 8) & 1);  // "TSC runs at constant rate ..." (kernel cpu/amd.c)
  if (__get_cpuid(1, &a, &b, &c, &d)) f->hypervisor = static_cast<int>((c >> 31) & 1);
  // Leaves 0x15/0x16 as in the kernel's native_calibrate_tsc(); 0 on AMD (P14).
  unsigned maxStd = __get_cpuid_max(0, nullptr);
  unsigned baseMhz = 0;
  if (maxStd >= 0x16 && __get_cpuid(0x16, &a, &b, &c, &d)) baseMhz = a & 0xffff;
  if (maxStd >= 0x15 && __get_cpuid(0x15, &a, &b, &c, &d) && a != 0 && b != 0) {
    if (c != 0) f->reportedHz = double(c) * b / a;         // crystal * EBX / EAX
    else if (baseMhz != 0) f->reportedHz = baseMhz * 1e6;  // crystal from 0x16 base
  }
}
#elif defined(__aarch64__)
void CpuidFacts(ClockFacts* f) {
  uint64_t frq;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(frq));
  f->reportedHz = double(frq);
}
#else
void CpuidFacts(ClockFacts*) {}
#endif

// One (ns, ticks) pair with the tick read bracketed by two raw-clock reads; the
// narrowest bracket of a few tries bounds the pairing error (P14: "fenced reads").
void Pair(uint64_t* ns, uint64_t* ticks) {
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 16; i++) {
    int cpu;
    uint64_t a = RawNs();
    uint64_t t = ReadEnd(&cpu);
    uint64_t b = RawNs();
    if (b - a < best) {
      best = b - a;
      *ns = a + (b - a) / 2;
      *ticks = t;
    }
  }
}

// Each end of the calibration is a (ns, ticks) pair whose pairing error is bounded by the
// narrowest bracket of two raw-clock reads (~0.1 us), so 20 ms gives a frequency within
// ~1e-5, far below any other error of a measurement. The process sleeps through all but the
// last millisecond: every worker calibrates, and a spin would take CPU from the other work.
const uint64_t kCalibrationNs = 20000000;
const uint64_t kCalibrationSpinNs = 1000000;

void Calibrate(ClockFacts* f) {
  uint64_t ns0, t0, ns1, t1;
  Pair(&ns0, &t0);
  timespec nap{0, long(kCalibrationNs - kCalibrationSpinNs)};
  nanosleep(&nap, nullptr);  // the TSC keeps counting while we sleep (invariant)
  do Pair(&ns1, &t1);
  while (ns1 - ns0 < kCalibrationNs);
  f->calibrationNs = double(ns1 - ns0);
  f->calibratedHz = double(t1 - t0) * 1e9 / double(ns1 - ns0);
}

double Resolution() {
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 2000; i++) {
    int c;
    uint64_t s = ReadStart(&c);
    uint64_t e = ReadEnd(&c);
    if (e > s && e - s < best) best = e - s;
  }
  return best == UINT64_MAX ? 0 : double(best);
}

const ClockFacts& Facts() {
  static ClockFacts facts;
  static std::once_flag once;
  std::call_once(once, [] {
    CpuidFacts(&facts);
    if (kCalibrate) Calibrate(&facts);
    facts.resolutionTicks = Resolution();
  });
  return facts;
}

// Hot-path binding, one per JS thread (main thread and each Worker load the addon).
// thread_local keeps the read free of napi_get_cb_info / instance-data lookups.
struct Binding {
  napi_ref ref = nullptr;  // keeps the Float64Array (and so its backing store) alive
  double* data = nullptr;
  uint64_t base = 0;
  bool hooked = false;
};
thread_local Binding t_bind;
uint64_t g_origin = 0;  // base of clockNow(), set at load

void DropBinding(void* arg) {
  napi_env env = static_cast<napi_env>(arg);
  if (t_bind.ref) napi_delete_reference(env, t_bind.ref);
  t_bind = Binding();
}

// The bound array, or nullptr after throwing (a cheap backstop: TypeScript binds first).
inline double* Bound(napi_env env) {
  double* d = t_bind.data;
  if (!d) napi_throw_error(env, "EINVAL", "clock is not bound: call clockBind(buf) first");
  return d;
}

// The hot functions use the plain C Node-API: no napi_get_cb_info, no return value,
// nothing allocated (~9 ns per call vs ~20 ns through node-addon-api; docs/platform-notes.md f).
napi_value ClockStart(napi_env env, napi_callback_info) {
  double* d = Bound(env);
  if (!d) return nullptr;
  int cpu;
  uint64_t t = ReadStart(&cpu);
  d[0] = double(t - t_bind.base);
  d[1] = kReportsCpu ? cpu : -1;
  return nullptr;
}

napi_value ClockEnd(napi_env env, napi_callback_info) {
  int cpu;
  uint64_t t = ReadEnd(&cpu);  // first: nothing of ours runs inside the measured region
  double* d = Bound(env);
  if (!d) return nullptr;
  d[2] = double(t - t_bind.base);
  d[3] = kReportsCpu ? cpu : -1;
  return nullptr;
}

// The `lfence; rdtsc` start (no CPU id), kept only so bench/clock.bench.ts can compare
// its cost with ClockStart; the platform does not use it.
napi_value ClockStartLfence(napi_env env, napi_callback_info) {
  double* d = Bound(env);
  if (!d) return nullptr;
  d[0] = double(ReadStartLfence() - t_bind.base);
  d[1] = -1;
  return nullptr;
}

Napi::Value ClockBind(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsTypedArray() ||
      info[0].As<Napi::TypedArray>().TypedArrayType() != napi_float64_array ||
      info[0].As<Napi::TypedArray>().ElementLength() < 4) {
    Napi::TypeError::New(env, "clockBind expects a Float64Array of length >= 4").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  Napi::Float64Array buf = info[0].As<Napi::Float64Array>();
  if (t_bind.ref) napi_delete_reference(env, t_bind.ref);
  napi_create_reference(env, buf, 1, &t_bind.ref);
  // A non-resizable ArrayBuffer's backing store never moves, so the pointer stays valid
  // while the reference holds the array.
  t_bind.data = buf.Data();
  if (!t_bind.hooked) {
    napi_add_env_cleanup_hook(env, DropBinding, env);
    t_bind.hooked = true;
  }
  int cpu;
  t_bind.base = ReadStart(&cpu);
  return env.Undefined();
}

Napi::Value ClockNow(const Napi::CallbackInfo& info) {
  int cpu;
  return Napi::Number::New(info.Env(), double(ReadEnd(&cpu) - g_origin));
}

Napi::Value ClockInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const ClockFacts& f = Facts();
  Napi::Object o = Napi::Object::New(env);
  o.Set("source", kSource);
  o.Set("reportedHz", f.reportedHz);
  o.Set("calibratedHz", f.calibratedHz);
  o.Set("calibrationNs", f.calibrationNs);
  o.Set("invariant", f.invariant);
  o.Set("hypervisor", f.hypervisor);
  o.Set("ticksAreCycles", kTicksAreCycles);
  o.Set("resolutionTicks", f.resolutionTicks);
  o.Set("reportsCpu", kReportsCpu);
  return o;
}

void SetRaw(Napi::Env env, Napi::Object exports, const char* name, napi_callback cb) {
  napi_value fn;
  napi_create_function(env, name, NAPI_AUTO_LENGTH, cb, nullptr, &fn);
  exports.Set(name, Napi::Value(env, fn));
}

}  // namespace

void InitClock(Napi::Env env, Napi::Object exports) {
  int cpu;
  if (g_origin == 0) g_origin = ReadStart(&cpu);
  SetRaw(env, exports, "clockStart", ClockStart);
  SetRaw(env, exports, "clockEnd", ClockEnd);
  SetRaw(env, exports, "clockStartLfence", ClockStartLfence);
  exports.Set("clockBind", Napi::Function::New(env, ClockBind, "clockBind"));
  exports.Set("clockNow", Napi::Function::New(env, ClockNow, "clockNow"));
  exports.Set("clockInfo", Napi::Function::New(env, ClockInfo, "clockInfo"));
}

}  // namespace cyclebench
