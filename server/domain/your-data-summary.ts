import type { AccountData } from './your-data.ts';

/**
 * The export's readable half (decision 610): summary.html, one self-contained page (no script, no
 * outside resource) with a heading per section in the customer's language and every value of
 * data.json under it, so a person sees what a program reads.
 */
type Text = (key: string, params?: Record<string, string>) => string;

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "firstName" → "first name": the field names of data.json, readable. */
const label = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function render(value: unknown, none: string): string {
  if (value === null || value === undefined || value === '') return `<span class="none">${escape(none)}</span>`;
  if (typeof value !== 'object') return escape(String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return `<span class="none">${escape(none)}</span>`;
    if (value.every((item) => typeof item !== 'object' || item === null)) return escape(value.map(String).join(', '));
    return `<ol>${value.map((item) => `<li>${render(item, none)}</li>`).join('')}</ol>`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return `<span class="none">${escape(none)}</span>`;
  return `<dl>${entries.map(([k, v]) => `<div><dt>${escape(label(k))}</dt><dd>${render(v, none)}</dd></div>`).join('')}</dl>`;
}

const SECTIONS = [
  ['profile', 'your_data_file_profile'],
  ['passengers', 'your_data_file_passengers'],
  ['addresses', 'your_data_file_addresses'],
  ['savedCards', 'your_data_file_cards'],
  ['seasonRenewals', 'your_data_file_renewals'],
  ['smartcards', 'your_data_file_smartcards'],
  ['contactPreferences', 'your_data_file_preferences'],
  ['bookings', 'your_data_file_bookings'],
  ['signInProviders', 'your_data_file_providers'],
  ['calendarFeed', 'your_data_file_calendar'],
  ['signInHistory', 'your_data_file_sign_ins'],
  ['emailChangeRequests', 'your_data_file_email_changes'],
] as const satisfies readonly (readonly [keyof AccountData, string])[];

export function summaryHtml(data: AccountData, text: Text, lang: string): string {
  const none = text('your_data_file_none');
  const title = text('your_data_file_title');
  const sections = SECTIONS.map(
    ([key, heading]) => `<section><h2>${escape(text(heading))}</h2>${render(data[key], none)}</section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
h2 { border-top: 1px solid #ccc; padding-top: 1rem; }
dl { margin: 0; } dl div { display: flex; flex-wrap: wrap; gap: 0 1rem; } dt { font-weight: 600; min-width: 12rem; } dd { margin: 0; }
ol { padding-left: 1.25rem; } li { margin-bottom: .75rem; } .none { color: #555; font-style: italic; }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(text('your_data_file_intro', { date: data.preparedAt.slice(0, 10) }))}</p>
${sections}
</body>
</html>
`;
}
