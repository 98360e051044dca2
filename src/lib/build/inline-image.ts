/**
 * A picture that comes inside its page, as a `data:` URL made at build (the CSP allows `data:`
 * images): for a page whose largest paint is a picture, which fetched by a request of its own came
 * one round trip after the page on a slow phone network (issue 42, item 3). Only for a picture of a
 * few kilobytes: every byte of it is a byte more of the page, and base64 does not compress.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageMetadata } from 'astro';
import sharp from 'sharp';

/**
 * A picture of `public/` (`/images/home/slide-erp.svg`, as a content entry names it) as an SVG
 * `data:` URL: the home page's first slide, whose picture is its largest paint on a phone.
 */
export async function inlinePublicSvg(publicPath: string): Promise<string> {
  const svg = await readFile(join(process.cwd(), 'public', publicPath), 'utf8');
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The picture `width` pixels wide as an AVIF `data:` URL, made from the file an imported picture
 * (`import cover from '…png'`, a content entry's `image()`) was read from.
 */
export async function inlineAvif(image: ImageMetadata, width: number): Promise<string> {
  // Astro keeps the source file's path on an imported picture, not enumerable.
  const { fsPath } = image as ImageMetadata & { fsPath?: string };
  if (!fsPath) throw new Error(`inlineAvif: no source file is known for ${image.src}`);
  const avif = await sharp(fsPath).resize({ width }).avif().toBuffer();
  return `data:image/avif;base64,${avif.toString('base64')}`;
}
