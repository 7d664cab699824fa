// Pure helpers shared by the parse worker and the mapping loader; no runtime imports, so the worker starts fast.

/** Names compare without case, spaces or punctuation: "ID number", "id_number" and "IDNumber" are one. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'MM/DD/YYYY',
  'YY-MM-DD',
  'YY/MM/DD',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The century is not written in YY: a year after this one must be last century (as in SA ID numbers). */
function fullYear(yy: number): number {
  const current = new Date().getUTCFullYear() % 100;
  return (yy > current ? 1900 : 2000) + yy;
}

/** A date written in the given format (or as YYYY-MM-DD) as YYYY-MM-DD; null when it is not one. */
export function parseDate(text: string, format: DateFormat): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const order = format.split(/[-/.]/);
  const parts = iso ? iso.slice(1) : text.split(/[-/.\s]+/);
  const fields = iso ? ['YYYY', 'MM', 'DD'] : order;
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p ?? ''))) return null;
  const get = (name: string) => Number(parts[fields.indexOf(name)]);
  const long = fields.includes('YYYY');
  const yearText = parts[fields.indexOf(long ? 'YYYY' : 'YY')] ?? '';
  if (yearText.length !== (long ? 4 : 2)) return null;
  const year = long ? get('YYYY') : fullYear(get('YY'));
  const month = get('MM');
  const day = get('DD');
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** YYYY-MM-DD written in the given format: the sample generator fills forms the way people do. */
export function formatDate(iso: string, format: DateFormat): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  const sep = format.includes('/') ? '/' : format.includes('.') ? '.' : '-';
  const byName: Record<string, string> = { YYYY: y, YY: y.slice(2), MM: m, DD: d };
  return format
    .split(/[-/.]/)
    .map((name) => byName[name])
    .join(sep);
}

/** Trimmed, with runs of white space (line breaks of a multi-line form field too) made one space. */
export const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();
