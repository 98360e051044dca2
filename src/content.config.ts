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
