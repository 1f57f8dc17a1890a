#include "modules.h"
namespace cyclebench {
void InitLayout(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
