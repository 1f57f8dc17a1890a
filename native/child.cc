// perf-stat-style counting of a child command: perf's cork pattern
// (tools/perf/util/evlist.c evlist__prepare_workload; NATIVE-NOTES §a "Counting a child", P11).
// fork → the child blocks on a "go" pipe → the parent opens counter groups on the child pid
// (leader disabled, enable_on_exec=1, inherit=1) → go byte → execve → wait4. All of it runs
// on a libuv pool thread (Napi::AsyncWorker) so the event loop is never blocked.
//
//   childRun(spec, onPid?) → Promise<raw result>    spec is built by src/platform/native-child.ts
//   killPid(pid, signo)
// The pid reaches JS through a ThreadSafeFunction right after fork (before counters are
// opened), so a Ctrl-C handler can kill the child at any point. Raw readings only: signal
// numbers, errno numbers and the id → event mapping are turned into names in TypeScript.
#include <cerrno>
#include <string>
#include <vector>

#include "errors.h"
#include "modules.h"
#include "perf.h"

#if defined(__linux__)
#include <sys/ioctl.h>

#include "child_exec.h"
#endif

namespace cyclebench {
namespace {

#if defined(__linux__)

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
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    for (int c : spec_.cpus) CPU_SET(c, &cpus);
    int go[2], err[2], nullFd = -1;
    if (pipe2(go, O_CLOEXEC) != 0) return Fail(errno, "pipe2");
    if (pipe2(err, O_CLOEXEC) != 0) return Fail(errno, "pipe2"), Close2(go);
    if (spec_.devNull && (nullFd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
      return Fail(errno, "open(/dev/null)"), Close2(go), Close2(err);
    pid_ = fork();
    if (pid_ == 0) {
      close(go[1]);  // so the child's read sees EOF if the parent goes away
      ChildMain(spec_, argv.data(), envp.data(), cand.data(), cpus, go[0], err[1], nullFd);
    }
    int forkErr = errno;
    close(go[0]), close(err[1]);
    if (nullFd >= 0) close(nullFd);
    if (tsfn_) {
      int pid = pid_;
      if (pid > 0) tsfn_.BlockingCall([pid](Napi::Env env, Napi::Function cb) { cb.Call({Napi::Number::New(env, pid)}); });
      tsfn_.Release();
    }
    if (pid_ < 0) return Fail(forkErr, "fork"), close(go[1]), void(close(err[0]));
    OpenCounters();
    int64_t t0 = NowNs();
    char byte = 'g';
    ssize_t w = write(go[1], &byte, 1);  // EPIPE if already killed: Node ignores SIGPIPE
    (void)w;
    close(go[1]);
    int fail[2] = {0, 0};
    ssize_t n;
    while ((n = read(err[0], fail, sizeof fail)) < 0 && errno == EINTR) {
    }
    close(err[0]);  // EOF (n == 0): exec succeeded, the pipe closed with O_CLOEXEC
    if (n == static_cast<ssize_t>(sizeof fail)) execStage_ = fail[0], execErrno_ = fail[1];
    ReapChild(pid_, spec_.timeoutMs, t0, &status_, &ru_, &timedOut_);
    wallNs_ = static_cast<double>(NowNs() - t0);
    ReadCounters();
  }

  void OnOK() override {
    Napi::Env env = Env();
    if (failErrno_) {
      Napi::Object info = ErrnoInfo(env, failErrno_, failSyscall_);
      Napi::Error e = Napi::Error::New(env, info.Get("message").As<Napi::String>().Utf8Value());
      for (const char* k : {"errno", "code", "syscall"}) e.Set(k, info.Get(k));
      return deferred_.Reject(e.Value());
    }
    Napi::Object o = Napi::Object::New(env);
    auto num = [&](const char* k, double v) { o.Set(k, Napi::Number::New(env, v)); };
    num("pid", pid_), num("wallNs", wallNs_), num("execStage", execStage_), num("execErrno", execErrno_);
    o.Set("timedOut", Napi::Boolean::New(env, timedOut_));
    o.Set("exitCode", WIFEXITED(status_) ? Napi::Number::New(env, WEXITSTATUS(status_)) : env.Null());
    o.Set("signal", WIFSIGNALED(status_) ? Napi::Number::New(env, WTERMSIG(status_)) : env.Null());
    Napi::Object ru = Napi::Object::New(env);
    auto ns = [](const struct timeval& t) { return t.tv_sec * 1e9 + t.tv_usec * 1e3; };
    ru.Set("userNs", ns(ru_.ru_utime)), ru.Set("systemNs", ns(ru_.ru_stime));
    ru.Set("maxRssKb", static_cast<double>(ru_.ru_maxrss));  // Linux reports kilobytes
    ru.Set("minorFaults", static_cast<double>(ru_.ru_minflt)), ru.Set("majorFaults", static_cast<double>(ru_.ru_majflt));
    ru.Set("voluntarySwitches", static_cast<double>(ru_.ru_nvcsw));
    ru.Set("involuntarySwitches", static_cast<double>(ru_.ru_nivcsw));
    o.Set("rusage", ru);
    Napi::Array errs = Napi::Array::New(env), ids = Napi::Array::New(env), groups = Napi::Array::New(env);
    for (uint32_t i = 0; i < openErrno_.size(); i++) errs.Set(i, openErrno_[i]), ids.Set(i, ids_[i]);
    for (uint32_t g = 0; g < readings_.size(); g++) {
      Napi::Float64Array a = Napi::Float64Array::New(env, readings_[g].size());
      for (size_t i = 0; i < readings_[g].size(); i++) a[i] = readings_[g][i];
      groups.Set(g, a);
    }
    o.Set("openErrno", errs), o.Set("ids", ids), o.Set("groups", groups);
    deferred_.Resolve(o);
  }

 private:
  void Fail(int err, const char* syscall) { failErrno_ = err, failSyscall_ = syscall; }
  static void Close2(int p[2]) { close(p[0]), close(p[1]); }

  // The first event of each group that opens becomes its leader; a member that cannot join
  // is retried alone as a leader of its own, so one bad event costs only itself.
  void OpenCounters() {
    PerfFlags lead, member;
    lead.excludeKernel = member.excludeKernel = spec_.excludeKernel;
    lead.excludeHv = member.excludeHv = true;
    lead.inherit = member.inherit = true;  // the child's threads and children count too (P11)
    lead.disabled = lead.enableOnExec = true;  // counting starts exactly at execve
    int leader = -1;
    for (size_t i = 0; i < spec_.types.size(); i++) {
      if (i > 0 && spec_.groups[i] != spec_.groups[i - 1]) leader = -1;
      int fd = leader >= 0 ? PerfEventOpen(spec_.types[i], spec_.configs[i], leader, member, pid_, -1) : -1;
      bool alone = fd < 0;
      if (alone) fd = PerfEventOpen(spec_.types[i], spec_.configs[i], -1, lead, pid_, -1);
      openErrno_.push_back(fd < 0 ? errno : 0);
      uint64_t id = 0;
      if (fd >= 0 && ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) id = 0;
      ids_.push_back(static_cast<double>(id));
      if (fd < 0) continue;
      if (!alone) members_.push_back(fd);
      else if (leaders_.push_back(fd), leader < 0) leader = fd;
    }
  }

  void ReadCounters() {
    uint64_t buf[kMaxGroupWords];
    for (int fd : leaders_) {
      ssize_t n = read(fd, buf, sizeof buf);
      readings_.emplace_back(buf, buf + (n > 0 ? n / sizeof(uint64_t) : 0));
    }
    for (int fd : leaders_) close(fd);
    for (int fd : members_) close(fd);
  }

  Spec spec_;
  Napi::Promise::Deferred deferred_;
  Napi::ThreadSafeFunction tsfn_;
  pid_t pid_ = -1;
  int status_ = 0, execStage_ = 0, execErrno_ = 0, failErrno_ = 0;
  const char* failSyscall_ = "";
  bool timedOut_ = false;
  double wallNs_ = 0;
  struct rusage ru_ = {};
  std::vector<int> leaders_, members_;
  std::vector<double> openErrno_, ids_;
  std::vector<std::vector<double>> readings_;
};

// The spec was validated in TypeScript (STYLE.md #3); here only cheap shape checks.
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
  s.cpus = Numbers<int>(o, "cpus");
  for (int c : s.cpus) if (c < 0 || c >= CPU_SETSIZE) s.cpus.clear();
  s.noAslr = o.Get("noAslr").ToBoolean(), s.devNull = o.Get("devNull").ToBoolean();
  s.excludeKernel = o.Get("excludeKernel").ToBoolean();
  s.timeoutMs = o.Get("timeoutMs").ToNumber().DoubleValue();
  s.types = Numbers<uint32_t>(o, "types"), s.configs = Numbers<uint64_t>(o, "configs");
  s.groups = Numbers<uint32_t>(o, "groups");
  if (s.argv.empty() || s.candidates.empty() || s.types.size() != s.configs.size() ||
      s.types.size() != s.groups.size()) {
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
  if (kill(pid, info[1].As<Napi::Number>().Int32Value()) != 0) ThrowErrno(env, errno, "kill");
  return env.Undefined();
}

constexpr bool kSupported = true;
constexpr const char* kReason = "";

#else  // !__linux__: every export exists (STYLE.md #1)

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
  exports.Set("childConstants", c);
  exports.Set("childRun", Napi::Function::New(env, ChildRun, "childRun"));
  exports.Set("killPid", Napi::Function::New(env, KillPid, "killPid"));
}

}  // namespace cyclebench
