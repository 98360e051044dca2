/** A case study's share image, /who-we-are/case-studies/{slug}/og.png: 1200 x 630 PNG drawn at build (DECISIONS 65). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { caseStudyText } from '~/content/ui/site';
import { caseStudies, type CaseStudy } from '~/lib/build/publications';
import { shareCardPng } from '~/lib/build/share-card';

export const getStaticPaths = (async () =>
  (await caseStudies()).map((study) => ({
    params: { slug: study.id },
    props: { study },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ study: CaseStudy }> = async ({ props: { study } }) => {
  const png = await shareCardPng({
    kind: caseStudyText.shareKind,
    title: study.data.title,
    footer: study.data.sector,
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
