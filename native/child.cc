// perf-stat-style counting of a child command (the cork pattern of child_count.h) on a libuv
// pool thread (Napi::AsyncWorker), so the event loop is never blocked.
//
//   childRun(spec, onPid?) → Promise<raw result>    spec is built by src/platform/native-child.ts
//   killPid(pid, signo)
//   childConstants.addonPath: this .node's file, so TypeScript can find the helper next to it
// With spec.helper (the cyclebench-child executable, child_helper.cc) the run happens in that
// small process, so max-rss is the command's own peak; without it the addon forks itself
// and max-rss includes Node's anonymous RSS (child_helper.cc explains why).
// The pid reaches JS through a ThreadSafeFunction right after fork (before counters are
// opened), so a Ctrl-C handler can kill the child at any point. Raw readings only: signal
// numbers, errno numbers and the id → event mapping are turned into names in TypeScript.
#include <cerrno>
#include <string>
#include <vector>

#include "errors.h"
#include "modules.h"

#if defined(__linux__)
#include <dlfcn.h>

#include "child_wire.h"
#endif

namespace cyclebench {
namespace {

#if defined(__linux__)

// The JS spec copied on the JS thread (the pool thread cannot touch JS).
struct Spec {
  std::vector<std::string> candidates, argv, envp;  // candidates: PATH already resolved in TS
  std::string cwd, helper;                          // "" = inherit / fork in-process
  std::vector<int> cpus;
  bool noAslr = false, devNull = false, excludeKernel = false;
  double timeoutMs = 0;
  std::vector<uint32_t> types, groups;  // per event: perf type, index of its group
  std::vector<uint64_t> configs;
};

std::vector<std::string> Strings(const Napi::Object& o, const char* key) {
  std::vector<std::string> out;
  Napi::Value v = o.Get(key);
  if (!v.IsArray()) return out;
  Napi::Array a = v.As<Napi::Array>();
  for (uint32_t i = 0; i < a.Length(); i++) out.push_back(a.Get(i).ToString().Utf8Value());
  return out;
}
template <typename T>
std::vector<T> Numbers(const Napi::Object& o, const char* key) {
  std::vector<T> out;
  Napi::Value v = o.Get(key);
  if (!v.IsArray()) return out;
  Napi::Array a = v.As<Napi::Array>();
  for (uint32_t i = 0; i < a.Length(); i++) out.push_back(static_cast<T>(a.Get(i).ToNumber().Int64Value()));
  return out;
}
std::vector<char*> CStrings(std::vector<std::string>& v) {
  std::vector<char*> out;
  out.reserve(v.size() + 1);
  for (auto& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

class ChildWorker : public Napi::AsyncWorker {
 public:
  ChildWorker(Napi::Env env, Spec spec, Napi::Function onPid)
      : Napi::AsyncWorker(env, "cyclebench:childRun"), spec_(std::move(spec)), deferred_(env) {
    if (!onPid.IsEmpty()) tsfn_ = Napi::ThreadSafeFunction::New(env, onPid, "cyclebench:onPid", 0, 1);
  }
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    auto argv = CStrings(spec_.argv), envp = CStrings(spec_.envp), cand = CStrings(spec_.candidates);
    ChildPlan plan;
    plan.candidates = cand.data(), plan.argv = argv.data(), plan.envp = envp.data();
    plan.cwd = spec_.cwd.empty() ? nullptr : spec_.cwd.c_str();
    for (int c : spec_.cpus) CPU_SET(c, &plan.cpus), plan.setCpus = true;
    plan.noAslr = spec_.noAslr, plan.devNull = spec_.devNull, plan.excludeKernel = spec_.excludeKernel;
    plan.timeoutMs = spec_.timeoutMs;
    plan.nEvents = static_cast<int>(spec_.types.size());
    for (int i = 0; i < plan.nEvents; i++)
      plan.types[i] = spec_.types[i], plan.configs[i] = spec_.configs[i], plan.groups[i] = spec_.groups[i];
    if (spec_.helper.empty()) RunCounted(plan, &report_, ReportPid, this);
    else RunViaHelper(spec_.helper.c_str(), plan, &report_, ReportPid, this);
    ReportPid(-1, this);  // no-op unless a failure path skipped it: the TSFN must be released
  }

  void OnOK() override {
    Napi::Env env = Env();
    const ChildReport& r = report_;
    if (r.failErrno) {
      Napi::Object info = ErrnoInfo(env, r.failErrno, r.failSyscall);
      Napi::Error e = Napi::Error::New(env, info.Get("message").As<Napi::String>().Utf8Value());
      for (const char* k : {"errno", "code", "syscall"}) e.Set(k, info.Get(k));
      return deferred_.Reject(e.Value());
    }
    Napi::Object o = Napi::Object::New(env);
    auto num = [&](const char* k, double v) { o.Set(k, Napi::Number::New(env, v)); };
    num("pid", r.pid), num("wallNs", r.wallNs), num("execStage", r.execStage), num("execErrno", r.execErrno);
    o.Set("timedOut", Napi::Boolean::New(env, r.timedOut != 0));
    o.Set("exitCode", WIFEXITED(r.status) ? Napi::Number::New(env, WEXITSTATUS(r.status)) : env.Null());
    o.Set("signal", WIFSIGNALED(r.status) ? Napi::Number::New(env, WTERMSIG(r.status)) : env.Null());
    Napi::Object ru = Napi::Object::New(env);
    auto ns = [](const struct timeval& t) {
      return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_usec) * 1e3;
    };
    ru.Set("userNs", ns(r.ru.ru_utime)), ru.Set("systemNs", ns(r.ru.ru_stime));
    ru.Set("maxRssKb", static_cast<double>(r.ru.ru_maxrss));  // Linux reports kilobytes
    ru.Set("minorFaults", static_cast<double>(r.ru.ru_minflt));
    ru.Set("majorFaults", static_cast<double>(r.ru.ru_majflt));
    ru.Set("voluntarySwitches", static_cast<double>(r.ru.ru_nvcsw));
    ru.Set("involuntarySwitches", static_cast<double>(r.ru.ru_nivcsw));
    o.Set("rusage", ru);
    Napi::Array errs = Napi::Array::New(env), ids = Napi::Array::New(env), groups = Napi::Array::New(env);
    for (int32_t i = 0; i < r.nEvents; i++)
      errs.Set(i, static_cast<double>(r.openErrno[i])), ids.Set(i, static_cast<double>(r.ids[i]));
    for (int32_t g = 0; g < r.nGroups; g++) {
      Napi::Float64Array a = Napi::Float64Array::New(env, r.groupWords[g]);
      for (uint32_t i = 0; i < r.groupWords[g]; i++) a[i] = static_cast<double>(r.group[g][i]);
      groups.Set(g, a);
    }
    o.Set("openErrno", errs), o.Set("ids", ids), o.Set("groups", groups);
    deferred_.Resolve(o);
  }

 private:
  // Called once per run on the pool thread (pid -1: nothing to kill, fork failed).
  static void ReportPid(pid_t pid, void* ctx) {
    auto* self = static_cast<ChildWorker*>(ctx);
    if (!self->tsfn_) return;
    if (pid > 0)
      self->tsfn_.BlockingCall([pid](Napi::Env env, Napi::Function cb) { cb.Call({Napi::Number::New(env, pid)}); });
    self->tsfn_.Release();
    self->tsfn_ = Napi::ThreadSafeFunction();
  }

  Spec spec_;
  Napi::Promise::Deferred deferred_;
  Napi::ThreadSafeFunction tsfn_;
  ChildReport report_;
};

// The spec was validated in TypeScript (habit 3); here only cheap shape checks.
Napi::Value ChildRun(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsObject()) {
    Napi::TypeError::New(env, "usage: childRun(spec, onPid?)").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  Napi::Object o = info[0].As<Napi::Object>();
  Spec s;
  s.candidates = Strings(o, "candidates"), s.argv = Strings(o, "argv"), s.envp = Strings(o, "envp");
  if (o.Get("cwd").IsString()) s.cwd = o.Get("cwd").As<Napi::String>().Utf8Value();
  if (o.Get("helper").IsString()) s.helper = o.Get("helper").As<Napi::String>().Utf8Value();
  s.cpus = Numbers<int>(o, "cpus");
  for (int c : s.cpus)
    if (c < 0 || c >= CPU_SETSIZE) s.cpus.clear();
  s.noAslr = o.Get("noAslr").ToBoolean(), s.devNull = o.Get("devNull").ToBoolean();
  s.excludeKernel = o.Get("excludeKernel").ToBoolean();
  s.timeoutMs = o.Get("timeoutMs").ToNumber().DoubleValue();
  s.types = Numbers<uint32_t>(o, "types"), s.configs = Numbers<uint64_t>(o, "configs");
  s.groups = Numbers<uint32_t>(o, "groups");
  if (s.argv.empty() || s.candidates.empty() || s.types.size() != s.configs.size() ||
      s.types.size() != s.groups.size() || s.types.size() > static_cast<size_t>(kMaxChildEvents)) {
    Napi::TypeError::New(env, "childRun: bad spec").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  Napi::Function onPid = info.Length() > 1 && info[1].IsFunction() ? info[1].As<Napi::Function>() : Napi::Function();
  auto* w = new ChildWorker(env, std::move(s), onPid);
  Napi::Promise p = w->Promise();
  w->Queue();  // the AsyncWorker deletes itself after OnOK
  return p;
}

Napi::Value KillPid(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 2 || !info[0].IsNumber() || !info[1].IsNumber()) {
    Napi::TypeError::New(env, "usage: killPid(pid, signo)").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  pid_t pid = info[0].As<Napi::Number>().Int32Value();
  if (pid <= 0) {  // never signal a process group or every process by accident
    ThrowErrno(env, EINVAL, "kill");
    return env.Undefined();
  }
  // The command leads its own process group (child_exec.h): signal the group, so what the
  // command started goes too; the pid alone if the group is already gone.
  int signo = info[1].As<Napi::Number>().Int32Value();
  if (kill(-pid, signo) != 0 && kill(pid, signo) != 0) ThrowErrno(env, errno, "kill");
  return env.Undefined();
}

constexpr bool kSupported = true;
constexpr const char* kReason = "";

#else  // !__linux__: every export exists (habit 1)

Napi::Value ChildRun(const Napi::CallbackInfo& info) {
  ThrowErrno(info.Env(), ENOSYS, "fork");
  return info.Env().Undefined();
}
Napi::Value KillPid(const Napi::CallbackInfo& info) {
  ThrowErrno(info.Env(), ENOSYS, "kill");
  return info.Env().Undefined();
}
constexpr bool kSupported = false;
constexpr const char* kReason = "native child counting is Linux-only (fork + perf_event_open)";

#endif
}  // namespace

void InitChild(Napi::Env env, Napi::Object exports) {
  Napi::Object c = Napi::Object::New(env);
  c.Set("supported", Napi::Boolean::New(env, kSupported));
  if (!kSupported) c.Set("reason", Napi::String::New(env, kReason));
#if defined(__linux__)
  Dl_info dl;
  if (dladdr(reinterpret_cast<void*>(&InitChild), &dl) != 0 && dl.dli_fname != nullptr)
    c.Set("addonPath", Napi::String::New(env, dl.dli_fname));
#endif
  exports.Set("childConstants", c);
  exports.Set("childRun", Napi::Function::New(env, ChildRun, "childRun"));
  exports.Set("killPid", Napi::Function::New(env, KillPid, "killPid"));
}

}  // namespace cyclebench
