import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The Reports page's address for one report: `#/reports?section=revenue` opens the page at that report. */
export const reportHref = (section: 'debtors' | 'revenue') => `/reports?section=${section}`;

/** Scrolls to the report the address names and moves the focus to its heading (once, when the page opens). */
export function useReportSection() {
  const [params] = useSearchParams();
  const section = params.get('section');
  useEffect(() => {
    if (!section || !/^[a-z-]+$/.test(section)) return;
    const heading = document.getElementById(`${section}-heading`);
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [section]);
}
