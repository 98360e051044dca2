/** Dates as the site shows them: Indian English, India Standard Time (the company is in Pune). */
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** `2026-05-04T20:00:00Z` -> `5 May 2026` (the day in India). */
export function formatIndianDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
