// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/averagingspec.h"

#include "core/common/errors.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace qs {

std::string lawaRunName(const std::string& run, int window, int stride)
{
    return run + ".lawa" + std::to_string(window) + (stride > 1 ? "s" + std::to_string(stride) : std::string());
}

void checkLawaWindow(int window, int stride)
{
    if (window < lawaMinWindow || window > lawaMaxWindow)
        throw ConfigError("LAWA window " + std::to_string(window) + " is out of range [" + std::to_string(lawaMinWindow)
                          + ", " + std::to_string(lawaMaxWindow) + "]");
    if (stride < 1 || stride > lawaMaxStride)
        throw ConfigError("LAWA stride " + std::to_string(stride) + " is out of range [1, "
                          + std::to_string(lawaMaxStride) + "]");
}

SoupIngredient parseSoupIngredient(const std::string& text)
{
    SoupIngredient ingredient;
    std::string rest = text;
    if (const auto star = rest.find('*'); star != std::string::npos) {
        const std::string weight = rest.substr(star + 1);
        try {
            size_t used = 0;
            ingredient.weight = std::stod(weight, &used);
            if (used != weight.size())
                throw std::invalid_argument("trailing text");
        } catch (const std::exception&) {
            ingredient.weight = std::numeric_limits<double>::quiet_NaN();
        }
        if (!std::isfinite(ingredient.weight) || !(ingredient.weight > 0.0))
            throw ConfigError("soup ingredient '" + text + "': the weight '" + weight + "' is not a number > 0");
        rest.resize(star);
    }
    ingredient.step = -1;
    if (const auto at = rest.find('@'); at != std::string::npos) {
        try {
            size_t used = 0;
            ingredient.step = std::stoll(rest.substr(at + 1), &used);
            if (used != rest.size() - at - 1 || ingredient.step < 0)
                throw std::invalid_argument("bad step");
        } catch (const std::out_of_range&) {
            throw ConfigError("soup ingredient '" + text + "': the step '" + rest.substr(at + 1)
                              + "' is not a whole number in [0, " + std::to_string(std::numeric_limits<int64_t>::max())
                              + "]");
        } catch (const std::exception&) {
            throw ConfigError("soup ingredient '" + text + "': expected run@step, e.g. wsd@600");
        }
        rest.resize(at);
    }
    if (rest.empty())
        throw ConfigError("soup ingredient '" + text + "' names no run");
    ingredient.run = rest;
    return ingredient;
}

} // namespace qs
