// The school with its formation as rectangles, in the renderer's order: page, free fish, plate, settled cells.
#include "cli/school_picture.h"

#include "sim/school.h"

namespace mirofish {

FormPicture schoolPicture(const School& school) {
  const FormationState& form = school.formation();
  const FishArrays& f = school.fish();
  FormPicture p;
  p.width = float(school.params().width);
  p.height = float(school.params().height);
  p.rects.push_back(PictureRect{0, 0, p.width, p.height, kPageColour});
  for (int i = 0; i < f.count; ++i)
    if (!form.drawnAsCell(i))
      p.rects.push_back(PictureRect{f.x[size_t(i)] - 2.5f, f.y[size_t(i)] - 2.5f, 5, 5, kFishColour});
  if (form.plate())
    p.rects.push_back(PictureRect{float(form.originX), float(form.originY), float(form.cols * form.cell),
                                  float(form.rows * form.cell), kPlateColour});
  const float cell = float(form.cell);
  const uint32_t ink = form.spec.kind == FormationKind::Qr ? kInkColour : kFishColour;
  for (int i = 0; i < f.count; ++i) {
    if (!form.drawnAsCell(i)) continue;
    const size_t j = size_t(form.targetOf[size_t(i)]);
    // S-CHO-4: modules as 0.96-cell squares; the finder patterns' modules whole cells, so the patterns are solid.
    const float side = form.solid[j] ? cell : 0.96f * cell;
    p.rects.push_back(PictureRect{form.tx[j] - side / 2, form.ty[j] - side / 2, side, side, ink});
  }
  return p;
}

}  // namespace mirofish
