/** A picture inside its page as an AVIF `data:` URL (issue 42, item 3: the case-study index's largest paint). */
import { readFileSync } from 'node:fs';
import type { ImageMetadata } from 'astro';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inlineAvif, inlinePublicSvg } from '~/lib/build/inline-image';

const COVER = 'src/assets/case-studies/multi-speciality-hospital.png';

/** An imported picture as Astro hands it over: its source file's path kept, not enumerable. */
function imported(fsPath: string | undefined): ImageMetadata {
  const image: ImageMetadata = { src: '/_astro/cover.png', width: 1600, height: 900, format: 'png' };
  if (fsPath) Object.defineProperty(image, 'fsPath', { value: fsPath, enumerable: false });
  return image;
}

describe('inlineAvif', () => {
  it('makes the picture the width asked for, as an AVIF data: URL of a few kilobytes', async () => {
    const url = await inlineAvif(imported(COVER), 640);
    const [prefix, base64] = url.split(',');
    expect(prefix).toBe('data:image/avif;base64');
    const bytes = Buffer.from(base64!, 'base64');
    const { format, width, height } = await sharp(bytes).metadata();
    expect(format).toBe('heif');
    expect([width, height]).toEqual([640, 360]);
    expect(bytes.length).toBeLessThan(8 * 1024);
  });

  it('says which picture it cannot read when no source file is known', async () => {
    await expect(inlineAvif(imported(undefined), 640)).rejects.toThrow(
      'no source file is known for /_astro/cover.png',
    );
  });
});

describe('inlinePublicSvg', () => {
  it('makes a picture of public/ an SVG data: URL of the same file', async () => {
    const url = await inlinePublicSvg('/images/home/slide-erp.svg');
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      readFileSync('public/images/home/slide-erp.svg', 'utf8'),
    );
  });
});
