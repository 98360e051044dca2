// @ts-check
/**
 * Astro integration: registers `client:intent` (src/lib/client/intent-directive.ts), which
 * hydrates an island on the visitor's first intent instead of at load or idle (issue 20).
 * @returns {import('astro').AstroIntegration}
 */
export default function clientIntent() {
  return {
    name: 'client-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: './src/lib/client/intent-directive.ts' });
      },
    },
  };
}
