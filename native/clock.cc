#include "modules.h"
namespace cyclebench {
void InitClock(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
