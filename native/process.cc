// Process lifetime: a worker asks the kernel to kill it when the process that started it
// dies (prctl(2) PR_SET_PDEATHSIG), so a CLI killed by SIGKILL leaves no spinning worker
// behind even while the worker's JS thread never returns to its event loop. The signal
// fires when the *thread* that forked the child exits; libuv forks from the orchestrator's
// main thread, which only ends with the process. Elsewhere the export reports false and
// the worker relies on its IPC-disconnect watchdog alone.
#include "errors.h"
#include "modules.h"

#ifdef __linux__
#include <sys/prctl.h>

#include <cerrno>
#endif

namespace cyclebench {
namespace {

// processSetParentDeathSignal(signo) -> true when set; false where the OS has no such call.
Napi::Value SetParentDeathSignal(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) {
    Napi::TypeError::New(env, "processSetParentDeathSignal(signo): signo must be a number")
        .ThrowAsJavaScriptException();
    return env.Undefined();
  }
#ifdef __linux__
  int signo = info[0].As<Napi::Number>().Int32Value();
  if (prctl(PR_SET_PDEATHSIG, static_cast<unsigned long>(signo), 0, 0, 0) != 0) {
    ThrowErrno(env, errno, "prctl");
    return env.Undefined();
  }
  return Napi::Boolean::New(env, true);
#else
  return Napi::Boolean::New(env, false);
#endif
}

}  // namespace

void InitProcess(Napi::Env env, Napi::Object exports) {
  exports.Set("processSetParentDeathSignal",
              Napi::Function::New(env, SetParentDeathSignal, "processSetParentDeathSignal"));
}

}  // namespace cyclebench
