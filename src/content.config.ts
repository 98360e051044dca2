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

/** A link drawn as a button or call to action. */
const action = z.object({
  label: z.string().min(2).max(30).describe('Visible text of the link, e.g. "Order Now".'),
  href: z
    .string()
    .regex(/^\/[\w/-]*$/)
    .describe('Site path the link opens, e.g. "/contact-us" (no host, no trailing slash).'),
});

/** An SVG illustration in public/, with its intrinsic size so the page reserves its space. */
const illustration = z.object({
  src: z
    .string()
    .regex(/^\/images\/.+\.svg$/)
    .describe('Path of an SVG under public/images/ (decorative: the text beside it carries the meaning).'),
  width: z.number().int().positive().describe('Intrinsic width in CSS pixels.'),
  height: z.number().int().positive().describe('Intrinsic height in CSS pixels.'),
});

const sectionIntro = {
  eyebrow: z.string().max(40).describe('Small label above the section heading (the section name).'),
  heading: z.string().max(90).describe('The section heading (an <h2>).'),
};

/**
 * Copy of the home page sections below the heading (product-spec section 1). One entry, `home`,
 * in src/content/home.yaml; the <h1> and lead stay in pages/home.md.
 */
const home = defineCollection({
  loader: file('src/content/home.yaml'),
  schema: z.object({
    slider: z
      .object({
        label: z.string().max(60).describe('Accessible name of the carousel region.'),
        previousLabel: z.string().max(40).describe('Accessible name of the previous-slide button.'),
        nextLabel: z.string().max(40).describe('Accessible name of the next-slide button.'),
        pauseLabel: z.string().max(60).describe('Accessible name of the button while slides rotate.'),
        playLabel: z.string().max(60).describe('Accessible name of the button while rotation is stopped.'),
        slideLabel: z
          .string()
          .includes('{index}')
          .includes('{total}')
          .describe('Label of each slide; {index} and {total} are replaced, e.g. "{index} of {total}".'),
        slides: z
          .array(
            z.object({
              title: z.string().max(70).describe('Slide heading (an <h2>).'),
              text: z.string().min(60).max(220).describe('One or two sentences under the slide heading.'),
              image: illustration,
              action: action.describe('The slide button, "Order Now", to the page that sells it.'),
            }),
          )
          .length(3)
          .describe('The three rotating slides, in order.'),
      })
      .describe('The rotating slider at the top of the page.'),
    industries: z
      .object({
        ...sectionIntro,
        intro: z.string().max(320).describe('Paragraph under the heading.'),
        items: z
          .array(
            z.object({
              name: z.string().max(30).describe('Industry name, e.g. "Logistics".'),
              icon: z
                .enum(['truck', 'hospital', 'factory', 'store'])
                .describe('Line icon shown above the name.'),
              text: z
                .string()
                .min(60)
                .max(260)
                .describe('What we do for this industry, one or two sentences.'),
              action: action.describe('"Read More" link to the product page that fits the industry.'),
            }),
          )
          .length(4),
      })
      .describe('Industries We Serve.'),
    seo: z
      .object({
        ...sectionIntro,
        paragraphs: z.array(z.string().min(60).max(400)).min(1).max(3).describe('Body paragraphs.'),
        points: z.array(z.string().max(80)).max(5).describe('Short bullet points after the paragraphs.'),
        image: illustration,
        action: action.describe('The "Start Free Trial" button.'),
      })
      .describe('What Is SEO.'),
    counters: z
      .object({
        heading: z.string().max(60).describe('Heading of the counters band (read by screen readers only).'),
        items: z
          .array(
            z.object({
              value: z.number().int().nonnegative().describe('Final number the counter counts up to.'),
              label: z.string().max(40).describe('What the number counts, e.g. "Customer Satisfaction".'),
            }),
          )
          .length(4),
      })
      .describe('The four counters (product-spec section 9: 5090, 3090, 2050, 9000).'),
    whyChooseUs: z
      .object({
        ...sectionIntro,
        reasons: z
          .array(
            z.object({
              title: z.string().max(50).describe('The reason in a few words (an <h3>).'),
              text: z.string().min(40).max(200).describe('One sentence explaining it.'),
            }),
          )
          .length(9),
      })
      .describe('Why Choose Us, nine reasons.'),
    contactStrip: z
      .object({
        heading: z.string().max(70).describe('Heading of the strip.'),
        text: z.string().max(200).describe('One sentence: when and how to reach us.'),
        phoneLabel: z
          .string()
          .max(30)
          .describe('Label before the phone link (the number comes from site.config).'),
        emailLabel: z
          .string()
          .max(30)
          .describe('Label before the e-mail link (the address comes from site.config).'),
      })
      .describe('The contact strip with phone and e-mail links.'),
    products: z
      .object({
        ...sectionIntro,
        intro: z.string().max(320).describe('Paragraph under the heading.'),
        items: z
          .array(
            z.object({
              name: z.string().max(40).describe('Product name (an <h3>, linking to its page).'),
              href: z
                .string()
                .regex(/^\/products\/[\w-]+$/)
                .describe('The product page.'),
              features: z.array(z.string().max(70)).min(3).max(6).describe('Feature list, one line each.'),
              action: action.describe('The "Get Quote" link, to /contact-us.'),
            }),
          )
          .length(4),
      })
      .describe('Our Products.'),
  }),
});

export const collections = { pages, team, home };
