#include "core/engine/versions.h"

#include <H5public.h>
#include <torch/version.h> // the version macros only

namespace qs {

std::string torchVersion()
{
    return TORCH_VERSION;
}

std::string hdf5Version()
{
    unsigned major = 0, minor = 0, release = 0;
    if (H5get_libversion(&major, &minor, &release) < 0)
        return "unknown";
    return std::to_string(major) + '.' + std::to_string(minor) + '.' + std::to_string(release);
}

} // namespace qs
