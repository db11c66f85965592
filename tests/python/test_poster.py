"""School.poster(): this step drawn by the native renderer, the CLI's poster pixel for pixel."""

from __future__ import annotations

import numpy as np
import pytest

import mirofish


@pytest.fixture(autouse=True)
def native_renderer():
    if not mirofish.poster_available():
        pytest.skip("this libmirofish was built without the native renderer (MIROFISH_FRAMES)")


def test_the_poster_is_the_clis(cli, tmp_path):
    image = pytest.importorskip("matplotlib.image")
    out = tmp_path / "cli.png"
    cli("poster", "--hash", "n=300&seed=7&water=1&t=10", "--size", "400x225", "--out", str(out))
    theirs = np.round(image.imread(out) * 255).astype(np.uint8)
    ours = mirofish.School(n=300, seed=7, water=1).step(600).poster(400, 225)
    assert ours.shape == (225, 400, 4) and ours.dtype == np.uint8
    np.testing.assert_array_equal(ours, theirs)


def test_the_poster_shows_this_schools_fish():
    school = mirofish.School(n=200, seed=3).step(60)
    still = school.poster(320)  # the world's shape: 1600 x 900 -> 320 x 180
    assert still.shape == (180, 320, 4)
    assert still[..., 3].max() > 100 and still[..., 3].min() == 0  # fish (their opacity) on a transparent page
    school.scare(800, 450).step(60)
    assert not np.array_equal(school.poster(320), still)
    with pytest.raises(ValueError, match="outside 16..3840"):
        school.poster(8, 8)
