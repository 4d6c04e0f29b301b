"""Build hook (everything else is in pyproject.toml): the wheel carries the shipped config.toml
and sample images as bingo/defaults/, the built-in settings of an installed `bingo` (see
bingo/builtin.py). They are copied from the repository's own files at build time, so there is
one config.toml to edit, never a second copy to keep in step."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def copy_defaults(build_lib):
    """config.toml and img/samples/*.png into <build_lib>/bingo/defaults/."""
    target = Path(build_lib) / "bingo" / "defaults"
    (target / "img" / "samples").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "config.toml", target / "config.toml")
    for image in sorted((ROOT / "img" / "samples").glob("*.png")):
        shutil.copyfile(image, target / "img" / "samples" / image.name)
    return target


class BuildWithDefaults(build_py):
    def run(self):
        super().run()
        copy_defaults(self.build_lib)


if __name__ == "__main__":  # (setuptools' build backend runs this file as __main__)
    setup(cmdclass={"build_py": BuildWithDefaults})
