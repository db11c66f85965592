// A picture of the school at one step, as SVG (fish coloured by heading, like the teaching view).
#pragma once

#include <string>

namespace mirofish {

class School;
bool writeSchoolSvg(const School& school, const std::string& path);

}  // namespace mirofish
