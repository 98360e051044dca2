/** A post's share image, /career/blogs/{slug}/og.png: 1200 x 630 PNG drawn at build (DECISIONS 65). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { blogText } from '~/content/ui/site';
import { blogPosts, type Post } from '~/lib/build/publications';
import { shareCardPng } from '~/lib/build/share-card';
import { formatIndianDate } from '~/lib/shared/dates';

export const getStaticPaths = (async () =>
  (await blogPosts()).map((post) => ({
    params: { slug: post.id },
    props: { post },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ post: Post }> = async ({ props: { post } }) => {
  const png = await shareCardPng({
    kind: blogText.shareKind,
    title: post.data.title,
    footer: `${post.data.author} · ${formatIndianDate(post.data.date.toISOString())}`,
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
