/** Build-time values the integrations define (see each for why). */
interface ImportMetaEnv {
  /** `owner/name` the content editor commits to in GitHub mode; empty in local mode (integrations/keystatic.mjs). */
  readonly KEYSTATIC_GITHUB_REPO?: string;
}
