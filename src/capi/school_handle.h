// What a mf_school* is (mirofish_c.h keeps it opaque): the school and the formation its hash named.
#pragma once

#include "link/form_spec.h"
#include "sim/school.h"

struct mf_school {
  mirofish::School school;
  mirofish::FormSpec form;
  double formAt = 0;
  bool measured = false;  // a step has been measured: metrics() holds something
  explicit mf_school(const mirofish::Params& p) : school(p) {}
};
