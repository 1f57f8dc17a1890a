// Scheduling: per-thread affinity, current CPU, thread id, getrusage(RUSAGE_THREAD),
// SCHED_FIFO. The affinity mask is a per-thread attribute (man2/sched_setaffinity.2;
// docs/platform-notes.md e, P24): tid 0 means the calling thread, not "the process".
#include "errors.h"
#include "modules.h"

#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <vector>
#endif

namespace cyclebench {
namespace {

#ifdef __linux__
const bool kSupported = true;

// Reads a tid argument (default 0 = calling thread). TypeScript validates; this is the
// cheap backstop (habit 3).
bool TidArg(const Napi::CallbackInfo& info, size_t i, pid_t* tid) {
  *tid = 0;
  if (info.Length() <= i || info[i].IsUndefined()) return true;
  if (!info[i].IsNumber()) {
    Napi::TypeError::New(info.Env(), "tid must be a number").ThrowAsJavaScriptException();
    return false;
  }
  *tid = pid_t(info[i].As<Napi::Number>().Int64Value());
  return true;
}

// Sizes the mask from the configured CPU count and grows it on EINVAL, so machines
// with more than CPU_SETSIZE (1024) CPUs work too.
Napi::Value GetAffinity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  pid_t tid;
  if (!TidArg(info, 0, &tid)) return env.Undefined();
  long conf = sysconf(_SC_NPROCESSORS_CONF);
  int n = conf > 1024 ? int(conf) : 1024;
  for (;;) {
    cpu_set_t* set = CPU_ALLOC(n);
    size_t size = CPU_ALLOC_SIZE(n);
    CPU_ZERO_S(size, set);
    if (sched_getaffinity(tid, size, set) == 0) {
      Napi::Array out = Napi::Array::New(env);
      uint32_t k = 0;
      for (int c = 0; c < n; c++)
        if (CPU_ISSET_S(c, size, set)) out.Set(k++, Napi::Number::New(env, c));
      CPU_FREE(set);
      return out;
    }
    int err = errno;
    CPU_FREE(set);
    if (err != EINVAL || n >= (1 << 20)) {
      ThrowErrno(env, err, "sched_getaffinity");
      return env.Undefined();
    }
    n *= 2;
  }
}

Napi::Value SetAffinity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsArray()) {
    Napi::TypeError::New(env, "cpus must be an array").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  pid_t tid;
  if (!TidArg(info, 1, &tid)) return env.Undefined();
  Napi::Array cpus = info[0].As<Napi::Array>();
  std::vector<int> list;
  int max = 0;
  for (uint32_t i = 0; i < cpus.Length(); i++) {
    Napi::Value v = cpus.Get(i);
    int c = v.IsNumber() ? v.As<Napi::Number>().Int32Value() : -1;
    if (c < 0 || c >= (1 << 20)) {
      ThrowErrno(env, EINVAL, "sched_setaffinity");
      return env.Undefined();
    }
    list.push_back(c);
    if (c > max) max = c;
  }
  int n = max + 1 > 1024 ? max + 1 : 1024;
  cpu_set_t* set = CPU_ALLOC(n);
  size_t size = CPU_ALLOC_SIZE(n);
  CPU_ZERO_S(size, set);
  for (int c : list) CPU_SET_S(c, size, set);
  int rc = sched_setaffinity(tid, size, set);
  int err = errno;
  CPU_FREE(set);
  // EINVAL: no CPU of the mask is in the thread's cpuset (P25).
  if (rc != 0) ThrowErrno(env, err, "sched_setaffinity");
  return env.Undefined();
}

Napi::Value CurrentCpu(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), sched_getcpu());  // vDSO getcpu; -1 on failure
}

Napi::Value ThreadId(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), double(syscall(SYS_gettid)));
}

double TvNs(const timeval& tv) { return double(tv.tv_sec) * 1e9 + double(tv.tv_usec) * 1e3; }

// Context switches of the measuring thread: perf reads 0 for them with exclude_kernel (P4).
Napi::Value ThreadRusage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  rusage ru{};
  if (getrusage(RUSAGE_THREAD, &ru) != 0) {
    ThrowErrno(env, errno, "getrusage");
    return env.Undefined();
  }
  Napi::Object o = Napi::Object::New(env);
  o.Set("userNs", TvNs(ru.ru_utime));
  o.Set("systemNs", TvNs(ru.ru_stime));
  o.Set("minorFaults", double(ru.ru_minflt));
  o.Set("majorFaults", double(ru.ru_majflt));
  o.Set("voluntarySwitches", double(ru.ru_nvcsw));
  o.Set("involuntarySwitches", double(ru.ru_nivcsw));
  return o;
}

// On Linux sched_setscheduler(0, ...) applies to the calling thread only.
// SetFifo(priority, rtLimitUs): the watchdog comes first. RLIMIT_RTTIME bounds the CPU
// time a real-time thread may consume without a blocking system call (man2/getrlimit.2):
// past the soft limit the kernel sends SIGXCPU, past the hard limit SIGKILL. A runaway
// kernel under SCHED_FIFO therefore dies on its own, even if the orchestrator cannot get
// CPU time to kill it. SCHED_RESET_ON_FORK keeps anything the benchmark spawns off FIFO.
Napi::Value SetFifo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 2 || !info[0].IsNumber() || !info[1].IsNumber()) {
    Napi::TypeError::New(env, "setFifo(priority, rtLimitUs): both must be numbers").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  double limitUs = info[1].As<Napi::Number>().DoubleValue();
  if (limitUs > 0) {
    rlimit rl{};
    rl.rlim_cur = rlim_t(limitUs);
    rl.rlim_max = rlim_t(limitUs) + rlim_t(limitUs) / 10 + 1000000;  // soft, then a margin
    if (setrlimit(RLIMIT_RTTIME, &rl) != 0) {
      ThrowErrno(env, errno, "setrlimit(RLIMIT_RTTIME)");
      return env.Undefined();
    }
  }
  sched_param p{};
  p.sched_priority = info[0].As<Napi::Number>().Int32Value();
  if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &p) != 0) ThrowErrno(env, errno, "sched_setscheduler");
  return env.Undefined();
}

// The calling thread's policy, without SCHED_RESET_ON_FORK: 0 OTHER, 1 FIFO, 2 RR, ...
Napi::Value GetPolicy(const Napi::CallbackInfo& info) {
  int policy = sched_getscheduler(0);
  if (policy < 0) {
    ThrowErrno(info.Env(), errno, "sched_getscheduler");
    return info.Env().Undefined();
  }
  return Napi::Number::New(info.Env(), policy & ~SCHED_RESET_ON_FORK);
}
#else
const bool kSupported = false;
Napi::Value Unsupported(const Napi::CallbackInfo& info) {
  Napi::Error e = Napi::Error::New(info.Env(), "scheduling control needs Linux");
  e.Set("code", "ENOTSUP");
  e.ThrowAsJavaScriptException();
  return info.Env().Undefined();
}
#define GetAffinity Unsupported
#define SetAffinity Unsupported
#define ThreadId Unsupported
#define ThreadRusage Unsupported
#define SetFifo Unsupported
#define GetPolicy Unsupported
Napi::Value CurrentCpu(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), -1); }
#endif

}  // namespace

void InitSched(Napi::Env env, Napi::Object exports) {
  exports.Set("schedSupported", Napi::Boolean::New(env, kSupported));
  exports.Set("schedGetAffinity", Napi::Function::New(env, GetAffinity, "schedGetAffinity"));
  exports.Set("schedSetAffinity", Napi::Function::New(env, SetAffinity, "schedSetAffinity"));
  exports.Set("schedGetCpu", Napi::Function::New(env, CurrentCpu, "schedGetCpu"));
  exports.Set("schedGettid", Napi::Function::New(env, ThreadId, "schedGettid"));
  exports.Set("schedThreadRusage", Napi::Function::New(env, ThreadRusage, "schedThreadRusage"));
  exports.Set("schedSetFifo", Napi::Function::New(env, SetFifo, "schedSetFifo"));
  exports.Set("schedGetPolicy", Napi::Function::New(env, GetPolicy, "schedGetPolicy"));
}

}  // namespace cyclebench
