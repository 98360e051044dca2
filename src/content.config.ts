import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * One entry per canonical page of the site. The entry id is the page's path without the leading
 * slash (`who-we-are/about-us`, `home`); the Markdown body is the page's opening copy.
 */
const pages = defineCollection({
  loader: glob({
    pattern: '**/*.md',
    base: './src/content/pages',
    // Keep the id equal to the file path (routes like /services/IoT-engineering keep their case).
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  }),
  schema: z.object({
    title: z
      .string()
      .min(10)
      .max(60)
      .describe('The <title> of the page, without the company suffix; unique across the site.'),
    description: z
      .string()
      .min(70)
      .max(160)
      .describe('Meta and Open Graph description: one or two sentences, 70-160 characters.'),
    eyebrow: z.string().max(40).describe('Small label above the heading, e.g. the section name.'),
    heading: z.string().max(80).describe('The single <h1> of the page.'),
    lead: z.string().min(80).max(320).describe('Opening paragraph under the heading, plain text.'),
    crumb: z
      .string()
      .max(40)
      .optional()
      .describe('Short breadcrumb label when it differs from the heading (e.g. "Checkout").'),
    summary: z
      .string()
      .max(140)
      .optional()
      .describe('One-line description shown in navigation menus (products hover text).'),
    cards: z
      .object({
        heading: z.string().max(60).describe('Section heading, e.g. "Modules" or "What we offer".'),
        items: z
          .array(
            z.object({
              name: z.string().min(3).max(48).describe('Card title.'),
              description: z.string().min(40).max(220).describe('One or two sentences.'),
            }),
          )
          .min(3)
          .max(8),
      })
      .optional()
      .describe("Card grid after the body: a product's modules, a service's offerings."),
    checklist: z
      .object({
        heading: z.string().max(60).describe('Section heading, e.g. "Features".'),
        items: z.array(z.string().min(10).max(140)).min(4).max(10),
      })
      .optional()
      .describe('Ticked list of features or deliverables.'),
    audience: z
      .object({
        heading: z.string().max(60).describe('Section heading, e.g. "Who it is for".'),
        items: z
          .array(
            z.object({
              name: z.string().min(3).max(48),
              description: z.string().min(30).max(180),
            }),
          )
          .min(2)
          .max(5),
      })
      .optional()
      .describe('Who the product or service is for.'),
    cta: z
      .object({
        heading: z.string().min(10).max(80).describe('Call to action heading.'),
        text: z.string().min(40).max(220).describe('One sentence under it.'),
        label: z.string().min(3).max(30).describe('Button label, e.g. "Get Quote".'),
      })
      .optional()
      .describe('Closing call to action; the button goes to /contact-us.'),
  }),
});

/** The leadership team shown on /who-we-are/leadership (src/content/team.json). */
const team = defineCollection({
  loader: file('src/content/team.json'),
  schema: z.object({
    order: z.number().int().positive().describe('Position in the carousel, 1 first.'),
    name: z.string().min(3).max(60).describe('Full name as the person writes it.'),
    designation: z.string().min(3).max(60).describe('Job title, e.g. "Managing Director".'),
    portrait: z
      .string()
      .regex(/^\/images\/team\/[a-z0-9-]+\.svg$/)
      .describe('Portrait or illustration in public/images/team/, square SVG.'),
    bio: z.string().min(80).max(360).describe('Two or three sentences on what the person does here.'),
  }),
});

export const collections = { pages, team };
