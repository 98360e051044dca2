// @ts-check
/**
 * How the local server starts @netlify/dev: offline by design (features that call Netlify's
 * servers or need other runtimes stay off). `functions` is off for `npm start`, whose functions
 * are served warm (./warm-functions.mjs), and on for the parity test's plain @netlify/dev.
 *
 * @param {string} projectRoot
 * @param {{ functions: boolean }} options
 */
export function netlifyDevOptions(projectRoot, { functions }) {
  return {
    projectRoot,
    aiGateway: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    blobs: { enabled: true },
    functions: { enabled: functions },
    headers: { enabled: true },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
  };
}
