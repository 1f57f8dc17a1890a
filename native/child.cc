#include "modules.h"
namespace cyclebench {
void InitChild(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
