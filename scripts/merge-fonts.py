#!/usr/bin/python3
"""
Be Vietnam Pro as one file per weight: @fontsource ships each weight as a Latin file and a Vietnamese file,
and a Vietnamese text needs both, so a first page waited for two downloads per weight (32-35 KB). This
merges the two and keeps the characters the two files covered (their unicode-ranges), about 23 KB a weight,
so the weights above the fold can be preloaded and be there when the page is first laid out.

Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli). Run it after
upgrading @fontsource/be-vietnam-pro and commit the files it writes:
    /usr/bin/python3 scripts/merge-fonts.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / 'node_modules/@fontsource/be-vietnam-pro/files'
OUT = ROOT / 'src/web/fonts'
WEIGHTS = [400, 500, 600, 700]

# The union of the two files' unicode-ranges (src/web/fonts.css says the same range).
LATIN = (
    list(range(0x0000, 0x0100)) + [0x0131, 0x0152, 0x0153, 0x02BB, 0x02BC, 0x02C6, 0x02DA, 0x02DC, 0x0304, 0x0308, 0x0329]
    + list(range(0x2000, 0x2070)) + [0x20AC, 0x2122, 0x2191, 0x2193, 0x2212, 0x2215, 0xFEFF, 0xFFFD]
)
VIETNAMESE = (
    [0x0102, 0x0103, 0x0110, 0x0111, 0x0128, 0x0129, 0x0168, 0x0169, 0x01A0, 0x01A1, 0x01AF, 0x01B0]
    + [0x0300, 0x0301, 0x0303, 0x0304, 0x0308, 0x0309, 0x0323, 0x0329] + list(range(0x1EA0, 0x1EFA)) + [0x20AB]
)


def merged(weight: int) -> TTFont:
    parts = []
    for script in ('latin', 'vietnamese'):
        font = TTFont(SOURCE / f'be-vietnam-pro-{script}-{weight}-normal.woff2')
        font.flavor = None
        path = OUT / f'.{script}-{weight}.ttf'
        font.save(path)
        parts.append(str(path))
    font = Merger().merge(parts)
    for p in parts:
        Path(p).unlink()
    return font


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['*']
    options.name_IDs = ['*']
    options.notdef_outline = True
    for weight in WEIGHTS:
        font = merged(weight)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(set(LATIN + VIETNAMESE)))
        subsetter.subset(font)
        font.flavor = 'woff2'
        target = OUT / f'be-vietnam-pro-{weight}.woff2'
        font.save(target)
        print(f'{target.relative_to(ROOT)}: {target.stat().st_size} bytes')


if __name__ == '__main__':
    main()
