import { useFormatMobile } from '../lib/company.ts';

/**
 * Issue 17, part 10: every mobile the app shows is a `tel:` link (the stored E.164 number), read in the
 * company's national format, never broken across lines in a narrow column. An empty one is a muted dash.
 */
export function MobileLink({ mobile }: { mobile: string | null | undefined }) {
  const formatMobile = useFormatMobile();
  if (!mobile) return <span className="muted">—</span>;
  return (
    <a href={`tel:${mobile.replace(/[^\d+]/g, '')}`} className="tel-link">
      {formatMobile(mobile)}
    </a>
  );
}
