import { site } from '~/site.config';

/** schema.org `Organization` for the company, embedded on every page. */
export function organizationJsonLd(origin: URL | undefined): Record<string, unknown> {
  const base = origin ?? new URL('http://localhost:8888');
  const office = site.addresses.registered;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.legalName,
    alternateName: site.name,
    url: base.href,
    logo: new URL('/favicon.svg', base).href,
    email: site.email,
    telephone: site.phones.map((phone) => phone.e164),
    foundingDate: String(site.foundingYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.lines.join(', '),
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.pin,
      addressCountry: 'IN',
    },
    description: site.tagline,
    sameAs: site.social.map((link) => link.href),
  };
}
