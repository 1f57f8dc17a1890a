#include "modules.h"
namespace cyclebench {
void InitCounters(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
