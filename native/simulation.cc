// Valgrind client requests: switch callgrind's counting on/off around timed batches and
// dump the counts after each. The requests are inline instructions from the headers (no
// library to link); outside Valgrind they cost a few instructions and do nothing.
// Without the headers the exports exist and report `simulationSupported: false`.
#include "modules.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>) && __has_include(<valgrind/valgrind.h>)
#define CYCLEBENCH_HAVE_VALGRIND 1
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>
#endif
#endif

#include <string>

namespace cyclebench {
namespace {

#ifdef CYCLEBENCH_HAVE_VALGRIND
const bool kSupported = true;
// RUNNING_ON_VALGRIND is 0 natively, the nesting depth under Valgrind.
int RunningOnValgrind() { return int(RUNNING_ON_VALGRIND); }
void Toggle() { CALLGRIND_TOGGLE_COLLECT; }
void Zero() { CALLGRIND_ZERO_STATS; }
void Dump(const std::string& label) { CALLGRIND_DUMP_STATS_AT(label.c_str()); }
void StartInstr() { CALLGRIND_START_INSTRUMENTATION; }
#else
const bool kSupported = false;
int RunningOnValgrind() { return 0; }
void Toggle() {}
void Zero() {}
void Dump(const std::string&) {}
void StartInstr() {}
#endif

Napi::Value Running(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), RunningOnValgrind()); }

Napi::Value ToggleCollect(const Napi::CallbackInfo& info) {
  Toggle();
  return info.Env().Undefined();
}

Napi::Value ZeroStats(const Napi::CallbackInfo& info) {
  Zero();
  return info.Env().Undefined();
}

// With --instr-atstart=no the process runs uninstrumented (start-up at nulgrind's speed) until this.
Napi::Value StartInstrumentation(const Napi::CallbackInfo& info) {
  StartInstr();
  return info.Env().Undefined();
}

// Writes callgrind.out.<pid>.<n> with `label` on its "desc: Trigger:" line.
Napi::Value DumpStats(const Napi::CallbackInfo& info) {
  std::string label = "cyclebench";
  if (info.Length() > 0 && info[0].IsString()) label = info[0].As<Napi::String>().Utf8Value();
  Dump(label);
  return info.Env().Undefined();
}

}  // namespace

void InitSimulation(Napi::Env env, Napi::Object exports) {
  exports.Set("simulationSupported", Napi::Boolean::New(env, kSupported));
  exports.Set("simulationRunning", Napi::Function::New(env, Running, "simulationRunning"));
  exports.Set("simulationToggleCollect", Napi::Function::New(env, ToggleCollect, "simulationToggleCollect"));
  exports.Set("simulationZeroStats", Napi::Function::New(env, ZeroStats, "simulationZeroStats"));
  exports.Set("simulationStartInstrumentation",
              Napi::Function::New(env, StartInstrumentation, "simulationStartInstrumentation"));
  exports.Set("simulationDumpStats", Napi::Function::New(env, DumpStats, "simulationDumpStats"));
}

}  // namespace cyclebench
